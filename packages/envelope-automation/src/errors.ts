/**
 * Input the automation refuses before calling the envelope service: a missing case or contact, a contact
 * without a name, an invalid phone. The CLI and the console show the message as is; the envelope service's
 * own failures are `EnvelopeApiError`s instead.
 */
export class AutomationInputError extends Error {
  override readonly name: string = 'AutomationInputError'
}

/** `recipientSmsPhone` is not a mobile number: no leading `+` and country code, or no such number. */
export class InvalidPhoneError extends AutomationInputError {
  override readonly name = 'InvalidPhoneError'
  readonly code = 'INVALID_PHONE'
  constructor(readonly phone: string) {
    super(
      `recipientSmsPhone "${phone}" is not a valid mobile number: give it in E.164 form, a + and the country code (e.g. +14155552671)`,
    )
  }
}
