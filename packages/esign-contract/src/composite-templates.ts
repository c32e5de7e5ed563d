import { type Static, Type } from '@sinclair/typebox'
import { CustomFields } from './custom-fields.js'
import { Document, MAX_DOCUMENTS } from './documents.js'
import { EnvelopeRecipients } from './recipients.js'
import { Digits } from './scalars.js'

/**
 * Composite templates: each overlays stored (server) and request (inline) templates in `sequence`
 * order into one part of the envelope.
 */

export const MAX_COMPOSITE_TEMPLATES = 100

export const ServerTemplate = Type.Object({
  sequence: Digits('Overlay order within the composite template.'),
  templateId: Type.String({ minLength: 1 }),
})
export type ServerTemplate = Static<typeof ServerTemplate>

export const InlineTemplate = Type.Object({
  sequence: Digits('Overlay order within the composite template.'),
  recipients: Type.Optional(EnvelopeRecipients),
  customFields: Type.Optional(CustomFields),
  documents: Type.Optional(Type.Array(Document, { maxItems: MAX_DOCUMENTS })),
})
export type InlineTemplate = Static<typeof InlineTemplate>

export const CompositeTemplate = Type.Object({
  compositeTemplateId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  serverTemplates: Type.Optional(Type.Array(ServerTemplate)),
  inlineTemplates: Type.Optional(Type.Array(InlineTemplate)),
  document: Type.Optional(Document),
})
export type CompositeTemplate = Static<typeof CompositeTemplate>
