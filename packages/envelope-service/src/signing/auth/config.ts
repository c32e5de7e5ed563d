import { type Static, Type } from '@sinclair/typebox'

/** Recipient authentication settings, composed into the service's configuration. */
export const RecipientAuthConfig = Type.Object({
  /**
   * Wrong access codes (or SMS codes) a recipient may enter before it is locked out and the sender is
   * told. DocuSign locks after three wrong access codes.
   */
  RECIPIENT_AUTH_MAX_ATTEMPTS: Type.Integer({ minimum: 1, maximum: 20, default: 3 }),
  /** How long a texted one-time code is accepted. */
  SMS_CODE_TTL_MINUTES: Type.Number({ exclusiveMinimum: 0, maximum: 60, default: 5 }),
})
export type RecipientAuthConfig = Static<typeof RecipientAuthConfig>
