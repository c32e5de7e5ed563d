import { type TSchema, type TUnsafe, Type } from '@sinclair/typebox'

/**
 * A string restricted to a set of values, as a plain JSON Schema `enum` (clearer error messages and
 * OpenAPI output than a union of literals).
 */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: Record<string, unknown> = {},
) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options }) as TUnsafe<T[number]>
}

/** Marks a schema nullable in OpenAPI 3.1 terms; use only for input that tolerates `null`. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])
