import type { ErrorDetails } from 'esign-contract'
import { InvalidRequestError, looksLikeEmailAddress } from 'platform'
import type { AdditionalNotification, DeliveryMethod } from '../../envelopes/model.js'
import { checkPhoneNumbers } from '../../envelopes/phone-numbers.js'
import type { StoredRecipient } from '../../envelopes/reads.js'
import { smsAuthPhonesOf } from '../../envelopes/recipient-authentication.js'
import { deliveryChannel } from '../../lifecycle/channels.js'
import { LifecycleError } from '../../lifecycle/errors.js'
import type { LifecycleEnvelope, MessageEffect } from '../../lifecycle/model.js'
import { messageTo } from '../../lifecycle/notified.js'
import type { AuditNote } from '../../lifecycle/outbox-rows.js'
import { mustAct } from '../../lifecycle/routing.js'
import type { RecipientType } from '../../tabs/model.js'
import type { InPersonSigner, PhoneNumber } from '../../templates/model.js'
import type { InPersonCorrection, PersonCorrection, RecipientCorrections } from './schema.js'

/**
 * Correcting recipients (DocuSign's `EnvelopeRecipients: update`), the pure rules. A draft, sent or
 * delivered envelope can be corrected; any other is refused whole (`ENVELOPE_INVALID_STATUS`). Each
 * named recipient is answered on its own: unknown, finished, or asked for a change this service cannot
 * make, it gets `errorDetails` and stays as it was. A corrected recipient changes only the fields given,
 * and its authentication lock and failed attempts are cleared (DocuSign's remedy for a locked-out
 * recipient). A new `email` is a new address even when it is the same text (DocuSign): the recipient's
 * old signing links and auth sessions end, an agreement to the electronic record disclosure is asked
 * again (the person now reached gave none), and when it is the recipient's turn the invitation goes out
 * again, to the new address. `resend_envelope=true` re-invites every corrected recipient whose turn it is.
 */

/** What one correction changes; an absent field stays as stored. */
export interface RecipientChanges {
  name?: string
  email?: string
  deliveryMethod?: DeliveryMethod
  phoneNumber?: PhoneNumber
  additionalNotifications?: AdditionalNotification[]
  /** `null` removes the access code. */
  accessCode?: string | null
  smsAuthPhones?: string[]
  /** The in-person signer as stored after the correction (the given fields over the stored ones). */
  inPerson?: InPersonSigner
  /** The sender's note to the recipient; `null` removes it. */
  note?: string | null
}

export interface RecipientCorrection {
  recipientId: string
  /** The list it was given in: a recipient cannot change type here. */
  type: RecipientType
  routingOrder?: string
  /** `excludedDocuments` was given: document visibility is set when the envelope is created. */
  excludedDocuments: boolean
  changes: RecipientChanges
}

/** A correction that will be stored, with what it takes besides the changed fields. */
export interface AppliedCorrection {
  recipientId: string
  changes: RecipientChanges
  /** The address or channel changed: the recipient's signing links and auth sessions end. */
  revokeAccess: boolean
  /** The checks owed changed: auth sessions that passed the old ones end. */
  endAuthSessions: boolean
  /** The invitation (or copy) sent again, when it is the recipient's turn. */
  message?: MessageEffect
}

export interface RecipientUpdateResult {
  recipientId: string
  recipientIdGuid?: string
  errorDetails?: ErrorDetails
}

export interface CorrectionPlan {
  results: RecipientUpdateResult[]
  applied: AppliedCorrection[]
}

const LISTS = [
  ['signers', 'signer'],
  ['carbonCopies', 'carbonCopy'],
  ['certifiedDeliveries', 'certifiedDelivery'],
] as const

/** The body as corrections, values checked as the create request checks them (400 naming the field). */
export function readCorrections(body: RecipientCorrections): RecipientCorrection[] {
  const corrections: RecipientCorrection[] = []
  for (const [list, type] of LISTS) {
    ;(body[list] ?? []).forEach((entry, n) => {
      corrections.push(personCorrection(entry, type, `${list}[${n}]`))
    })
  }
  ;(body.inPersonSigners ?? []).forEach((entry, n) => {
    corrections.push(inPersonCorrection(entry, `inPersonSigners[${n}]`))
  })
  if (corrections.length === 0) {
    throw new InvalidRequestError(
      'Nothing to correct: name the recipients in signers, carbonCopies, certifiedDeliveries or inPersonSigners',
    )
  }
  const seen = new Set<string>()
  for (const correction of corrections) {
    const id = String(Number(correction.recipientId))
    if (seen.has(id)) throw new InvalidRequestError(`recipientId ${id} is named more than once`)
    seen.add(id)
    correction.recipientId = id
  }
  return corrections
}

