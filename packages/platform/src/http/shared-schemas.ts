import { createHash } from 'node:crypto'

/**
 * The routes declare their schemas inline (TypeBox objects reused by reference in the code), so the generated
 * OpenAPI document repeats every shared shape at every use: the envelope service's document was 4.6 MB with
 * a recipient definition written out hundreds of times, and Swagger UI spent tens of seconds resolving it
 * before it drew anything. This moves each shape that occurs more than once into `components.schemas` and
 * points its uses at it with `$ref`, which changes no meaning: resolving every `$ref` gives the input back
 * (the property test checks it).
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }

/** Keywords whose value is one schema. */
const ONE_SCHEMA = new Set([
  'items',
  'not',
  'additionalProperties',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
])
/** Keywords whose value is a list of schemas. */
const SCHEMA_LIST = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems'])
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAP = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs'])

/** A shape is moved only when it is worth a component: a `$ref` to a one-word string would be no smaller. */
const MIN_SHARED_SIZE = 200
/** About what a `{"$ref":"#/components/schemas/<name>"}` and the component's own key cost. */
const REFERENCE_SIZE = 60

interface Seen {
  hash: string
  size: number
  count: number
  hint: string
}

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A schema's subschemas with the name each suggests for a component. */
function* subschemas(schema: JsonObject, hint: string): Generator<[JsonObject, string]> {
  for (const [keyword, value] of Object.entries(schema)) {
    if (ONE_SCHEMA.has(keyword) && isObject(value)) yield [value, keyword === 'items' ? singular(hint) : hint]
    else if (ONE_SCHEMA.has(keyword) && Array.isArray(value))
      for (const item of value) if (isObject(item)) yield [item, singular(hint)]
    if (SCHEMA_LIST.has(keyword) && Array.isArray(value))
      for (const item of value) if (isObject(item)) yield [item, hint]
    if (SCHEMA_MAP.has(keyword) && isObject(value))
      for (const [name, item] of Object.entries(value)) if (isObject(item)) yield [item, name]
  }
}

const singular = (name: string) => (name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.replace(/s$/, ''))

/**
 * Fingerprints every schema bottom-up (a digest of its own keywords and its subschemas' digests), so equal
 * shapes get equal digests in one pass whatever their size.
 */
function fingerprint(
  schema: JsonObject,
  hint: string,
  seen: Map<JsonObject, Seen>,
  byHash: Map<string, Seen>,
): Seen {
  const known = seen.get(schema)
  if (known) {
    known.count++
    return known
  }
  let size = 0
  const children = new Map<JsonObject, string>()
  for (const [child, childHint] of subschemas(schema, hint)) {
    const print = fingerprint(child, childHint, seen, byHash)
    children.set(child, print.hash)
    size += print.size
  }
  const own = JSON.stringify(schema, (key, value) =>
    key !== '' && children.has(value) ? children.get(value) : value,
  )
  size += own.length
  const hash = createHash('sha1').update(own).digest('base64url')
  const shared = byHash.get(hash)
  const entry = shared ?? { hash, size, count: 0, hint }
  entry.count++
  byHash.set(hash, entry)
  seen.set(schema, entry)
  return entry
}

/** Every schema root of an OpenAPI document: the `schema` of parameters, bodies and responses. */
function* schemaRoots(node: Json, hint: string): Generator<[JsonObject, string, JsonObject]> {
  if (Array.isArray(node)) {
    for (const item of node) yield* schemaRoots(item, hint)
    return
  }
  if (!isObject(node)) return
  for (const [key, value] of Object.entries(node)) {
    if (key === 'schema' && isObject(value)) yield [value, hint, node]
    else yield* schemaRoots(value, rootHint(key, hint))
  }
}

/** Names a body or an answer after its path's last word: `recipientsRequest`, `envelopesResponse`. */
function rootHint(key: string, hint: string): string {
  if (key.startsWith('/'))
    return (
      key
        .split('/')
        .filter((part) => part && !part.startsWith('{'))
        .pop() ?? 'root'
    )
  if (key === 'requestBody') return `${hint}Request`
  if (/^\d{3}$/.test(key)) return `${hint}Response`
  return hint
}

/**
 * The shapes to write once: used more than once where they remain after sharing. A shape that occurs twice
 * only inside one shared parent is written once, inside that parent's component, so it stays inline; taking
 * such a parent back out can make its parts shared in turn, hence the repetition until nothing changes.
 */
