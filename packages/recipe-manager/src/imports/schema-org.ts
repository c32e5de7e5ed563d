import type { Recipe } from '../recipes/schema.js'
import {
  bytesOfBase64,
  type Candidate,
  candidate,
  linesOf,
  namesOf,
  plainText,
  servingsOf,
} from './candidate.js'

/**
 * schema.org `Recipe` objects in JSON (JSON-LD on web pages, Nextcloud Cookbook's recipe files, this
 * service's export): reading them into candidates, and writing recipes as them. What is written reads
 * back the same: tags as `keywords` (a list, as names may hold commas), notes as a `comment`.
 */

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isRecipe = (value: Json) => {
  const type = value['@type']
  return Array.isArray(type) ? type.includes('Recipe') : type === 'Recipe'
}

/** Every Recipe object in a JSON-LD document: top level, in a list, in `@graph`, or as a page's main entity. */
export function findRecipes(document: unknown): Json[] {
  const found: Json[] = []
  const visit = (value: unknown, depth: number) => {
    if (depth > 6) return
    if (Array.isArray(value)) for (const item of value) visit(item, depth + 1)
    else if (isObject(value)) {
      if (isRecipe(value)) found.push(value)
      else {
        visit(value['@graph'], depth + 1)
        visit(value.mainEntity, depth + 1)
      }
    }
  }
  visit(document, 0)
  return found
}

/** Steps from a text, a list of texts, HowToStep objects, or HowToSection objects holding steps. */
function stepsOf(value: unknown): string[] {
  if (typeof value === 'string') return linesOf(value)
  if (!Array.isArray(value)) return isObject(value) ? stepsOf([value]) : []
  return value.flatMap((item): string[] => {
    if (typeof item === 'string') return linesOf(item)
    if (!isObject(item)) return []
    if (item.itemListElement !== undefined) return stepsOf(item.itemListElement)
    const text = plainText(item.text ?? item.name)
    return text ? [text] : []
  })
}

const textOf = (value: unknown): unknown => (isObject(value) ? (value.text ?? value.name) : value)

function notesOf(comment: unknown): string | undefined {
  const items = Array.isArray(comment) ? comment : comment === undefined ? [] : [comment]
  const texts = items.map((item) => (typeof textOf(item) === 'string' ? (textOf(item) as string).trim() : ''))
  const joined = texts.filter((text) => text !== '').join('\n\n')
  return joined === '' ? undefined : joined
}

function urlOf(value: Json): unknown {
  const url = value.url ?? value['@id']
  if (typeof url === 'string' && /^https?:/i.test(url)) return url
  const page = value.mainEntityOfPage
  if (typeof page === 'string') return page
  return isObject(page) ? page['@id'] : undefined
}

/** The first of `image`'s forms: a text, a list, an `ImageObject` (its `url` or `contentUrl`). */
function firstImage(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value
  if (typeof first === 'string') return first.trim()
  if (isObject(first)) {
    const url = first.url ?? first.contentUrl
    return typeof url === 'string' ? url.trim() : undefined
  }
  return undefined
}

/** A data URL gives the image itself; an http(s) address (relative to the page) is for downloading. */
function imageOf(value: unknown, pageUrl?: string): { image?: Uint8Array; imageUrl?: string } {
  const image = firstImage(value)
  if (image === undefined || image === '') return {}
  if (image.startsWith('data:')) return { image: bytesOfBase64(image) }
  try {
    const url = new URL(image, pageUrl)
    return url.protocol === 'http:' || url.protocol === 'https:' ? { imageUrl: url.toString() } : {}
  } catch {
    return {}
  }
}

export function candidateFromSchemaOrg(value: Json, pageUrl?: string): Candidate {
  const ingredients = value.recipeIngredient ?? value.ingredients
  return candidate({
    ...imageOf(value.image, pageUrl),
    title: value.name,
    description: value.description,
    ingredients: Array.isArray(ingredients)
      ? ingredients.map(plainText).filter((line) => line !== '')
      : linesOf(ingredients),
    instructions: stepsOf(value.recipeInstructions),
    servings: servingsOf(value.recipeYield),
    sourceUrl: urlOf(value) ?? pageUrl,
    notes: notesOf(value.comment),
    tagNames: namesOf(value.keywords, value.recipeCategory, value.recipeCuisine),
  })
}

/** A recipe as schema.org JSON; its image, when given, as a data URL (so the file stands alone). */
export function recipeToSchemaOrg(recipe: Recipe, image?: Buffer): Json {
  const json: Json = {
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: recipe.title,
    recipeIngredient: recipe.ingredients,
    recipeInstructions: recipe.instructions.map((text) => ({ '@type': 'HowToStep', text })),
    keywords: recipe.tags.map((tag) => tag.name),
    dateCreated: recipe.createdAt,
    dateModified: recipe.updatedAt,
  }
  if (recipe.description !== undefined) json.description = recipe.description
  if (recipe.servings !== undefined) json.recipeYield = String(recipe.servings)
  if (recipe.sourceUrl !== undefined) json.url = recipe.sourceUrl
  if (recipe.notes !== undefined) json.comment = { '@type': 'Comment', text: recipe.notes }
  if (image !== undefined) json.image = `data:image/webp;base64,${image.toString('base64')}`
  return json
}
