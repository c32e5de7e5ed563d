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

/**
 * A subject was typed for an envelope whose chosen template locks its subject and message (DocuSign's
 * `messageLock`): the service would refuse it, so the automation refuses first, naming the template,
 * before anything is sent or recorded. Leaving the subject empty sends the template's own.
 */
export class MessageLockedError extends AutomationInputError {
  override readonly name = 'MessageLockedError'
  readonly code = 'MESSAGE_LOCKED'
  constructor(readonly templateName: string) {
    super(
      `the template "${templateName}" locks its subject and message: leave the subject empty, and the envelope carries the template's own`,
    )
  }
}
