import { type Static, Type } from '@sinclair/typebox'
import { TemplateDefinition } from 'esign-contract'

/**
 * Templates API shapes. The DocuSign wire primitives (tabs, recipients, documents, custom fields,
 * list and details) come from `esign-contract`; this file adds what is specific to this service's
 * routes: create requires a name, and the list's query string.
 */

export {
  EnvelopeTemplate,
  TemplateList,
  TemplateSummary,
  TemplateUpdateSummary,
} from 'esign-contract'

/** Body of `POST /templates`: DocuSign's template definition with a name. */
export const TemplateInput = Type.Object({
  ...TemplateDefinition.properties,
  name: Type.String({ minLength: 1, maxLength: 100 }),
})
export type TemplateInput = Static<typeof TemplateInput>
/** Body of `PUT /templates/{templateId}`: changes only the fields it contains. */
export const TemplateUpdateInput = TemplateDefinition
export type TemplateUpdateInput = Static<typeof TemplateDefinition>

/** `start_position` stops at 2^31 - 1: beyond any row count a list can reach, within every database's integer range. */
export const StartPosition = Type.Integer({
  minimum: 0,
  maximum: 2_147_483_647,
  default: 0,
  description: 'Zero-based index of the first result.',
})

export const TemplateListQuery = Type.Object({
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 100 })),
  start_position: Type.Optional(StartPosition),
  order: Type.Optional(Type.String({ maxLength: 20 })),
  order_by: Type.Optional(Type.String({ maxLength: 20 })),
  search_text: Type.Optional(
    Type.String({
      maxLength: 100,
      description: 'Case-insensitive substring of the name; no control characters.',
    }),
  ),
})
export type TemplateListQuery = Static<typeof TemplateListQuery>
