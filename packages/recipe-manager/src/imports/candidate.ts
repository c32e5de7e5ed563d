/**
 * A recipe read from somewhere else (a web page, another app's export), before it is checked by the
 * recipe rules: lists may be empty, text may be long or messy. `tagNames` are names, not ids.
 */
export interface Candidate {
  title: string
  description?: string
  ingredients: string[]
  instructions: string[]
  servings?: number
  sourceUrl?: string
  notes?: string
  tagNames: string[]
  /** The recipe's image, when the export carries it (a data URL, a file beside the recipe). */
  image?: Uint8Array
  /** Where the recipe's image is on the web (a page's schema.org `image`), absolute http(s). */
  imageUrl?: string
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/** Plain text from text that may hold HTML tags and entities (recipe sites put both in JSON-LD). */
export function plainText(value: unknown): string {
  if (typeof value !== 'string') return typeof value === 'number' ? String(value) : ''
  return value
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, entity: string) => {
      if (entity.startsWith('#x') || entity.startsWith('#X'))
        return String.fromCodePoint(Number.parseInt(entity.slice(2), 16))
      if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)))
      return ENTITIES[entity.toLowerCase()] ?? whole
    })
    .replace(/[^\S\n]+/g, ' ')
    .trim()
}

/** Non-blank lines of a text (Paprika keeps ingredients and directions as one text each). */
export const linesOf = (text: unknown) =>
  plainText(text)
    .split(/\n+/)
    .map((line) => line.trim())
    .filter((line) => line !== '')

/** The first whole number in a yield such as `4`, `"4 servings"` or `["4", "4 servings"]`. */
export function servingsOf(value: unknown): number | undefined {
  const text = Array.isArray(value) ? value.map(plainText).join(' ') : plainText(value)
  const match = /\d+/.exec(text)
  const servings = match ? Number(match[0]) : Number.NaN
  return Number.isInteger(servings) && servings >= 1 && servings <= 10_000 ? servings : undefined
}

/** Names from `"a, b"`, `["a", "b"]` or `[{name: "a"}]`, trimmed, without blanks or repeats (ignoring case). */
export function namesOf(...values: unknown[]): string[] {
  const names: string[] = []
  const seen = new Set<string>()
  for (const value of values) {
    const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : []
    for (const item of items) {
      const name = plainText(
        typeof item === 'object' && item !== null ? (item as { name?: unknown }).name : item,
      )
      if (name !== '' && !seen.has(name.toLowerCase())) {
        seen.add(name.toLowerCase())
        names.push(name)
      }
    }
  }
  return names
}

/** Drops absent optional fields, so a candidate has the same shape whatever it came from. */
export function candidate(fields: {
  title: unknown
  description?: unknown
  ingredients: string[]
  instructions: string[]
  servings?: number | undefined
  sourceUrl?: unknown
  notes?: unknown
  tagNames: string[]
  image?: Uint8Array | undefined
  imageUrl?: string | undefined
}): Candidate {
  const result: Candidate = {
    title: plainText(fields.title),
    ingredients: fields.ingredients,
    instructions: fields.instructions,
    tagNames: fields.tagNames,
  }
  const description = plainText(fields.description)
  if (description) result.description = description
  if (fields.servings !== undefined) result.servings = fields.servings
  const sourceUrl = plainText(fields.sourceUrl)
  if (sourceUrl) result.sourceUrl = sourceUrl
  const notes = typeof fields.notes === 'string' ? fields.notes.trim() : ''
  if (notes) result.notes = notes
  if (fields.image !== undefined && fields.image.length > 0) result.image = fields.image
  if (fields.imageUrl !== undefined) result.imageUrl = fields.imageUrl
  return result
}

/** The bytes of a base64 text (Paprika's `photo_data`), or of a `data:` URL holding base64. */
export function bytesOfBase64(value: unknown): Uint8Array | undefined {
  if (typeof value !== 'string' || value === '') return undefined
  const base64 = value.startsWith('data:') ? /^data:[^,]*;base64,(.*)$/s.exec(value)?.[1] : value
  if (base64 === undefined || !/^[A-Za-z0-9+/=\s]+$/.test(base64)) return undefined
  return Buffer.from(base64, 'base64')
}
