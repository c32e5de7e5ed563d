type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/**
 * An OpenAPI document with every `$ref` to `#/components/schemas/<name>` replaced by the component itself,
 * for tests that look into a route's schema: the served document writes shared shapes once, in components.
 */
export function resolveSchemaReferences<T>(document: T): T {
  const schemas = ((document as { components?: { schemas?: Record<string, Json> } }).components?.schemas ??
    {}) as Record<string, Json>
  const resolve = (node: Json, depth: number): Json => {
    if (depth > 500) throw new Error('a reference cycle in the OpenAPI document')
    if (Array.isArray(node)) return node.map((item) => resolve(item, depth + 1))
    if (typeof node !== 'object' || node === null) return node
    const ref = node.$ref
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      const target = schemas[ref.slice('#/components/schemas/'.length)]
      if (target === undefined) throw new Error(`${ref} names no component`)
      return resolve(target, depth + 1)
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolve(value, depth + 1)]))
  }
  return resolve(document as Json, 0) as T
}
