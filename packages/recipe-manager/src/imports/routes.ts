import { type App, InvalidRequestError } from 'platform'
import type { ServiceContext } from '../context.js'
import { errorResponses } from '../schemas.js'
import {
  ExportQuery,
  ExportResponse,
  HtmlImportBody,
  ImportDraftResponse,
  ImportReportResponse,
  UrlImportBody,
} from './schema.js'
import { draftFromHtml, draftFromUrl, exportRecipes, importFile } from './service.js'

const tags = ['import and export']

/** Export files of a few thousand recipes, with their text, fit well within this. */
const FILE_LIMIT_BYTES = 50 * 1024 * 1024

export async function importRoutes(app: App, ctx: ServiceContext) {
  // Only these routes take raw bytes: an export file as it was downloaded (zip or JSON).
  app.addContentTypeParser(
    ['application/octet-stream', 'application/zip'],
    { parseAs: 'buffer', bodyLimit: FILE_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  )

  app.post(
    '/imports/url',
    {
      schema: {
        tags,
        summary: 'Read the recipe of a web page (schema.org JSON-LD, else microdata) into a draft to review',
        description:
          'The server fetches the page (10 s, 5 MiB at most). Loopback and private addresses are refused unless IMPORT_ALLOW_PRIVATE_URLS is set.',
        body: UrlImportBody,
        response: { 200: ImportDraftResponse, ...errorResponses(400) },
      },
    },
    async (request) => draftFromUrl(ctx, request.body.url),
  )

  app.post(
    '/imports/html',
    {
      schema: {
        tags,
        summary: 'Read the recipe of pasted HTML into a draft to review',
        body: HtmlImportBody,
        response: { 200: ImportDraftResponse, ...errorResponses(400, 413) },
      },
    },
    async (request) => draftFromHtml(ctx, request.body.html, request.body.url),
  )

  app.post(
    '/imports/files',
    {
      schema: {
        tags,
        summary:
          'Import an export file: schema.org JSON (also Nextcloud Cookbook), Mealie, Paprika or Tandoor',
        description:
          'Send the file as it is, as application/octet-stream (or application/zip). Reports each recipe created and each skipped, with why.',
        consumes: ['application/octet-stream', 'application/zip'],
        response: { 200: ImportReportResponse, ...errorResponses(400, 413, 415) },
      },
    },
    async (request) => {
      const file = request.body
      if (!Buffer.isBuffer(file) || file.length === 0) {
        throw new InvalidRequestError('Send the export file as the body, as application/octet-stream')
      }
      return importFile(ctx, file)
    },
  )

  app.get(
    '/recipes/export',
    {
      schema: {
        tags,
        summary: 'Export recipes (all, or those matching search and tags) as schema.org JSON',
        querystring: ExportQuery,
        response: { 200: ExportResponse, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      reply.header('content-disposition', 'attachment; filename="recipes.json"')
      return exportRecipes(ctx, request.query)
    },
  )
}
