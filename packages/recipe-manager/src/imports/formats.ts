import { gunzipSync, strFromU8, unzipSync } from 'fflate'
import { formatAmount } from '../scaling/quantities.js'
import {
  bytesOfBase64,
  type Candidate,
  candidate,
  linesOf,
  namesOf,
  plainText,
  servingsOf,
} from './candidate.js'
import { candidateFromSchemaOrg, findRecipes } from './schema-org.js'

/**
 * Reading other apps' exports into candidates. Each format is recognised by its shape, so a person
 * uploads the file as it came:
 * - schema.org JSON: a `Recipe` object or a list of them (also Nextcloud Cookbook's `recipe.json`,
 *   alone or as folders in a zip);
 * - Mealie: a zip with `recipes/<slug>/<slug>.json` (Mealie's recipe model, snake_case or camelCase);
 * - Paprika: `.paprikarecipes`, a zip of `.paprikarecipe` entries, each one gzipped JSON recipe;
 * - Tandoor: a zip of zips, each holding `recipe.json` (steps carry the ingredients).
 * Every entry that cannot be read is reported with its name and why; the others still import.
 */

export interface ReadEntry {
  /** Where it came from: the file entry, or the position in a list. */
  label: string
  candidate?: Candidate
  failure?: string
}

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

/**
 * At most this many bytes come out of one uploaded file, every entry, nested archive and gzipped Paprika
 * recipe together. A real export is mostly JSON (a few times smaller zipped) and images (already
 * compressed); a 2 MB zip of zeros declared 2 GB and the import allocated it all (the service's memory
 * went to 2.9 GB and its event loop stopped for 10 s), so a 50 MB upload could exhaust the machine.
 */
export const EXPANDED_LIMIT_BYTES = 256 * 1024 * 1024

/** The file expands to more than `EXPANDED_LIMIT_BYTES`: nothing of it is imported. */
export class ArchiveTooLargeError extends Error {
  constructor() {
    super(
      `the file expands to more than ${EXPANDED_LIMIT_BYTES / 1024 / 1024} MiB when unpacked; split the export into smaller files`,
    )
  }
}

/**
 * Counts what unpacking will allocate, before it does: fflate allocates each entry at the size its zip
 * directory (or its gzip trailer) declares and stops there, so the declared sizes bound the memory even
 * when they lie.
 */
class Expansion {
  private used = 0
  take(bytes: number) {
    this.used += bytes
    if (this.used > EXPANDED_LIMIT_BYTES) throw new ArchiveTooLargeError()
  }
  /** Unzips, counting every entry's declared size before it is inflated. */
  unzip(bytes: Uint8Array): Record<string, Uint8Array> {
    return unzipSync(bytes, {
      filter: (file) => {
        this.take(file.originalSize)
        return true
      },
    })
  }
  /** Counts a nested zip's entries without inflating them. */
  countZip(bytes: Uint8Array) {
    try {
      unzipSync(bytes, {
        filter: (file) => {
          this.take(file.originalSize)
          return false
        },
      })
    } catch (error) {
      if (error instanceof ArchiveTooLargeError) throw error
      // An unreadable nested archive is reported when its entry is read.
    }
  }
  /** Counts a gzip member's size, from its trailer (the size modulo 2^32, as fflate reads it). */
  countGzip(bytes: Uint8Array) {
    if (bytes.length >= 18)
      this.take(new DataView(bytes.buffer, bytes.byteOffset, bytes.length).getUint32(bytes.length - 4, true))
  }
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]
const isZip = (bytes: Uint8Array) => ZIP_MAGIC.every((byte, index) => bytes[index] === byte)

/**
 * The file's entries, each read into a candidate only when the caller takes it: the file is parsed (or
 * unzipped) at once, but an import that pauses between recipes (service.ts) then pauses between their
 * conversions too. Converting 1,000 schema.org recipes took 56–114 ms in one piece, parsing the file 9 ms.
 */