function sharedShapes(roots: [JsonObject, string, JsonObject][], seen: Map<JsonObject, Seen>): Set<Seen> {
  const shared = new Set(
    [...seen.values()].filter((entry) => entry.count > 1 && entry.size >= MIN_SHARED_SIZE),
  )
  for (;;) {
    const uses = new Map<Seen, number>()
    const visit = (schema: JsonObject, atRoot: boolean) => {
      const entry = seen.get(schema) as Seen
      if (!atRoot && shared.has(entry)) {
        const count = (uses.get(entry) ?? 0) + 1
        uses.set(entry, count)
        if (count > 1) return // its component is written (and its parts counted) once
      }
      for (const [child] of subschemas(schema, '')) visit(child, false)
    }
    for (const [root] of roots) visit(root, false)
    // Worth it when the copies saved outweigh the references written (each about 50 bytes with its name).
    const unused = [...shared].filter((entry) => {
      const count = uses.get(entry) ?? 0
      return count < 2 || (count - 1) * entry.size <= count * REFERENCE_SIZE
    })
    if (unused.length === 0) return shared
    for (const entry of unused) shared.delete(entry)
  }
}

const componentName = (hint: string) => hint.replace(/[^A-Za-z0-9._-]/g, '') || 'schema'

/**
 * Returns the document with every schema shape used more than once (and larger than a few hundred bytes) in
 * `components.schemas`, named after the property that first uses it (`signer`, `signer2`, ...).
 */
type WithSchemas<D> = D & { components?: { schemas?: Record<string, unknown> } }

export function shareRepeatedSchemas<D extends { paths?: unknown; components?: unknown }>(
  document: D,
): WithSchemas<D> {
  const seen = new Map<JsonObject, Seen>()
  const byHash = new Map<string, Seen>()
  const roots = [...schemaRoots(document.paths as Json, 'schema')]
  for (const [root, hint] of roots) fingerprint(root, hint, seen, byHash)
  const shared = sharedShapes(roots, seen)

  const components: Record<string, Json> = {}
  const names = new Map<string, string>()
  const taken = new Set(
    Object.keys(((document.components as JsonObject | undefined)?.schemas as JsonObject) ?? {}),
  )
  const nameOf = (entry: Seen) => {
    let name = names.get(entry.hash)
    if (name) return { name, fresh: false }
    const base = componentName(entry.hint)
    name = base
    for (let n = 2; taken.has(name); n++) name = `${base}${n}`
    taken.add(name)
    names.set(entry.hash, name)
    return { name, fresh: true }
  }

  const rewrite = (schema: JsonObject, atRoot: boolean): Json => {
    const entry = seen.get(schema) as Seen
    if (!atRoot && shared.has(entry)) {
      const { name, fresh } = nameOf(entry)
      if (fresh) components[name] = rewrite(schema, true)
      return { $ref: `#/components/schemas/${name}` }
    }
    const copy: JsonObject = {}
    for (const [keyword, value] of Object.entries(schema)) {
      if (ONE_SCHEMA.has(keyword) && isObject(value)) copy[keyword] = rewrite(value, false)
      else if ((ONE_SCHEMA.has(keyword) || SCHEMA_LIST.has(keyword)) && Array.isArray(value))
        copy[keyword] = value.map((item) => (isObject(item) ? rewrite(item, false) : item))
      else if (SCHEMA_MAP.has(keyword) && isObject(value))
        copy[keyword] = Object.fromEntries(
          Object.entries(value).map(([name, item]) => [name, isObject(item) ? rewrite(item, false) : item]),
        )
      else copy[keyword] = value
    }
    return copy
  }

  // The clone has the same schema roots in the same order; each is replaced by the rewrite of its original,
  // whose fingerprints are known.
  const paths = structuredClone(document.paths) as Json
  const cloneRoots = [...schemaRoots(paths, 'schema')]
  roots.forEach(([root], index) => {
    const holder = cloneRoots[index]?.[2]
    if (holder) holder.schema = rewrite(root, false)
  })
  if (Object.keys(components).length === 0) return document as WithSchemas<D>
  const existing = (document.components ?? {}) as JsonObject
  return {
    ...document,
    paths,
    components: { ...existing, schemas: { ...((existing.schemas as JsonObject) ?? {}), ...components } },
  }
}
