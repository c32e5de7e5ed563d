import type { FastifyInstance, FastifyRequest, onRouteHookHandler, preValidationHookHandler } from 'fastify'

/**
 * DocuSign reads request bodies leniently, and integrations written against it rely on that:
 * - an enumerated value matches without regard to case (`"status": "Sent"` is `sent`);
 * - a property name may be spelled in another case: PascalCase (`DocumentId`, `CompositeTemplates`), or
 *   as DocuSign's own examples do (`DocumentID`).
 * Rather than teach every route and service both spellings, a body is rewritten into the canonical
 * form before validation, guided by the route's own JSON Schema (TypeBox schemas are JSON Schema):
 * an enum or string literal is replaced by the literal it equals case-insensitively, and a key is
 * renamed only when the schema declares a property of that name in another case (and not the key
 * itself) and the body lacks that property. Everything else is left for validation to accept or name in a 400, so
 * responses, storage and services only ever see canonical values.
 *
 * Three more DocuSign habits (its examples rely on them): a JSON number or boolean where the schema says
 * string is read as its text (`"clientUserId": 1000` is `"1000"`), the text `"true"` or `"false"` (any
 * case) where it says boolean is that boolean (`"isSigningDefault": "true"`: most of DocuSign's flags
 * are strings, so integrations send them all that way), and `null` where the schema does not admit it
 * means the property is absent. Properties named in `strictStrings` (a contract that requires
 * the string, such as `sequence`) are never converted, so validation still names them.
 */

export interface LenientBodyOptions {
  /** Property names whose values are never converted from a number or boolean to a string. */
  strictStrings?: readonly string[]
}

/** Rewrites a parsed JSON value into its canonical spelling; may return a new value or the same one. */
export type BodyNormaliser = (value: unknown) => unknown

type Schema = Record<string, unknown>

const identity: BodyNormaliser = (value) => value

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The string literals a schema allows (`enum`, `const`, or a union of them), or undefined. */
function stringLiteralsOf(schema: Schema): string[] | undefined {
  if (Array.isArray(schema.enum)) {
    return schema.enum.every((value) => typeof value === 'string') ? (schema.enum as string[]) : undefined
  }
  if (typeof schema.const === 'string') return [schema.const]
  return undefined
}

/**
 * Maps each value to the one literal it equals case-insensitively. A spelling shared by two literals
 * that differ only in case (`SMS`, `sms`) is ambiguous and left as given.
 */
function caseInsensitiveLookup(literals: readonly string[]): BodyNormaliser {
  const exact = new Set(literals)
  const byLowerCase = new Map<string, string | null>()
  for (const literal of literals) {
    const key = literal.toLowerCase()
    byLowerCase.set(key, byLowerCase.has(key) ? null : literal)
  }
  return (value) => {
    // `"shared": true` is the literal "true": DocuSign reads a number or boolean as its text.
    const text = typeof value === 'number' || typeof value === 'boolean' ? String(value) : value
    if (typeof text !== 'string') return value
    if (exact.has(text)) return text
    return byLowerCase.get(text.toLowerCase()) ?? value
  }
}

const jsonTypeOf = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'object'
        ? 'object'
        : typeof value

/** The JSON types a schema admits, from `type` or its shape; empty when it says nothing. */
function declaredTypes(schema: Schema): Set<string> {
  const types = new Set<string>()
  if (typeof schema.type === 'string') types.add(schema.type)
  if (Array.isArray(schema.type)) for (const type of schema.type) types.add(String(type))
  if (types.size === 0 && isSchema(schema.properties)) types.add('object')
  if (types.size === 0 && schema.items !== undefined) types.add('array')
  if (types.has('integer')) types.add('number')
  return types
}

/**
 * Compiles a schema into a normaliser, once per route. Shared subschemas (the same Tab object under
 * every tab list) are compiled once; `cache` also ends recursion through self-referencing schemas.
 */