export function* readExport(bytes: Uint8Array): Generator<ReadEntry> {
  if (isZip(bytes)) yield* readZip(bytes)
  else yield* readJsonEntries('file', strFromU8(bytes))
}

function* readZip(bytes: Uint8Array): Generator<ReadEntry> {
  const expansion = new Expansion()
  let files: Record<string, Uint8Array>
  try {
    files = expansion.unzip(bytes)
  } catch (error) {
    if (error instanceof ArchiveTooLargeError) throw error
    yield { label: 'file', failure: 'not a readable zip archive' }
    return
  }
  const names = Object.keys(files).filter(
    (name) => !name.endsWith('/') && !name.split('/').some((part) => part.startsWith('.')),
  )
  // Everything nested is counted before the first recipe is handed over, so a file too large when
  // unpacked is refused whole rather than after some of its recipes.
  for (const name of names) {
    const data = files[name] as Uint8Array
    if (name.endsWith('.paprikarecipe')) expansion.countGzip(data)
    else if (name.endsWith('.zip')) expansion.countZip(data)
  }
  let read = 0
  for (const name of names) {
    const data = files[name] as Uint8Array
    const entries = name.endsWith('.paprikarecipe')
      ? [guarded(name, () => paprika(JSON.parse(strFromU8(gunzipSync(data)))))]
      : name.endsWith('.zip')
        ? tandoorZip(name, data)
        : name.endsWith('.json')
          ? withImage([...readJsonEntries(name, strFromU8(data))], mealieImage(files, name))
          : []
    read += entries.length
    yield* entries
  }
  if (read === 0) yield { label: 'file', failure: 'the archive holds no recipe this service can read' }
}

/** Mealie keeps a recipe's image beside its JSON: `recipes/<slug>/images/original.webp`. */
function mealieImage(files: Record<string, Uint8Array>, jsonName: string): Uint8Array | undefined {
  const folder = jsonName.slice(0, jsonName.lastIndexOf('/') + 1)
  if (folder === '') return undefined
  const image = Object.keys(files).find((name) => name.startsWith(`${folder}images/original.`))
  return image === undefined ? undefined : files[image]
}

/** Gives the one recipe read from a file the image found beside it (not when the file held several). */
function withImage(entries: ReadEntry[], image: Uint8Array | undefined): ReadEntry[] {
  const only = entries[0]?.candidate
  if (image !== undefined && entries.length === 1 && only && only.image === undefined) only.image = image
  return entries
}

function tandoorZip(name: string, data: Uint8Array): ReadEntry[] {
  let files: Record<string, Uint8Array>
  try {
    files = unzipSync(data)
  } catch {
    return [{ label: name, failure: 'not a readable zip archive' }]
  }
  const json = Object.keys(files).find((entry) => entry.endsWith('.json'))
  if (json === undefined) return [{ label: name, failure: 'no recipe.json inside' }]
  // Tandoor writes the image beside recipe.json as image.<extension>.
  const image = Object.keys(files).find((entry) => /(^|\/)image\.[a-z]+$/i.test(entry))
  return withImage(
    [guarded(name, () => tandoor(JSON.parse(strFromU8(files[json] as Uint8Array))))],
    image === undefined ? undefined : files[image],
  )
}

function* readJsonEntries(label: string, text: string): Generator<ReadEntry> {
  let document: unknown
  try {
    document = JSON.parse(text)
  } catch {
    yield { label, failure: 'not valid JSON' }
    return
  }
  const recipes = findRecipes(document)
  if (recipes.length > 0) {
    for (const [index, recipe] of recipes.entries()) {
      yield guarded(recipes.length > 1 ? `${label}[${index}]` : label, () => candidateFromSchemaOrg(recipe))
    }
    return
  }
  const items = Array.isArray(document) ? document : [document]
  for (const [index, item] of items.entries()) {
    yield guarded(items.length > 1 ? `${label}[${index}]` : label, () => {
      if (!isObject(item)) throw new Error('not a recipe object')
      if (item.steps !== undefined && item.keywords !== undefined) return tandoor(item)
      if (typeof item.directions === 'string' || typeof item.ingredients === 'string') return paprika(item)
      if (item.recipe_ingredient !== undefined || item.recipeIngredient !== undefined) return mealie(item)
      throw new Error('not a recipe in a known format')
    })
  }
}

