import { type Static, Type } from '@sinclair/typebox'
import { BooleanString } from './scalars.js'

/** Envelope custom fields (metadata the sender attaches): free text, or a value from a list. */

export const MAX_CUSTOM_FIELDS = 100

export const TextCustomField = Type.Object({
  fieldId: Type.Optional(Type.String({ maxLength: 50 })),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  value: Type.Optional(Type.String({ maxLength: 4000 })),
  show: Type.Optional(BooleanString('Whether recipients see the field.')),
  required: Type.Optional(BooleanString('Whether the sender must fill the field.')),
})
export type TextCustomField = Static<typeof TextCustomField>

export const ListCustomField = Type.Object({
  fieldId: Type.Optional(Type.String({ maxLength: 50 })),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  value: Type.Optional(Type.String({ maxLength: 4000, description: 'One of `listItems`, or empty.' })),
  listItems: Type.Optional(Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 200 })),
  show: Type.Optional(BooleanString('Whether recipients see the field.')),
  required: Type.Optional(BooleanString('Whether the sender must fill the field.')),
})
export type ListCustomField = Static<typeof ListCustomField>

export const CustomFields = Type.Object({
  textCustomFields: Type.Optional(Type.Array(TextCustomField, { maxItems: MAX_CUSTOM_FIELDS })),
  listCustomFields: Type.Optional(Type.Array(ListCustomField, { maxItems: MAX_CUSTOM_FIELDS })),
})
export type CustomFields = Static<typeof CustomFields>

/** As returned: every field present. `fieldId` only where the field is stored with one (envelopes). */
export const CustomFieldsOutput = Type.Object({
  textCustomFields: Type.Array(
    Type.Object({
      fieldId: Type.Optional(Type.String()),
      name: Type.String(),
      value: Type.String(),
      show: Type.String(),
      required: Type.String(),
    }),
  ),
  listCustomFields: Type.Array(
    Type.Object({
      fieldId: Type.Optional(Type.String()),
      name: Type.String(),
      value: Type.String(),
      listItems: Type.Array(Type.String()),
      show: Type.String(),
      required: Type.String(),
    }),
  ),
})
export type CustomFieldsOutput = Static<typeof CustomFieldsOutput>
