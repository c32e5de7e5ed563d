import { type Static, Type } from '@sinclair/typebox'
import {
  type CompositeTemplate,
  EnvelopeDefinition,
  type EnvelopeRecipients,
  type TemplateRole,
} from 'esign-contract'
import { StartPosition } from '../templates/schema.js'

/**
 * Envelopes API shapes. The DocuSign wire primitives (the envelope definition, recipients, tabs,
 * documents, custom fields, responses) come from `esign-contract`; this file adds the routes' params
 * and query strings.
 */

export {
  CustomFieldsOutput,
  Envelope as EnvelopeOutput,
  EnvelopeDocumentOutput,
  EnvelopeDocumentsOutput,
  EnvelopeIdsRequest,
  EnvelopeSummary,
  EnvelopesInformation,
  RecipientOutput,
  RecipientsOutput,
} from 'esign-contract'

export const EnvelopeDefinitionInput = EnvelopeDefinition
export type EnvelopeDefinitionInput = Static<typeof EnvelopeDefinition>
export type CompositeTemplateInput = Static<typeof CompositeTemplate>
export type RecipientsInput = Static<typeof EnvelopeRecipients>
export type TemplateRoleInput = Static<typeof TemplateRole>

export const EnvelopeParams = Type.Object({
  accountId: Type.String(),
  envelopeId: Type.String(),
})

export const EnvelopeDocumentParams = Type.Object({
  accountId: Type.String(),
  envelopeId: Type.String(),
  documentId: Type.String(),
})

export const GetEnvelopeQuery = Type.Object({
  include: Type.Optional(
    Type.String({ description: 'Comma list of `recipients`, `documents`, `custom_fields`.' }),
  ),
})

export const GetRecipientsQuery = Type.Object({
  include_tabs: Type.Optional(Type.String({ description: '`true` to return each recipient’s tabs.' })),
})

export const ListStatusChangesQuery = Type.Object({
  from_date: Type.Optional(
    Type.String({
      maxLength: 64,
      description: 'A date (years 1 to 9999); required unless envelope_ids is given.',
    }),
  ),
  to_date: Type.Optional(Type.String({ maxLength: 64, description: 'A date (years 1 to 9999).' })),
  status: Type.Optional(Type.String({ description: 'Comma list of statuses.' })),
  envelope_ids: Type.Optional(Type.String({ description: 'Comma list of envelope ids.' })),
  folder_ids: Type.Optional(
    Type.String({
      maxLength: 200,
      description: 'Comma list of folders (`draft`, `inbox`, `recyclebin`, `sentitems`) to list from.',
    }),
  ),
  search_text: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        'Only envelopes whose subject, or a recipient’s name or email, contains this text (any case).',
    }),
  ),
  order: Type.Optional(
    Type.String({ maxLength: 10, description: '`asc` (the default) or `desc`, in any case.' }),
  ),
  order_by: Type.Optional(
    Type.String({
      maxLength: 40,
      description: '`status_changed` (the default), `created` or `last_modified`.',
    }),
  ),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  start_position: Type.Optional(StartPosition),
})
export type ListStatusChangesQuery = Static<typeof ListStatusChangesQuery>

/** `PUT /envelopes/status`: the same query; `envelope_ids` may be `request_body`. */
export const ListStatusQuery = Type.Composite([
  ListStatusChangesQuery,
  Type.Object({
    transaction_ids: Type.Optional(
      Type.String({ description: 'Not supported: this service keeps no transaction ids.' }),
    ),
  }),
])