function guarded(label: string, read: () => Candidate): ReadEntry {
  try {
    return { label, candidate: read() }
  } catch (error) {
    return { label, failure: error instanceof SyntaxError ? 'not valid JSON' : (error as Error).message }
  }
}

function mealieIngredient(item: unknown): string {
  if (!isObject(item)) return plainText(item)
  const shown = plainText(item.display ?? item.original_text ?? item.originalText)
  if (shown) return shown
  const quantity =
    typeof item.quantity === 'number' && item.quantity > 0 ? formatAmount(item.quantity, 'ascii') : ''
  const unit = isObject(item.unit) ? plainText(item.unit.name) : ''
  const food = isObject(item.food) ? plainText(item.food.name) : ''
  return [quantity, unit, food, plainText(item.note)].filter((part) => part !== '').join(' ')
}

function mealie(item: Json): Candidate {
  const notes = list(item.notes)
    .filter(isObject)
    .map((note) =>
      [plainText(note.title), typeof note.text === 'string' ? note.text.trim() : '']
        .filter(Boolean)
        .join(': '),
    )
    .filter((note) => note !== '')
  const servings =
    typeof item.recipe_servings === 'number' && item.recipe_servings >= 1
      ? Math.round(item.recipe_servings)
      : undefined
  return candidate({
    title: item.name,
    description: item.description,
    ingredients: list(item.recipe_ingredient ?? item.recipeIngredient)
      .map(mealieIngredient)
      .filter((line) => line !== ''),
    instructions: list(item.recipe_instructions ?? item.recipeInstructions)
      .map((step) => plainText(isObject(step) ? step.text : step))
      .filter((step) => step !== ''),
    servings: servings ?? servingsOf(item.recipe_yield ?? item.recipeYield),
    sourceUrl: item.org_url ?? item.orgURL,
    notes: notes.join('\n\n'),
    tagNames: namesOf(item.tags, item.recipe_category ?? item.recipeCategory),
  })
}

function paprika(item: unknown): Candidate {
  if (!isObject(item)) throw new Error('not a recipe object')
  return candidate({
    title: item.name,
    description: item.description,
    ingredients: linesOf(item.ingredients),
    // Paprika users often number their directions by hand; the app numbers steps itself.
    instructions: linesOf(item.directions).map((line) => line.replace(/^\d+[.)]\s+/, '')),
    servings: servingsOf(item.servings),
    sourceUrl: item.source_url,
    notes: item.notes,
    tagNames: namesOf(item.categories),
    image: bytesOfBase64(item.photo_data),
  })
}

function tandoorIngredient(item: Json): string {
  const amount =
    item.no_amount === true || typeof item.amount !== 'number' || item.amount <= 0
      ? ''
      : formatAmount(item.amount, 'ascii')
  const unit = isObject(item.unit) ? plainText(item.unit.name) : ''
  const food = isObject(item.food) ? plainText(item.food.name) : ''
  const line = [amount, unit, food].filter((part) => part !== '').join(' ')
  const note = plainText(item.note)
  return note ? `${line}, ${note}` : line
}

function tandoor(item: unknown): Candidate {
  if (!isObject(item)) throw new Error('not a recipe object')
  const steps = list(item.steps).filter(isObject)
  return candidate({
    title: item.name,
    description: item.description,
    ingredients: steps.flatMap((step) =>
      list(step.ingredients)
        .filter((ingredient): ingredient is Json => isObject(ingredient) && ingredient.is_header !== true)
        .map(tandoorIngredient)
        .filter((line) => line !== ''),
    ),
    instructions: steps
      .map((step) => (typeof step.instruction === 'string' ? step.instruction.trim() : ''))
      .filter(Boolean),
    servings: servingsOf(item.servings),
    sourceUrl: item.source_url,
    tagNames: namesOf(item.keywords),
  })
}
