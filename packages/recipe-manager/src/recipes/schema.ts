import { type Static, Type } from '@sinclair/typebox'
import { Tag } from '../tags/schema.js'
import { RECIPE_LIMITS } from './rules.js'

export { RECIPE_LIMITS }

export const RecipeBody = Type.Object({
  title: Type.String({
    description: `Trimmed; 1 to ${RECIPE_LIMITS.title} characters`,
    examples: ['Arepas de queso'],
  }),
  description: Type.Optional(Type.String({ maxLength: RECIPE_LIMITS.description })),
  ingredients: Type.Array(Type.String({ maxLength: RECIPE_LIMITS.ingredient }), {
    minItems: 1,
    maxItems: RECIPE_LIMITS.ingredients,
    description: 'Non-empty strings, at least one',
  }),
  instructions: Type.Array(Type.String({ maxLength: RECIPE_LIMITS.instruction }), {
    minItems: 1,
    maxItems: RECIPE_LIMITS.instructions,
    description: 'Non-empty strings, at least one',
  }),
  servings: Type.Optional(Type.Integer({ minimum: 1, maximum: RECIPE_LIMITS.servings })),
  sourceUrl: Type.Optional(
    Type.String({ maxLength: RECIPE_LIMITS.sourceUrl, description: 'An http or https URL' }),
  ),
  notes: Type.Optional(Type.String({ maxLength: RECIPE_LIMITS.notes })),
  tags: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), {
      maxItems: RECIPE_LIMITS.tags,
      description: 'Ids of existing tags; duplicates are ignored',
    }),
  ),
})
export type RecipeBody = Static<typeof RecipeBody>

export const RecipeImage = Type.Object(
  {
    url: Type.String({ description: 'The image, at most 1200 px on its longer side (WebP)' }),
    thumbnailUrl: Type.String({ description: 'A 400 × 400 px crop of it (WebP)' }),
    width: Type.Integer(),
    height: Type.Integer(),
  },
  {
    description:
      'Set through PUT /api/recipes/{id}/image. The addresses contain the content hash: cache them for good.',
  },
)

export const Recipe = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.Optional(Type.String()),
  ingredients: Type.Array(Type.String()),
  instructions: Type.Array(Type.String()),
  servings: Type.Optional(Type.Integer()),
  tags: Type.Array(Tag, { description: 'Always present, possibly empty, ordered by name' }),
  sourceUrl: Type.Optional(Type.String()),
  notes: Type.Optional(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  image: Type.Optional(RecipeImage),
})
export type Recipe = Static<typeof Recipe>

export const RecipeResponse = Type.Object({ recipe: Recipe })

export const ListRecipesQuery = Type.Object({
  search: Type.Optional(
    Type.String({
      maxLength: RECIPE_LIMITS.search,
      description:
        'Substring of the title, description or an ingredient, ignoring case and accents (`creme` finds "Crème")',
    }),
  ),
  tag: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), {
      maxItems: 10,
      description: 'Tag ids, repeatable (`tag=1&tag=2`): only recipes having every one of them',
    }),
  ),
  offset: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, default: 0 }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
})
export type ListRecipesQuery = Static<typeof ListRecipesQuery>

export const RecipeListResponse = Type.Object({
  recipes: Type.Array(Recipe, {
    description: 'Newest first: the reverse of the order the recipes were added in (by id)',
  }),
  total: Type.Integer({ description: 'Number of recipes matching the search and tags, across all pages' }),
  totalEstimated: Type.Optional(
    Type.Literal(true, {
      description:
        'Present when `total` is an estimate: on PostgreSQL a search matching more than 1,000 recipes is counted exactly only that far. Page until a short page rather than to `total`.',
    }),
  ),
})
