import { Kind, type TUnsafe, Type, TypeRegistry } from '@sinclair/typebox'

/**
 * DocuSign carries every scalar as a string (`"3"`, `"true"`, `"12.5"`), and bodies are validated
 * without coercion, so `"sequence": 1` is rejected naming the field. These are the string forms.
 */

// Registered so that TypeBox's `Value.Check` (used by clients) understands StringEnum; Ajv reads `enum`.
if (!TypeRegistry.Has('StringEnum')) {
  TypeRegistry.Set<{ enum: readonly string[] }>(
    'StringEnum',
    (schema, value) => typeof value === 'string' && schema.enum.includes(value),
  )
}

/** A string restricted to `values`, as one JSON Schema `enum` (TypeBox's union of literals reads worse in OpenAPI). */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: Record<string, unknown> = {},
) {
  return Type.Unsafe<T[number]>({
    [Kind]: 'StringEnum',
    type: 'string',
    enum: [...values],
    ...options,
  }) as TUnsafe<T[number]>
}

/** A non-negative integer as a string, at most nine digits so that it always fits a 32-bit integer. */
export const Digits = (description: string) => Type.String({ pattern: '^[0-9]{1,9}$', description })

/** `"true"` or `"false"`. */
export const BooleanString = (description?: string) =>
  StringEnum(['true', 'false'] as const, description === undefined ? {} : { description })

/**
 * A `BooleanString` read: `"true"` or `"false"` as given, else `otherwise` (a default, or the value kept
 * when a change leaves the flag out).
 */
export function flagOr<T>(value: string | undefined, otherwise: T): boolean | T {
  return value === undefined ? otherwise : value === 'true'
}

/** A decimal number as a string (positions, offsets, sizes). */
export const DecimalString = (description: string) =>
  Type.String({ pattern: '^-?[0-9]{1,9}(\\.[0-9]{1,6})?$', description })
