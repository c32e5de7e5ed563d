import { type Static, Type } from '@sinclair/typebox'
import { StringEnum } from 'platform'

/**
 * The signing page's recipient-authentication API (under /signing/api/auth, the page's own API, not
 * DocuSign's). A wrong code is an expected answer, not a malformed request: verify calls answer 200 with
 * an `outcome` and the attempts left; a malformed code is a 400, a locked recipient a 403.
 */

export const AUTH_TOKEN_HEADER = 'x-signing-auth'

export const AuthMethodName = StringEnum(['access_code', 'sms'])

export const AuthStatus = Type.Object({
  /** Every check the recipient owes, in the order the page asks: access code, then SMS. */
  required: Type.Array(AuthMethodName),
  /** Those the presented auth session has not passed yet; empty: the page may open the envelope. */
  pending: Type.Array(AuthMethodName),
  locked: Type.Boolean(),
  attemptsLeft: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
  /** The numbers a code can be texted to, all but their last two digits hidden. */
  phones: Type.Optional(Type.Array(Type.String())),
  language: Type.Optional(StringEnum(['en', 'es'])),
})
export type AuthStatus = Static<typeof AuthStatus>

export const AuthOutcome = Type.Object({
  /** `expired`: the SMS code is no longer valid (or none was sent); nothing was counted. */
  outcome: StringEnum(['passed', 'failed', 'locked', 'expired']),
  /** Sent back with `passed`: the header value for every later signing call. */
  authToken: Type.Optional(Type.String()),
  attemptsLeft: Type.Optional(Type.Integer({ minimum: 0 })),
  pending: Type.Array(AuthMethodName),
})
export type AuthOutcome = Static<typeof AuthOutcome>

export const AccessCodeRequest = Type.Object({
  accessCode: Type.String({ minLength: 1, maxLength: 50 }),
})
export type AccessCodeRequest = Static<typeof AccessCodeRequest>

export const SendSmsCodeRequest = Type.Object({
  phoneIndex: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
})

export const SmsCodeRequest = Type.Object({
  code: Type.String({ pattern: '^[0-9 -]{6,12}$', description: 'Six digits; spaces and dashes ignored.' }),
})
export type SmsCodeRequest = Static<typeof SmsCodeRequest>

export const SmsCodeSent = Type.Object({
  sentTo: Type.String(),
  expiresInSeconds: Type.Integer(),
})
export type SmsCodeSent = Static<typeof SmsCodeSent>