function personCorrection(entry: PersonCorrection, type: RecipientType, path: string): RecipientCorrection {
  const correction = commonCorrection(entry, type, path)
  if (entry.email !== undefined) correction.changes.email = checkedEmail(entry.email, `${path}.email`)
  if (entry.name !== undefined) correction.changes.name = entry.name
  return correction
}

function inPersonCorrection(entry: InPersonCorrection, path: string): RecipientCorrection {
  const correction = commonCorrection(entry, 'inPersonSigner', path)
  if (entry.hostEmail !== undefined) {
    correction.changes.email = checkedEmail(entry.hostEmail, `${path}.hostEmail`)
  }
  if (entry.hostName !== undefined) correction.changes.name = entry.hostName
  if (entry.signerName !== undefined || entry.signerEmail !== undefined) {
    correction.changes.inPerson = {
      ...(entry.signerName !== undefined ? { signerName: entry.signerName } : {}),
      ...(entry.signerEmail !== undefined ? { signerEmail: entry.signerEmail } : {}),
    }
  }
  return correction
}

function commonCorrection(
  entry: PersonCorrection | InPersonCorrection,
  type: RecipientType,
  path: string,
): RecipientCorrection {
  const changes: RecipientChanges = {}
  if (entry.deliveryMethod !== undefined) {
    const method = entry.deliveryMethod.toLowerCase()
    if (method !== 'email' && method !== 'sms') {
      throw new InvalidRequestError(`${path}.deliveryMethod must be email or SMS`)
    }
    changes.deliveryMethod = method === 'sms' ? 'SMS' : 'email'
  }
  if (entry.phoneNumber !== undefined) changes.phoneNumber = { ...entry.phoneNumber }
  if (entry.additionalNotifications !== undefined) {
    changes.additionalNotifications = entry.additionalNotifications.map((notification, n) => {
      if (notification.secondaryDeliveryMethod.toLowerCase() !== 'sms') {
        throw new InvalidRequestError(
          `${path}.additionalNotifications[${n}].secondaryDeliveryMethod must be SMS`,
        )
      }
      return { secondaryDeliveryMethod: 'SMS', phoneNumber: { ...notification.phoneNumber } }
    })
  }
  if (entry.accessCode !== undefined) {
    const code = entry.accessCode.trim()
    changes.accessCode = code === '' ? null : entry.accessCode
  }
  const smsAuthPhones = smsAuthPhonesOf(entry, path)
  if (smsAuthPhones) changes.smsAuthPhones = smsAuthPhones
  if (entry.note !== undefined) changes.note = entry.note === '' ? null : entry.note
  return {
    recipientId: entry.recipientId,
    type,
    ...(entry.routingOrder !== undefined ? { routingOrder: String(Number(entry.routingOrder)) } : {}),
    excludedDocuments: entry.excludedDocuments !== undefined,
    changes,
  }
}

function checkedEmail(email: string, path: string): string {
  const trimmed = email.trim()
  if (!looksLikeEmailAddress(trimmed)) throw new InvalidRequestError(`${path} must be a valid email address`)
  return trimmed
}

const CORRECTABLE_ENVELOPE = new Set(['created', 'sent', 'delivered'])

/**
 * Decides every correction against the envelope as it is now: per-recipient answers, what to store,
 * and whom to invite again.
 */
export function planCorrections(input: {
  envelope: LifecycleEnvelope
  recipients: readonly StoredRecipient[]
  corrections: readonly RecipientCorrection[]
  resendEnvelope: boolean
}): CorrectionPlan {
  const { envelope } = input
  if (!CORRECTABLE_ENVELOPE.has(envelope.status)) {
    throw new LifecycleError(
      'ENVELOPE_INVALID_STATUS',
      `Invalid envelope status. Envelope status is not one of: Created, Sent, Delivered, Correct. This envelope is '${envelope.status}'.`,
    )
  }
  const inProgress = envelope.status === 'sent' || envelope.status === 'delivered'
  const results: RecipientUpdateResult[] = []
  const applied: AppliedCorrection[] = []
  for (const correction of input.corrections) {
    const stored = input.recipients.find((candidate) => candidate.recipientId === correction.recipientId)
    const progress = envelope.recipients.find((candidate) => candidate.recipientId === correction.recipientId)
    if (!stored || !progress) {
      results.push(refused(correction.recipientId, 'UNKNOWN_ENVELOPE_RECIPIENT', unknownMessage(correction)))
      continue
    }
    const refusal = refusalOf(correction, stored, progress.status)
    if (refusal) {
      results.push({
        ...refused(correction.recipientId, 'RECIPIENT_UPDATE_FAILED', refusal),
        ...guid(stored),
      })
      continue
    }
    const changes = correction.changes.inPerson
      ? { ...correction.changes, inPerson: { ...stored.inPerson, ...correction.changes.inPerson } }
      : correction.changes
    const merged = { ...stored, ...withoutNull(changes) }
    checkPhoneNumbers({ recipients: [merged] })
    const reachChanged =
      changes.email !== undefined ||
      changes.deliveryMethod !== undefined ||
      changes.phoneNumber !== undefined ||
      changes.additionalNotifications !== undefined
    const reached = inProgress && (progress.status === 'sent' || progress.status === 'delivered')
    const resend = reached && (input.resendEnvelope || reachChanged)
    // Through the lifecycle's rule of who is notified: an embedded recipient gets no invitation.
    const message = resend
      ? messageTo(
          { ...progress, channel: deliveryChannel(merged) },
          mustAct(progress) ? 'invitation' : 'copy',
        )
      : undefined
    applied.push({
      recipientId: correction.recipientId,
      changes,
      revokeAccess: reachChanged,
      endAuthSessions:
        reachChanged || changes.accessCode !== undefined || changes.smsAuthPhones !== undefined,
      ...(message ? { message } : {}),
    })
    results.push({ recipientId: correction.recipientId, ...guid(stored) })
  }
  return { results, applied }
}

