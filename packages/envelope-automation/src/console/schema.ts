import { type Static, Type } from '@sinclair/typebox'

/**
 * The console's JSON API, declared once: the routes validate and serialise with these schemas and the web
 * app imports their static types, so the browser and the server cannot disagree on a field.
 */

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()])

/** Every refusal: a sentence, and a code the page turns into a message in the reader's language. */
export const ErrorBody = Type.Object({ error: Type.String(), code: Type.Optional(Type.String()) })
export type ErrorBody = Static<typeof ErrorBody>

export const CaseListQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })),
  offset: Type.Integer({ minimum: 0, maximum: 100_000, default: 0 }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
})

export const CaseSummary = Type.Object({
  id: Type.String(),
  caseNumber: Type.String(),
  contactName: Nullable(Type.String()),
  language: Nullable(Type.String()),
  /** The status of the case's newest envelope; null when none was sent. */
  latestEnvelopeStatus: Nullable(Type.String()),
})
export type CaseSummary = Static<typeof CaseSummary>

export const CaseList = Type.Object({
  cases: Type.Array(CaseSummary),
  offset: Type.Integer(),
  limit: Type.Integer(),
  /** Another page follows. */
  hasMore: Type.Boolean(),
})
export type CaseList = Static<typeof CaseList>

export const CaseParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) })
export const EnvelopeParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100 }),
  envelopeId: Type.String({ minLength: 1, maxLength: 100 }),
})

export const CaseEnvelopeItem = Type.Object({
  envelopeId: Type.String(),
  status: Type.String(),
  sentAt: Type.String(),
  completedAt: Nullable(Type.String()),
})
export type CaseEnvelopeItem = Static<typeof CaseEnvelopeItem>

export const CaseDetail = Type.Object({
  id: Type.String(),
  caseNumber: Type.String(),
  language: Nullable(Type.String()),
  /** The contact linked by `Signing_Recipient_1__c`; null when the link is empty. */
  contact: Type.Union([
    Type.Object({ name: Type.String(), email: Nullable(Type.String()), mobile: Nullable(Type.String()) }),
    Type.Null(),
  ]),
  serviceCoordinator: Type.Object({ name: Type.String(), email: Type.String() }),
  envelopes: Type.Array(CaseEnvelopeItem),
})
export type CaseDetail = Static<typeof CaseDetail>

export const TemplateOption = Type.Object({
  templateId: Type.String(),
  name: Type.String(),
  description: Type.String(),
  /**
   * The subject and message the template fixes for its envelopes (DocuSign's `messageLock`), or null: the
   * send form shows them in place of its own subject, which the service would refuse.
   */
  lockedMessage: Type.Union([
    Type.Object({ emailSubject: Type.String(), emailBlurb: Type.String() }),
    Type.Null(),
  ]),
})
export type TemplateOption = Static<typeof TemplateOption>

export const TemplateOptions = Type.Object({ templates: Type.Array(TemplateOption) })
export type TemplateOptions = Static<typeof TemplateOptions>

export const SendRequest = Type.Object(
  {
    /** In document order. */
    templateIds: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
      minItems: 1,
      maxItems: 20,
      uniqueItems: true,
    }),
    subject: Type.String({ maxLength: 500 }),
    /** `en`, `es` or any form the composition rules accept; blank means the case's language. */
    language: Type.Optional(Type.String({ maxLength: 40 })),
    /** The answer of the `SMS_Phone_Screen`, when the flow asked for it. */
    recipientSmsPhone: Type.Optional(Type.String({ maxLength: 40 })),
  },
  { additionalProperties: false },
)
export type SendRequest = Static<typeof SendRequest>

export const SendResult = Type.Object({
  envelopeId: Type.String(),
  recipientSmsPhone: Nullable(Type.String()),
})
export type SendResult = Static<typeof SendResult>

/** 409 (no phone given yet) or 422 (the phone given is not valid): show the phone screen. */
export const SmsPhoneNeeded = Type.Object({
  step: Type.Literal('SMS_Phone_Screen'),
  /** `sms_phone_needed` (409), or why the phone given was refused (422). */
  code: Type.Union([
    Type.Literal('sms_phone_needed'),
    Type.Literal('phone_required'),
    Type.Literal('phone_invalid'),
  ]),
  error: Type.String(),
  contactName: Type.String(),
  suggestedPhone: Nullable(Type.String()),
})
export type SmsPhoneNeeded = Static<typeof SmsPhoneNeeded>

/** 502/504: the envelope service refused or failed; its status code and message, as it answered. */
export const ServiceFailure = Type.Object({
  error: Type.String(),
  code: Type.Union([
    Type.Literal('service_refused'),
    Type.Literal('service_timeout'),
    Type.Literal('service_unreachable'),
  ]),
  serviceStatus: Type.Union([Type.Integer(), Type.Null()]),
  errorCode: Type.String(),
  message: Type.String(),
})
export type ServiceFailure = Static<typeof ServiceFailure>

export const SignInRequest = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 200 }),
    password: Type.String({ minLength: 1, maxLength: 1000 }),
  },
  { additionalProperties: false },
)
export type SignInRequest = Static<typeof SignInRequest>

/** The signed-in user, and the token the page sends back in `X-CSRF-Token` on every change. */
export const SessionInfo = Type.Object({ username: Type.String(), csrfToken: Type.String() })
export type SessionInfo = Static<typeof SessionInfo>