export function compileBodyNormaliser(root: unknown, options: LenientBodyOptions = {}): BodyNormaliser {
  const cache = new Map<Schema, BodyNormaliser>()
  const strictStrings = new Set(options.strictStrings ?? [])

  function compile(schema: unknown): BodyNormaliser {
    if (!isSchema(schema)) return identity
    const known = cache.get(schema)
    if (known) return known
    let compiled: BodyNormaliser = identity
    // Placeholder first: a schema reached again while compiling itself resolves to the final result.
    cache.set(schema, (value) => compiled(value))
    compiled = build(schema)
    cache.set(schema, compiled)
    return compiled
  }

  function build(schema: Schema): BodyNormaliser {
    const literals = stringLiteralsOf(schema)
    if (literals) return caseInsensitiveLookup(literals)
    const branches = (schema.anyOf ?? schema.oneOf) as unknown
    if (Array.isArray(branches)) return union(branches.filter(isSchema))
    if (Array.isArray(schema.allOf)) {
      const parts = schema.allOf.map(compile)
      return (value) => parts.reduce((current, part) => part(current), value)
    }
    const types = declaredTypes(schema)
    if (types.has('string') && !types.has('number') && !types.has('boolean')) return scalarText
    if (types.has('boolean') && !types.has('string')) return booleanFromText
    if (types.has('object') && isSchema(schema.properties)) return object(schema)
    if (types.has('array') && isSchema(schema.items)) {
      const item = compile(schema.items)
      if (item === identity) return identity
      return (value) => (Array.isArray(value) ? mapArray(value, item) : value)
    }
    return identity
  }

  /** A union: strings against every literal of its branches, other values through the first branch of their type. */
  function union(branches: Schema[]): BodyNormaliser {
    const literals = branches.flatMap((branch) => stringLiteralsOf(branch) ?? [])
    const strings = literals.length > 0 ? caseInsensitiveLookup(literals) : identity
    const structured = branches
      .filter((branch) => stringLiteralsOf(branch) === undefined)
      .map((branch) => ({ types: declaredTypes(branch), normalise: compile(branch) }))
    const takesText = literals.length === 0 && structured.some((branch) => branch.types.has('string'))
    return (value) => {
      if (typeof value === 'string') return strings(value)
      const type = jsonTypeOf(value)
      const branch = structured.find((candidate) => candidate.types.has(type))
      if (branch) return branch.normalise(value)
      return takesText ? scalarText(value) : value
    }
  }

  function object(schema: Schema): BodyNormaliser {
    const properties = schema.properties as Record<string, unknown>
    const byName = new Map<string, BodyNormaliser>()
    for (const [name, property] of Object.entries(properties)) {
      const normalise = compile(property)
      byName.set(name, strictStrings.has(name) && normalise === scalarText ? identity : normalise)
    }
    const admitsNull = new Set(
      Object.entries(properties)
        .filter(([, property]) => isSchema(property) && admitsNullValue(property))
        .map(([name]) => name),
    )
    // Keyed by lower case, so `DocumentId` and DocuSign's own `DocumentID` both find `documentId`; a
    // spelling two declared names share is ambiguous and renames nothing.
    const declaredByLowerCase = new Map<string, string | null>()
    for (const name of byName.keys()) {
      const key = name.toLowerCase()
      declaredByLowerCase.set(key, declaredByLowerCase.has(key) ? null : name)
    }
    const declaredNameOf = (key: string) =>
      byName.has(key) ? undefined : (declaredByLowerCase.get(key.toLowerCase()) ?? undefined)
    const others = isSchema(schema.additionalProperties) ? compile(schema.additionalProperties) : identity
    /** A copy with other spellings renamed, made only when the body has one (rare). */
    const renamedCopy = (value: Record<string, unknown>) => {
      const renamed: Record<string, unknown> = {}
      for (const key of Object.keys(value)) {
        const property = value[key]
        if (property === null && !admitsNull.has(key)) continue
        const normalise = byName.get(key)
        if (normalise) {
          setOwn(renamed, key, normalise(property))
          continue
        }
        const declared = declaredNameOf(key)
        // Two spellings of one name (`Status` and `STATUS`): the first is read, the other left as sent.
        if (declared !== undefined && !Object.hasOwn(value, declared) && !Object.hasOwn(renamed, declared)) {
          setOwn(renamed, declared, (byName.get(declared) as BodyNormaliser)(property))
          continue
        }
        setOwn(renamed, key, others(property))
      }
      return renamed
    }
    // The common case, a body already in canonical spelling, is read in place without allocating, and a
    // keyed store (slow on bodies' many shapes) happens only for a changed value. Normalising is
    // idempotent, so values already rewritten here when a rename turns up are safe to read again.
    return (value) => {
      if (!isPlainObject(value)) return value
      for (const key in value) {
        if (value[key] === null && !admitsNull.has(key)) {
          delete value[key]
          continue
        }
        let normalise = byName.get(key)
        if (normalise === undefined) {
          const declared = declaredNameOf(key)
          if (declared !== undefined && !Object.hasOwn(value, declared)) return renamedCopy(value)
          normalise = others
        }
        if (normalise === identity) continue
        const property = value[key]
        const next = normalise(property)
        if (next !== property) value[key] = next
      }
      return value
    }
  }

  return compile(root)
}

/** A number or boolean where a string is declared, as its text (`1000` is `"1000"`, `true` is `"true"`). */
const scalarText: BodyNormaliser = (value) =>
  (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean' ? String(value) : value

/** `"true"` or `"false"` in any case where a boolean is declared, as that boolean; anything else as given. */
const booleanFromText: BodyNormaliser = (value) => {
  if (typeof value !== 'string') return value
  const lower = value.toLowerCase()
  return lower === 'true' ? true : lower === 'false' ? false : value
}

const admitsNullValue = (schema: Schema): boolean =>
  declaredTypes(schema).has('null') ||
  [schema.anyOf, schema.oneOf].some(
    (branches) =>
      Array.isArray(branches) && branches.some((branch) => isSchema(branch) && admitsNullValue(branch)),
  )

/** Assignment that keeps a `__proto__` key an ordinary property (the JSON parser refuses it anyway). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  else target[key] = value
}

function mapArray(values: unknown[], item: BodyNormaliser): unknown[] {
  for (let index = 0; index < values.length; index++) {
    const next = item(values[index])
    if (next !== values[index]) values[index] = next
  }
  return values
}

/**
 * Every route registered after this call reads its JSON body leniently (see above), before the body
 * is validated. Call it on the root instance before registering routes.
 */
export function installLenientBodies(app: FastifyInstance, options: LenientBodyOptions = {}): void {
  const addNormaliser: onRouteHookHandler = (routeOptions) => {
    const body = routeOptions.schema?.body
    if (!isSchema(body) || isSchema(body.content)) return
    const normalise = compileBodyNormaliser(body, options)
    // A callback hook, as platform's others: an async one costs every request with a body a promise and
    // a microtask turn.
    const hook: preValidationHookHandler = function normaliseBody(request: FastifyRequest, _reply, done) {
      if (request.body !== undefined) request.body = normalise(request.body)
      done()
    }
    const existing = routeOptions.preValidation
    routeOptions.preValidation = existing === undefined ? [hook] : [hook, ...[existing].flat()]
  }
  app.addHook('onRoute', addNormaliser)
}
