import { InvalidRequestError } from 'platform'

/**
 * A transition the envelope's state does not allow. All are 400 with DocuSign's error code where
 * DocuSign has one (`ENVELOPE_CANNOT_VOID_INVALID_STATE`, `RECIPIENT_NOT_IN_SEQUENCE`,
 * `UNKNOWN_ENVELOPE_RECIPIENT`, `ENVELOPE_INVALID_STATUS`); the REST error renderer already prefers
 * `errorCode` over the kind's default.
 */
export class LifecycleError extends InvalidRequestError {
  constructor(errorCode: LifecycleErrorCode, message: string) {
    super(message, { errorCode })
  }
}

/** DocuSign's answer for a recipient id the envelope does not have. */
export const unknownEnvelopeRecipient = (recipientId: string) =>
  new LifecycleError(
    'UNKNOWN_ENVELOPE_RECIPIENT',
    `The recipient you have identified (${recipientId}) is not a valid recipient of the specified envelope.`,
  )

export type LifecycleErrorCode =
  | 'ENVELOPE_CANNOT_VOID_INVALID_STATE'
  | 'ENVELOPE_INVALID_STATUS'
  | 'RECIPIENT_NOT_IN_SEQUENCE'
  | 'UNKNOWN_ENVELOPE_RECIPIENT'
  | 'RECIPIENT_ALREADY_FINISHED'
  | 'RECIPIENT_CANNOT_SIGN'
  | 'INVALID_REQUEST_PARAMETER'
  | 'WORKFLOW_NOT_PAUSED'
  | 'WORKFLOW_NOT_DUE'
  | 'INVALID_RECIPIENT_ID'
  | 'RECIPIENT_CANNOT_REASSIGN'
