import { type Static, Type } from '@sinclair/typebox'
import { ProblemSchema } from '../problem.js'
import { RECIPE_LIMITS } from '../recipes/rules.js'

export const UrlImportBody = Type.Object({
  url: Type.String({
    maxLength: RECIPE_LIMITS.sourceUrl,
    description: 'An http or https page holding a schema.org Recipe',
  }),
})

export const HtmlImportBody = Type.Object({
  html: Type.String({ maxLength: 900_000, description: 'The HTML of a recipe page' }),
  url: Type.Optional(
    Type.String({ maxLength: RECIPE_LIMITS.sourceUrl, description: 'Where the page came from' }),
  ),
})

export const ImportDraftResponse = Type.Object({
  draft: Type.Object(
    {
      title: Type.String(),
      description: Type.Optional(Type.String()),
      ingredients: Type.Array(Type.String()),
      instructions: Type.Array(Type.String()),
      servings: Type.Optional(Type.Integer()),
      sourceUrl: Type.Optional(Type.String()),
      notes: Type.Optional(Type.String()),
    },
    { description: 'A recipe body to review and send to POST /api/recipes; it is not saved yet' },
  ),
  tagNames: Type.Array(Type.String(), { description: 'Keywords and categories of the page' }),
  imageUrl: Type.Optional(
    Type.String({
      description:
        'The page\'s recipe image; once the recipe is saved, send it to PUT /api/recipes/{id}/image as {"url": ...}',
    }),
  ),
  duplicateOf: Type.Optional(
    Type.Integer({ description: 'A recipe already saved from the same page (same normalized source link)' }),
  ),
})

export const ImportReportResponse = Type.Object({
  created: Type.Array(
    Type.Object({
      label: Type.String(),
      id: Type.Integer(),
      title: Type.String(),
      imageSkipped: Type.Optional(
        Type.String({ description: 'The recipe was created without the image it carried, and why' }),
      ),
    }),
  ),
  skipped: Type.Array(
    Type.Object({
      label: Type.String({ description: 'The file entry or list position' }),
      title: Type.Optional(Type.String()),
      reason: Type.String({ description: 'Why, in English' }),
      code: Type.Union([Type.Literal('unreadable'), Type.Literal('invalid'), Type.Literal('duplicate')], {
        description:
          '`unreadable`: not a recipe this service can read; `invalid`: it breaks the recipe rules ' +
          '(`problems`); `duplicate`: a recipe from the same source link exists (`recipeId`)',
      }),
      problems: Type.Optional(Type.Array(ProblemSchema)),
      recipeId: Type.Optional(Type.Integer({ description: 'The recipe with the same source link' })),
    }),
  ),
})

export type ImportReport = Static<typeof ImportReportResponse>

export const ExportQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: RECIPE_LIMITS.search })),
  tag: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), { maxItems: 10 }),
  ),
})

export const ExportResponse = Type.Array(Type.Record(Type.String(), Type.Unknown()), {
  description:
    'schema.org Recipe objects (tags as keywords, notes as a comment); POST /api/imports/files reads it back',
})
