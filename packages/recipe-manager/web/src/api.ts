import type { RefusalCode } from '../../src/errors.js'
import type { ImportReport } from '../../src/imports/schema.js'
import type { Problem } from '../../src/recipes/rules.js'
import type { Recipe } from '../../src/recipes/schema.js'
import type { Tag } from '../../src/tags/schema.js'

export type { ImportReport, Recipe, Tag }

/**
 * A refusal of the API: its English `error` message (for the console, never shown), its `code` and, on an
 * `invalid` one, the problems as data; refusal.ts words them for the reader.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: RefusalCode | undefined,
    readonly problems: Problem[],
  ) {
    super(message)
  }
}

async function call<T>(path: string, init?: RequestInit, contentType = 'application/json'): Promise<T> {
  const response = await fetch(path, {
    ...init,
    headers: { accept: 'application/json', ...(init?.body ? { 'content-type': contentType } : {}) },
  })
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>
  if (!response.ok) {
    throw new ApiError(
      response.status,
      typeof body.error === 'string' ? body.error : `HTTP ${response.status}`,
      typeof body.code === 'string' ? (body.code as RefusalCode) : undefined,
      Array.isArray(body.problems) ? (body.problems as Problem[]) : [],
    )
  }
  return body as T
}

export interface ListQuery {
  search: string
  tags: number[]
  offset: number
  limit: number
}

export function listRecipes(query: ListQuery, signal?: AbortSignal) {
  const parameters = new URLSearchParams({ offset: String(query.offset), limit: String(query.limit) })
  if (query.search.trim()) parameters.set('search', query.search.trim())
  for (const tag of query.tags) parameters.append('tag', String(tag))
  // `totalEstimated`: PostgreSQL estimates the total of a search with more than 1,000 matches.
  return call<{ recipes: Recipe[]; total: number; totalEstimated?: true }>(
    `/api/recipes?${parameters}`,
    signal ? { signal } : {},
  )
}

export const getRecipe = (id: number) => call<{ recipe: Recipe }>(`/api/recipes/${id}`)

export const saveRecipe = (body: unknown, id?: number) =>
  call<{ recipe: Recipe }>(id === undefined ? '/api/recipes' : `/api/recipes/${id}`, {
    method: id === undefined ? 'POST' : 'PUT',
    body: JSON.stringify(body),
  })

export const deleteRecipe = (id: number) => call(`/api/recipes/${id}`, { method: 'DELETE' })

/** Sends an image file as it is; the service resizes it. */
export const uploadImage = (id: number, file: Blob) =>
  call<{ recipe: Recipe }>(
    `/api/recipes/${id}/image`,
    { method: 'PUT', body: file },
    file.type || 'application/octet-stream',
  )

/** Has the service download an image (an imported page's). */
export const imageFromUrl = (id: number, url: string) =>
  call<{ recipe: Recipe }>(`/api/recipes/${id}/image`, { method: 'PUT', body: JSON.stringify({ url }) })

export const removeImage = (id: number) =>
  call<{ recipe: Recipe }>(`/api/recipes/${id}/image`, { method: 'DELETE' })

export const listTags = () => call<{ tags: Tag[] }>('/api/tags')

export const createTag = (name: string) =>
  call<{ tag: Tag }>('/api/tags', { method: 'POST', body: JSON.stringify({ name }) })

export const renameTag = (id: number, name: string) =>
  call<{ tag: Tag }>(`/api/tags/${id}`, { method: 'PUT', body: JSON.stringify({ name }) })

export const deleteTag = (id: number) => call(`/api/tags/${id}`, { method: 'DELETE' })

/** How many recipes carry the tag: the total of a one-item page filtered by it. */
export const tagUsage = async (id: number) =>
  (await listRecipes({ search: '', tags: [id], offset: 0, limit: 1 })).total

export interface ImportedDraft {
  draft: {
    title: string
    description?: string
    ingredients: string[]
    instructions: string[]
    servings?: number
    sourceUrl?: string
    notes?: string
  }
  tagNames: string[]
  imageUrl?: string
  duplicateOf?: number
}

export const importUrl = (url: string) =>
  call<ImportedDraft>('/api/imports/url', { method: 'POST', body: JSON.stringify({ url }) })

export const importHtml = (html: string) =>
  call<ImportedDraft>('/api/imports/html', { method: 'POST', body: JSON.stringify({ html }) })

export const importFile = (file: Blob) =>
  call<ImportReport>('/api/imports/files', { method: 'POST', body: file }, 'application/octet-stream')

/** The address of the schema.org JSON export of what a list query matches. */
export function exportAddress(search: string, tags: number[]) {
  const parameters = new URLSearchParams()
  if (search.trim()) parameters.set('search', search.trim())
  for (const tag of tags) parameters.append('tag', String(tag))
  const text = parameters.toString()
  return `/api/recipes/export${text ? `?${text}` : ''}`
}
