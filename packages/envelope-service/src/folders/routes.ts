import { type Static, Type } from '@sinclair/typebox'
import {
  ENVELOPE_STATUSES,
  type EnvelopeStatus,
  ErrorDetails,
  FolderItemsResponse,
  FoldersRequest,
  FoldersResponse,
} from 'esign-contract'
import { type App, InvalidRequestError } from 'platform'
import type { ServiceContext } from '../context.js'
import { requirePermission } from '../rest/account-scope.js'
import { StartPosition } from '../templates/schema.js'
import { listFolderEnvelopes, listFolders, moveEnvelopes } from './service.js'

const ErrorBody = ErrorDetails
const common = { tags: ['Folders'], security: [{ bearer: [] }] }
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody }

const FolderParams = Type.Object({ accountId: Type.String(), folderId: Type.String({ maxLength: 100 }) })

const FolderItemsQuery = Type.Object({
  from_date: Type.Optional(
    Type.String({ maxLength: 64, description: 'A date (years 1 to 9999); defaults to 30 days ago.' }),
  ),
  to_date: Type.Optional(Type.String({ maxLength: 64, description: 'A date (years 1 to 9999).' })),
  status: Type.Optional(
    Type.String({ maxLength: 200, description: 'Comma list of envelope statuses, or `any`.' }),
  ),
  search_text: Type.Optional(
    Type.String({
      maxLength: 200,
      description: 'Matches the subject, sender name, recipient names and emails, custom field values.',
    }),
  ),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  start_position: Type.Optional(StartPosition),
})
type FolderItemsQuery = Static<typeof FolderItemsQuery>

/** Stored times are ISO text compared as text, so a bound must be an ISO time within years 1..9999. */
function parseDate(value: string, field: string): string {
  const time = Date.parse(value)
  if (Number.isNaN(time)) throw new InvalidRequestError(`${field} must be a valid date`)
  const year = new Date(time).getUTCFullYear()
  if (year < 1 || year > 9999) throw new InvalidRequestError(`${field} must be a date in the years 1 to 9999`)
  return new Date(time).toISOString()
}

function parseStatuses(value: string | undefined): EnvelopeStatus[] | undefined {
  if (value === undefined) return undefined
  const listed = value
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item !== '')
  if (listed.length === 0 || listed.includes('any')) return undefined
  for (const status of listed) {
    if (!(ENVELOPE_STATUSES as readonly string[]).includes(status)) {
      throw new InvalidRequestError(
        `status must list envelope statuses (${ENVELOPE_STATUSES.join(', ')}) or be 'any'`,
      )
    }
  }
  return listed as EnvelopeStatus[]
}

/** `/folders`: the system folders, the envelopes in one, and moving envelopes (delete, restore). */
export async function folderRoutes(app: App, ctx: ServiceContext) {
  app.get(
    '/folders',
    {
      schema: {
        ...common,
        summary: 'List the folders: Draft, Inbox, Deleted Items (recyclebin) and Sent Items',
        response: { 200: FoldersResponse, ...errors },
      },
    },
    async (request) => listFolders(ctx, request.principal),
  )

  app.get(
    '/folders/:folderId',
    {
      schema: {
        ...common,
        summary: 'List the envelopes in a folder',
        description:
          'The folder id is its type (`draft`, `inbox`, `recyclebin`, `sentitems`, any case). Envelopes whose ' +
          'status changed from `from_date` (default: 30 days ago) to `to_date`, most recent first.',
        params: FolderParams,
        querystring: FolderItemsQuery,
        response: { 200: FolderItemsResponse, ...errors },
      },
    },
    async (request) => {
      const query: FolderItemsQuery = request.query
      const start = query.start_position ?? 0
      const count = query.count ?? 100
      const statuses = parseStatuses(query.status)
      const pageUri = (position: number) => {
        const params = new URLSearchParams(query as Record<string, string>)
        params.set('start_position', String(position))
        params.set('count', String(count))
        return `/folders/${encodeURIComponent(request.params.folderId)}?${params.toString()}`
      }
      return listFolderEnvelopes(
        ctx,
        request.principal,
        request.params.folderId,
        {
          ...(query.from_date === undefined ? {} : { fromDate: parseDate(query.from_date, 'from_date') }),
          ...(query.to_date === undefined ? {} : { toDate: parseDate(query.to_date, 'to_date') }),
          ...(statuses ? { statuses } : {}),
          ...(query.search_text === undefined ? {} : { searchText: query.search_text.trim() }),
          start,
          count,
        },
        pageUri,
      )
    },
  )

  app.put(
    '/folders/:folderId',
    {
      preHandler: requirePermission('send_envelopes'),
      schema: {
        ...common,
        summary: 'Move envelopes to a folder: `recyclebin` deletes them, another folder restores them',
        description:
          'Deleting an envelope in flight (sent or delivered) voids it. Envelopes stay in the recycle bin ' +
          'until restored or purged, RECYCLE_BIN_RETENTION_DAYS after they were deleted.',
        params: FolderParams,
        body: FoldersRequest,
        response: { 200: Type.Object({}), ...errors, 409: ErrorBody },
      },
    },
    async (request) => {
      await moveEnvelopes(ctx, request.principal, request.params.folderId, request.body)
      return {}
    },
  )
}
