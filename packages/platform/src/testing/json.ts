/**
 * The path of the first null in a JSON value (e.g. `body.items[2].name`), or undefined when there is
 * none: the services omit absent fields instead of sending null.
 */
export function findNull(value: unknown, path = 'body'): string | undefined {
  if (value === null) return path
  if (typeof value !== 'object') return undefined
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const found = findNull(item, Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`)
    if (found) return found
  }
  return undefined
}
