import { type Static, Type } from '@sinclair/typebox'
import { FixedEnvelopeSettingsInput, RecipientOutput, RecipientsOutput, Tabs, Workflow } from 'esign-contract'

/**
 * Wire shapes of the lifecycle endpoints (DocuSign's names, so the SDK's models fill in): the envelope
 * update, the recipient view, recipients with their progress, form data. Audit events are declared
 * with their mapping in audit/docusign.ts.
 */

export { AuditEventsResponse } from '../../audit/docusign.js'

/**
 * DocuSign's `Envelope` as an update body: the fields this service acts on, and the settings it always
 * has (each with its one value). Any other property is refused with a 400 naming it (routes.ts), never
 * dropped.
 */
export const EnvelopeUpdateBody = Type.Object({
  emailSubject: Type.Optional(
    Type.String({ maxLength: 100, description: "A draft's invitation subject (drafts only)." }),
  ),
  emailBlurb: Type.Optional(
    Type.String({ maxLength: 10000, description: "A draft's invitation message (drafts only)." }),
  ),
  status: Type.Optional(
    Type.String({ description: '`sent` sends a draft; `voided` voids (with `voidedReason`).' }),
  ),
  voidedReason: Type.Optional(Type.String({ maxLength: 1000 })),
  workflow: Type.Optional(Workflow),
  // Settings this service always has: stated again with their one value, they change nothing.
  ...FixedEnvelopeSettingsInput,
})
export type EnvelopeUpdateBody = Static<typeof EnvelopeUpdateBody>

export const EnvelopeUpdateQuery = Type.Object({
  resend_envelope: Type.Optional(
    Type.String({ description: '`true` invites the current recipients who have not finished again.' }),
  ),
})

/** DocuSign's `EnvelopeUpdateSummary`, of which this service fills the envelope id. */
export const EnvelopeUpdateSummary = Type.Object({ envelopeId: Type.String() })

/** DocuSign's `RecipientViewRequest`: the fields that identify the embedded recipient and where to return. */
export const RecipientViewRequest = Type.Object({
  returnUrl: Type.String({ minLength: 1, maxLength: 2000 }),
  authenticationMethod: Type.String({ minLength: 1, maxLength: 100 }),
  userName: Type.String({ minLength: 1, maxLength: 500 }),
  email: Type.String({ maxLength: 320 }),
  clientUserId: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description:
        'The embedded recipient’s id in your application. Leave it out only for an in-person signer ' +
        'hosted by the calling user: `userName` and `email` then name that host.',
    }),
  ),
  recipientId: Type.Optional(Type.String({ maxLength: 100 })),
})
export type RecipientViewRequest = Static<typeof RecipientViewRequest>

export const ViewUrl = Type.Object({ url: Type.String() })

export const RecipientParams = Type.Object({
  accountId: Type.String(),
  envelopeId: Type.String(),
  recipientId: Type.String(),
})

/** A recipient with DocuSign's progress fields, as `GET .../recipients` returns it. */
export const RecipientWithProgress = Type.Object({
  ...RecipientOutput.properties,
  deliveredDateTime: Type.Optional(Type.String()),
  signedDateTime: Type.Optional(Type.String()),
  declinedDateTime: Type.Optional(Type.String()),
  declinedReason: Type.Optional(Type.String()),
})
export type RecipientWithProgress = Static<typeof RecipientWithProgress>

export const RecipientsWithProgress = Type.Object({
  ...RecipientsOutput.properties,
  signers: Type.Array(RecipientWithProgress),
  carbonCopies: Type.Array(RecipientWithProgress),
  certifiedDeliveries: Type.Array(RecipientWithProgress),
  inPersonSigners: Type.Array(RecipientWithProgress),
})
export type RecipientsWithProgress = Static<typeof RecipientsWithProgress>

/** DocuSign's `Tabs` of one recipient, values included. */
export const TabsOutput = Tabs

const FormDataItem = Type.Object({ name: Type.String(), value: Type.String() })
export type FormDataItem = Static<typeof FormDataItem>

/** DocuSign's `EnvelopeFormData`; its recipient entries spell their times `SentTime`, `SignedTime`... */
export const EnvelopeFormData = Type.Object({
  envelopeId: Type.String(),
  status: Type.String(),
  emailSubject: Type.String(),
  sentDateTime: Type.Optional(Type.String()),
  formData: Type.Array(FormDataItem),
  recipientFormData: Type.Array(
    Type.Object({
      recipientId: Type.String(),
      name: Type.Optional(Type.String()),
      email: Type.Optional(Type.String()),
      SentTime: Type.Optional(Type.String()),
      DeliveredTime: Type.Optional(Type.String()),
      SignedTime: Type.Optional(Type.String()),
      DeclinedTime: Type.Optional(Type.String()),
      formData: Type.Array(FormDataItem),
    }),
  ),
})
export type EnvelopeFormData = Static<typeof EnvelopeFormData>
