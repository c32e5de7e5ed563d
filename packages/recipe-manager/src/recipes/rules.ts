import { codePointLength, hasControlCharacter } from '../characters.js'
import type { Problem } from '../problem.js'

/**
 * The rules of a recipe body, as one pure function shared by the service (which answers 400 with every
 * problem at once) and the web app's form (which shows the same problems before sending). Problems are
 * data: the service renders them in English with `describeProblem`, the web app in the reader's language.
 */

/** Upper bounds on recipe input; each keeps one recipe far below the 1 MiB body limit. */
export const RECIPE_LIMITS = {
  title: 200,
  description: 5_000,
  notes: 10_000,
  sourceUrl: 2_048,
  ingredients: 200,
  ingredient: 500,
  instructions: 200,
  instruction: 5_000,
  tags: 50,
  servings: 10_000,
  search: 200,
} as const

export type { Problem }

/** A validated recipe, trimmed, as stored. */
export interface RecipeDraft {
  title: string
  description?: string
  ingredients: string[]
  instructions: string[]
  servings?: number
  sourceUrl?: string
  notes?: string
  /** Ids of tags, without duplicates (their existence is checked against the database). */
  tags: number[]
}

export type RecipeCheck = { draft: RecipeDraft; problems: [] } | { draft?: undefined; problems: Problem[] }

export function describeProblem(problem: Problem): string {
  const { field } = problem
  switch (problem.rule) {
    case 'body':
      return 'Request body must be a JSON object'
    case 'required':
      return `${field} is required`
    case 'empty':
      return `${field} must not be empty`
    case 'control':
      return `${field} must not contain control characters`
    case 'url':
      return `${field} must be an http or https URL`
    case 'noItems':
      return `${field} must have at least one item`
    case 'type':
      return `${field} must be ${problem.expected === 'integer' || problem.expected === 'array' ? 'an' : 'a'} ${problem.expected}`
    case 'tooLong':
      return `${field} must be at most ${problem.limit} characters`
    case 'tooMany':
      return `${field} must have at most ${problem.limit} items`
    case 'min':
      return `${field} must be >= ${problem.limit}`
    case 'max':
      return `${field} must be <= ${problem.limit}`
  }
}

/** Every problem in one sentence list, the `error` of a 400. */
export const describeProblems = (problems: readonly Problem[]) => problems.map(describeProblem).join('; ')

/** Checks a whole recipe body (anything parsed from JSON) and, when it is valid, the draft to store. */
export function checkRecipeBody(body: unknown): RecipeCheck {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { problems: [{ field: 'body', rule: 'body' }] }
  }
  const input = body as Record<string, unknown>
  const problems: Problem[] = []
  const text = (field: string, value: unknown, maxLength: number, required: boolean): string | undefined => {
    if (value === undefined) {
      if (required) problems.push({ field, rule: 'required' })
      return undefined
    }
    if (typeof value !== 'string') {
      problems.push({ field, rule: 'type', expected: 'string' })
      return undefined
    }
    const trimmed = value.trim()
    if (trimmed === '') {
      if (required) problems.push({ field, rule: 'empty' })
      return undefined
    }
    if (codePointLength(trimmed) > maxLength) problems.push({ field, rule: 'tooLong', limit: maxLength })
    else if (hasControlCharacter(trimmed)) problems.push({ field, rule: 'control' })
    else return trimmed
    return undefined
  }
  const lines = (field: 'ingredients' | 'instructions', maxItems: number, maxLength: number): string[] => {
    const value = input[field]
    if (value === undefined) problems.push({ field, rule: 'required' })
    else if (!Array.isArray(value)) problems.push({ field, rule: 'type', expected: 'array' })
    else if (value.length === 0) problems.push({ field, rule: 'noItems' })
    else if (value.length > maxItems) problems.push({ field, rule: 'tooMany', limit: maxItems })
    else return value.map((item, index) => text(`${field}[${index}]`, item, maxLength, true) ?? '')
    return []
  }
  const integer = (field: string, value: unknown, minimum: number, maximum: number): number | undefined => {
    if (typeof value !== 'number' || !Number.isInteger(value)) {
      problems.push({ field, rule: 'type', expected: 'integer' })
    } else if (value < minimum) problems.push({ field, rule: 'min', limit: minimum })
    else if (value > maximum) problems.push({ field, rule: 'max', limit: maximum })
    else return value
    return undefined
  }

  const title = text('title', input.title, RECIPE_LIMITS.title, true)
  const description = text('description', input.description, RECIPE_LIMITS.description, false)
  const ingredients = lines('ingredients', RECIPE_LIMITS.ingredients, RECIPE_LIMITS.ingredient)
  const instructions = lines('instructions', RECIPE_LIMITS.instructions, RECIPE_LIMITS.instruction)
  const servings =
    input.servings === undefined ? undefined : integer('servings', input.servings, 1, RECIPE_LIMITS.servings)
  let sourceUrl: string | undefined
  if (input.sourceUrl !== undefined) {
    sourceUrl = text('sourceUrl', input.sourceUrl, RECIPE_LIMITS.sourceUrl, true)
    if (sourceUrl !== undefined && !isHttpUrl(sourceUrl)) {
      problems.push({ field: 'sourceUrl', rule: 'url' })
      sourceUrl = undefined
    }
  }
  const notes = text('notes', input.notes, RECIPE_LIMITS.notes, false)
  const tags: number[] = []
  if (input.tags !== undefined) {
    if (!Array.isArray(input.tags)) problems.push({ field: 'tags', rule: 'type', expected: 'array' })
    else if (input.tags.length > RECIPE_LIMITS.tags) {
      problems.push({ field: 'tags', rule: 'tooMany', limit: RECIPE_LIMITS.tags })
    } else {
      input.tags.forEach((tag, index) => {
        const id = integer(`tags[${index}]`, tag, 1, Number.MAX_SAFE_INTEGER)
        if (id !== undefined && !tags.includes(id)) tags.push(id)
      })
    }
  }

  if (problems.length > 0 || title === undefined) return { problems }
  const draft: RecipeDraft = { title, ingredients, instructions, tags }
  if (description !== undefined) draft.description = description
  if (servings !== undefined) draft.servings = servings
  if (sourceUrl !== undefined) draft.sourceUrl = sourceUrl
  if (notes !== undefined) draft.notes = notes
  return { draft, problems: [] }
}

export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}