/** Why a known recipient cannot take this correction, or undefined when it can. */
function refusalOf(
  correction: RecipientCorrection,
  stored: StoredRecipient,
  status: string,
): string | undefined {
  if (status === 'completed' || status === 'declined') {
    return 'The recipient could not be updated. Recipient not in state that allows correction.'
  }
  if (correction.type !== stored.type) {
    return `Recipient ${correction.recipientId} is a ${stored.type}, not a ${correction.type}: its type cannot be changed by a correction.`
  }
  if (correction.routingOrder !== undefined && correction.routingOrder !== stored.routingOrder) {
    return `The routing order of recipient ${correction.recipientId} cannot be changed by a correction.`
  }
  if (correction.excludedDocuments) {
    return `The excluded documents of recipient ${correction.recipientId} cannot be changed by a correction.`
  }
  return undefined
}

const unknownMessage = (correction: RecipientCorrection) =>
  `The recipient you have identified (${correction.recipientId}) is not a valid recipient of the specified envelope.`

function refused(recipientId: string, errorCode: string, message: string): RecipientUpdateResult {
  return { recipientId, errorDetails: { errorCode, message } }
}

const guid = (stored: StoredRecipient) => ({ recipientIdGuid: stored.recipientIdGuid })

/** The changes as recipient fields, a removed access code or note dropped. */
function withoutNull(changes: RecipientChanges) {
  const { accessCode, note, ...rest } = changes
  return {
    ...rest,
    ...(accessCode === null || accessCode === undefined ? {} : { accessCode }),
    ...(note === null || note === undefined ? {} : { note }),
  }
}

const CHANGE_LABELS: Record<keyof RecipientChanges, string> = {
  name: 'name',
  email: 'email',
  deliveryMethod: 'delivery method',
  phoneNumber: 'phone number',
  additionalNotifications: 'SMS notifications',
  accessCode: 'access code',
  smsAuthPhones: 'SMS authentication',
  inPerson: 'in-person signer',
  note: 'note',
}

export const CORRECTION_ACTIONS = {
  corrected: 'Corrected',
  unlocked: 'Recipient Unlocked',
  resent: 'Resent',
} as const

/**
 * The audit entries of a stored correction, per recipient: what changed (names of fields, never an
 * access code), the lock it cleared, the invitation sent again.
 */
export function correctionAudit(
  applied: readonly AppliedCorrection[],
  unlocked: ReadonlySet<string>,
  envelopeStatus: string,
): AuditNote[] {
  const notes: AuditNote[] = []
  for (const correction of applied) {
    const { recipientId, changes } = correction
    const fields = (Object.keys(CHANGE_LABELS) as (keyof RecipientChanges)[])
      .filter((key) => key in changes)
      .map((key) => CHANGE_LABELS[key])
    if (fields.length > 0) {
      notes.push({
        action: CORRECTION_ACTIONS.corrected,
        recipientId,
        envelopeStatus,
        message: `Recipient ${recipientId} corrected: ${fields.join(', ')}.`,
        ...(changes.email !== undefined ? { information: changes.email } : {}),
      })
    }
    if (unlocked.has(recipientId)) {
      notes.push({
        action: CORRECTION_ACTIONS.unlocked,
        recipientId,
        envelopeStatus,
        message: `Recipient ${recipientId} was locked out after wrong codes; the correction unlocked it.`,
      })
    }
    if (correction.message) {
      notes.push({
        action: CORRECTION_ACTIONS.resent,
        recipientId,
        envelopeStatus,
        message: `Resent to recipient ${recipientId} after the correction.`,
      })
    }
  }
  return notes
}
