import { type EnvelopeStatus, FINAL_ENVELOPE_STATUSES } from 'esign-contract'
import type { AuditEffect } from '../audit/model.js'
import { scheduledSendArmed, scheduledSendReleased, stepChangeAudit } from '../workflow/audit.js'
import { chooseRecipient, type TabValueLookup } from '../workflow/conditions.js'
import {
  awaitingScheduledSend,
  completeStep,
  copyWorkflow,
  currentStep,
  holdingStep,
  type StepChangeListener,
  startWait,
} from '../workflow/gates.js'
import { LifecycleError, unknownEnvelopeRecipient } from './errors.js'
import type {
  Effects,
  LifecycleEnvelope,
  LifecycleRecipient,
  MessageEffect,
  MessageKind,
  Transition,
} from './model.js'
import { isEmbedded, messageTo, senderNoticeOfDecline, senderNoticeOfReassign } from './notified.js'
import { allActorsFinished, canSign, dueForInvitation, mustAct, pendingActors } from './routing.js'

/**
 * The envelope lifecycle (DocuSign semantics): pure functions from the current state, an event and
 * `now` to the new state plus the effects the write path stores in the same transaction (messages for
 * the outbox, audit entries, Connect events).
 *
 * Envelope: created → sent → delivered → completed, or declined, or voided; `delivered` while every
 * invited actor has opened it (DocuSign's envelope falls back to `sent` when the routing reaches a new
 * group). Recipients: created → sent → delivered → completed, or declined. The envelope completes when
 * every signer, in-person signer and certified delivery has finished; carbon copies then complete too.
 * Completed, declined and voided envelopes accept no transition. Who is sent which message: notified.ts.
 *
 * Workflow (DocuSign's Advanced Recipient Routing, rules in workflow/gates.ts): a scheduled send keeps a
 * sent envelope's recipients `created` until its time, when the job sends it for real (`sentAt`, the
 * `envelope-sent` event and the first invitations come then); a `pause_before` step stops the routing
 * before its routing order until the sender resumes; a delayed step until its delay ends. No recipient
 * at or after a held routing order is invited while it is held.
 */

/** DocuSign's void reason for an envelope that reached its expiration. */
export const EXPIRED_REASON = 'Envelope has expired.'
/** DocuSign's limit on `voidedReason`. */
export const MAX_VOIDED_REASON_LENGTH = 200

type DraftEnvelope = Omit<LifecycleEnvelope, 'recipients'> & { recipients: LifecycleRecipient[] }

/** Sends a draft: the lowest routing group (and carbon copies up to it) is invited. */
export function send(envelope: LifecycleEnvelope, now: Date): Transition {
  if (envelope.status !== 'created') {
    throw new LifecycleError(
      'ENVELOPE_INVALID_STATUS',
      `Only a draft ('created') envelope can be sent; this one is '${envelope.status}'.`,
    )
  }
  if (envelope.recipients.length === 0) {
    throw new LifecycleError('INVALID_REQUEST_PARAMETER', 'The envelope has no recipients.')
  }
  return step(envelope, now, (draft, effects, at) => {
    draft.status = 'sent'
    const scheduled = draft.workflow?.scheduledSending
    if (scheduled?.status === 'pending' && startWait(scheduled, at)) {
      effects.audit.push(scheduledSendArmed(scheduled.resumeAt!, draft.status))
      return
    }
    startRouting(draft, effects, at)
  })
}

function startRouting(draft: DraftEnvelope, effects: Effects, at: string) {
  draft.sentAt = at
  effects.events.push({ event: 'envelope-sent' })
  advanceRouting(draft, effects, at)
}

/** The sender resumes a paused workflow (`workflowStatus: "in_progress"`): the held routing order is invited. */
export function resumeWorkflow(envelope: LifecycleEnvelope, now: Date): Transition {
  requireInProgress(envelope)
  if (envelope.workflow?.status !== 'paused') {
    throw new LifecycleError(
      'WORKFLOW_NOT_PAUSED',
      envelope.workflow
        ? `The envelope's workflow is '${envelope.workflow.status}', not paused; only a paused workflow can be resumed.`
        : 'The envelope has no workflow to resume.',
    )
  }
  return step(envelope, now, (draft, effects, at) => {
    const workflow = draft.workflow!
    const held = currentStep(workflow)
    if (held) completeStep(workflow, held, at, auditSteps(draft, effects))
    workflow.status = 'in_progress'
    advanceRouting(draft, effects, at)
  })
}

/**
 * A workflow wait whose time has come (the workflow job): a scheduled envelope is sent, a delayed
 * routing order is invited, a conditional rule chooses who its placeholder is (from the values earlier
 * recipients entered, `tabValue`) before its routing order is invited; when no condition holds, the
 * placeholder leaves the envelope. Refused while nothing is due, so a second process finds nothing to do.
 */
export function continueWorkflow(
  envelope: LifecycleEnvelope,
  now: Date,
  tabValue: TabValueLookup = () => undefined,
): Transition {
  requireInProgress(envelope)
  const at = now.toISOString()
  const workflow = envelope.workflow
  const scheduled = workflow?.scheduledSending
  if (scheduled?.status === 'started' && scheduled.resumeAt !== undefined && scheduled.resumeAt <= at) {
    return step(envelope, now, (draft, effects) => {
      draft.workflow!.scheduledSending!.status = 'completed'
      effects.audit.push(scheduledSendReleased(scheduled.resumeAt!, draft.status))
      startRouting(draft, effects, at)
    })
  }
  const delayed = workflow && !awaitingScheduledSend(workflow) ? currentStep(workflow) : undefined
  if (delayed?.conditionalRecipient?.status === 'evaluating') {
    return step(envelope, now, (draft, effects) => {
      const held = currentStep(draft.workflow!)!
      const rule = held.conditionalRecipient!
      const option = chooseRecipient(rule, tabValue)
      rule.status = 'completed'
      rule.chosen = option?.recipientLabel ?? null
      if (option) {
        const { name, email, roleName } = option
        recipientIn(draft, rule.recipientId).identity = { name, email, ...(roleName ? { roleName } : {}) }
      } else {
        draft.recipients = draft.recipients.filter((recipient) => recipient.recipientId !== rule.recipientId)
      }
      completeStep(draft.workflow!, held, at, auditSteps(draft, effects))
      advanceRouting(draft, effects, at)
    })
  }
  const wait = delayed?.delayedRouting
  if (wait?.status === 'started' && wait.resumeAt !== undefined && wait.resumeAt <= at) {
    return step(envelope, now, (draft, effects) => {
      completeStep(draft.workflow!, currentStep(draft.workflow!)!, at, auditSteps(draft, effects))
      advanceRouting(draft, effects, at)
    })
  }
  throw new LifecycleError('WORKFLOW_NOT_DUE', 'No workflow wait of this envelope has come due.')
}

/**
 * A recipient opened the envelope. Each view is audited; the first marks the recipient delivered. A
 * certified delivery finishes by viewing, which may advance the routing.
 */
export function recipientViewed(envelope: LifecycleEnvelope, recipientId: string, now: Date): Transition {
  requireInProgress(envelope)
  const recipient = reachedRecipient(envelope, recipientId)
  return step(envelope, now, (draft, effects, at) => {
    const viewer = recipientIn(draft, recipientId)
    const audit: AuditEffect = {
      action: 'Viewed',
      recipientId,
      envelopeStatus: draft.status,
      message: `Recipient ${recipientId} viewed the envelope.`,
    }
    effects.audit.push(audit)
    if (recipient.status === 'sent') {
      markDelivered(viewer, effects, at)
      if (viewer.type === 'certifiedDelivery') {
        markCompleted(viewer, effects, at)
        advanceRouting(draft, effects, at)
      } else {
        updateEnvelopeDelivery(draft, effects, at)
      }
    }
    audit.envelopeStatus = draft.status
  })
}

/**
 * A signer agreed to the Electronic Record and Signature Disclosure (signing/disclosure/): an entry in the
 * envelope's history, and no other change.
 */
export function disclosureAccepted(envelope: LifecycleEnvelope, recipientId: string, now: Date): Transition {
  requireInProgress(envelope)
  signingRecipient(envelope, recipientId)
  return step(envelope, now, (draft, effects) => {
    effects.audit.push({
      action: 'Disclosure Accepted',
      recipientId,
      envelopeStatus: draft.status,
      message: `Recipient ${recipientId} agreed to use electronic records and signatures.`,
    })
  })
}

/** A signer or in-person signer finished: the next group is invited, or the envelope completes. */
export function recipientSigned(envelope: LifecycleEnvelope, recipientId: string, now: Date): Transition {
  requireInProgress(envelope)
  signingRecipient(envelope, recipientId)
  return step(envelope, now, (draft, effects, at) => {
    const signer = recipientIn(draft, recipientId)
    if (signer.status === 'sent') markDelivered(signer, effects, at)
    markCompleted(signer, effects, at)
    const audit: AuditEffect = {
      action: 'Signed',
      recipientId,
      envelopeStatus: draft.status,
      message: `Recipient ${recipientId} signed the envelope.`,
    }
    effects.audit.push(audit)
    advanceRouting(draft, effects, at)
    audit.envelopeStatus = draft.status
  })
}

/**
 * A recipient who must act declined: the whole envelope is declined (DocuSign); the sender and the other
 * recipients the envelope reached are told why.
 */
export function recipientDeclined(
  envelope: LifecycleEnvelope,
  recipientId: string,
  reason: string,
  now: Date,
): Transition {
  requireInProgress(envelope)
  const recipient = actingRecipient(envelope, recipientId)
  if (!mustAct(recipient)) {
    throw new LifecycleError(
      'RECIPIENT_CANNOT_SIGN',
      `Recipient ${recipientId} is a carbon copy and cannot decline.`,
    )
  }
  const declinedReason = reason.trim()
  if (declinedReason === '') {
    throw new LifecycleError('INVALID_REQUEST_PARAMETER', 'A reason is required to decline the envelope.')
  }
  return step(envelope, now, (draft, effects, at) => {
    const decliner = recipientIn(draft, recipientId)
    if (decliner.status === 'sent') markDelivered(decliner, effects, at)
    decliner.status = 'declined'
    decliner.declinedAt = at
    decliner.declinedReason = declinedReason
    draft.status = 'declined'
    draft.declinedAt = at
    effects.events.push({ event: 'recipient-declined', recipientId }, { event: 'envelope-declined' })
    effects.audit.push({
      action: 'Declined',
      recipientId,
      envelopeStatus: 'declined',
      message: `Recipient ${recipientId} declined: ${declinedReason}`,
    })
    notifyReached(draft, effects, 'declined', declinedReason, (other) => other.recipientId !== recipientId)
    effects.messages.push(senderNoticeOfDecline(decliner, declinedReason))
  })
}

/** The sender voids an envelope in progress (DocuSign: only `sent` or `delivered` ones). */
export function voidEnvelope(envelope: LifecycleEnvelope, voidedReason: string, now: Date): Transition {
  if (envelope.status !== 'sent' && envelope.status !== 'delivered') {
    throw new LifecycleError(
      'ENVELOPE_CANNOT_VOID_INVALID_STATE',
      "Only envelopes in the 'Sent' or 'Delivered' states may be voided.",
    )
  }
  const reason = voidedReason.trim()
  if (reason === '') {
    throw new LifecycleError(
      'INVALID_REQUEST_PARAMETER',
      "Value for 'voidedReason' must be specified when voiding an envelope.",
    )
  }
  if (reason.length > MAX_VOIDED_REASON_LENGTH) {
    throw new LifecycleError(
      'INVALID_REQUEST_PARAMETER',
      `voidedReason must be at most ${MAX_VOIDED_REASON_LENGTH} characters`,
    )
  }
  return step(envelope, now, (draft, effects, at) => {
    draft.status = 'voided'
    draft.voidedAt = at
    draft.voidedReason = reason
    effects.events.push({ event: 'envelope-voided' })
    effects.audit.push({ action: 'Voided', envelopeStatus: 'voided', message: `Envelope voided: ${reason}` })
    notifyReached(draft, effects, 'voided', reason, () => true)
  })
}

/** Expiration is a void with DocuSign's reason. */
export function expire(envelope: LifecycleEnvelope, now: Date): Transition {
  return voidEnvelope(envelope, EXPIRED_REASON, now)
}

/**
 * A signer hands their part to someone else (DocuSign's "Assign to someone else"; who may, and the new
 * signer's id: signing/reassign/rules.ts). The signer is done (`completed`, without a signature, marked
 * `reassignedTo`), and the new signer joins at the same routing order with the signer's role and tabs,
 * so the routing invites them at once. Connect hears `recipient-reassign` for the signer who reassigned,
 * and the sender gets an email saying who handed their part to whom, with the signer's message.
 */
export function recipientReassigned(
  envelope: LifecycleEnvelope,
  recipientId: string,
  replacement: { recipientId: string; name: string; email: string; reason: string },
  now: Date,
): Transition {
  requireInProgress(envelope)
  const recipient = actingRecipient(envelope, recipientId)
  if (recipient.type !== 'signer' || recipient.embedded) {
    throw new LifecycleError(
      'RECIPIENT_CANNOT_REASSIGN',
      `Recipient ${recipientId} is not a remote signer; only those can assign their part to someone else.`,
    )
  }
  if (envelope.recipients.some((existing) => existing.recipientId === replacement.recipientId)) {
    throw new LifecycleError(
      'INVALID_RECIPIENT_ID',
      `recipientId ${replacement.recipientId} is already a recipient of this envelope`,
    )
  }
  return step(envelope, now, (draft, effects, at) => {
    const original = recipientIn(draft, recipientId)
    if (original.status === 'sent') markDelivered(original, effects, at)
    original.status = 'completed'
    original.reassignedTo = replacement.recipientId
    draft.recipients.push({
      recipientId: replacement.recipientId,
      type: 'signer',
      routingOrder: original.routingOrder,
      status: 'created',
      channel: 'email',
      replacing: { recipientId, name: replacement.name, email: replacement.email },
    })
    effects.events.push({ event: 'recipient-reassign', recipientId })
    const audit: AuditEffect = {
      action: 'Reassigned',
      recipientId,
      envelopeStatus: draft.status,
      message: `Recipient ${recipientId} assigned their part to recipient ${replacement.recipientId}: ${replacement.reason}`,
    }
    effects.audit.push(audit)
    advanceRouting(draft, effects, at)
    // The new signer's invitation quotes why the part was handed to them, as DocuSign's does.
    for (const message of effects.messages) {
      if (message.recipientId === replacement.recipientId) message.reason = replacement.reason
    }
    effects.messages.push(senderNoticeOfReassign(original, replacement.reason))
    audit.envelopeStatus = draft.status
  })
}

const EDITABLE_ROUTING: ReadonlySet<EnvelopeStatus> = new Set(['created', 'sent', 'delivered'])

/**
 * Recipients added to a draft or an envelope in progress (`POST .../envelopes/{envelopeId}/recipients`).
 * A draft only gains them. In progress, the routing goes on over the longer list: an added actor whose
 * routing order the routing has reached is invited at once (a carbon copy gets its copy once the routing
 * reaches its order), a later one waits for its turn, and an envelope `delivered` falls back to `sent`
 * while someone new has to act. Nothing is invited while a scheduled send waits. DocuSign invites an
 * added recipient whose turn it already is only with `resend_envelope=true`; here the routing invites
 * whoever it has reached, so the envelope never waits on someone nobody invited.
 */
export function addRecipients(
  envelope: LifecycleEnvelope,
  added: readonly LifecycleRecipient[],
  now: Date,
): Transition {
  if (!EDITABLE_ROUTING.has(envelope.status)) {
    throw new LifecycleError(
      'ENVELOPE_INVALID_STATUS',
      `Recipients can be added to a draft, sent or delivered envelope; this one is '${envelope.status}'.`,
    )
  }
  const taken = added.find((recipient) =>
    envelope.recipients.some((existing) => existing.recipientId === recipient.recipientId),
  )
  if (taken) {
    throw new LifecycleError(
      'INVALID_RECIPIENT_ID',
      `recipientId ${taken.recipientId} is already a recipient of this envelope: recipientIds must be unique within the envelope`,
    )
  }
  return step(envelope, now, (draft, effects, at) => {
    for (const recipient of added) {
      draft.recipients.push({ ...recipient, status: 'created' })
      effects.audit.push({
        action: 'Recipient Added',
        recipientId: recipient.recipientId,
        envelopeStatus: draft.status,
        message: `Recipient ${recipient.recipientId} was added to the envelope.`,
      })
    }
    if (draft.status === 'created' || awaitingScheduledSend(draft.workflow)) return
    advanceRouting(draft, effects, at)
  })
}

/** `?resend_envelope=true`: the current recipients who have not finished are invited again. */
export function resend(envelope: LifecycleEnvelope, now: Date): Transition {
  return messagePendingActors(envelope, now, 'invitation', 'Resent')
}

/** A reminder to the current recipients who have not finished. */
export function remind(envelope: LifecycleEnvelope, now: Date): Transition {
  return messagePendingActors(envelope, now, 'reminder', 'Reminder Sent')
}

/** The warning `expireWarn` days before expiration, to the current recipients who have not finished. */
export function warnOfExpiry(envelope: LifecycleEnvelope, now: Date): Transition {
  return messagePendingActors(envelope, now, 'expiryWarning', 'Expiration Warning Sent')
}

function messagePendingActors(
  envelope: LifecycleEnvelope,
  now: Date,
  kind: MessageKind,
  action: 'Resent' | 'Reminder Sent' | 'Expiration Warning Sent',
): Transition {
  requireInProgress(envelope)
  return step(envelope, now, (draft, effects) => {
    // An embedded recipient is sent nothing, so there is nothing to record either.
    for (const recipient of pendingActors(draft.recipients).filter((actor) => !isEmbedded(actor))) {
      pushMessage(effects, messageTo(recipient, kind))
      effects.audit.push({
        action,
        recipientId: recipient.recipientId,
        envelopeStatus: draft.status,
        message: `${action} to recipient ${recipient.recipientId}.`,
      })
    }
  })
}

/** Invites whoever the routing has reached; completes the envelope once no actor is left. */
function advanceRouting(draft: DraftEnvelope, effects: Effects, at: string) {
  let due = dueForInvitation(draft.recipients)
  const held = draft.workflow
    ? holdingStep(
        draft.workflow,
        due.map((recipient) => recipient.routingOrder),
        at,
        auditSteps(draft, effects),
      )
    : undefined
  if (held) due = due.filter((recipient) => recipient.routingOrder < held.routingOrder)
  for (const recipient of due) {
    recipient.status = 'sent'
    recipient.sentAt = at
    const kind = mustAct(recipient) ? 'invitation' : 'copy'
    const message = messageTo(recipient, kind)
    pushMessage(effects, message)
    effects.events.push({ event: 'recipient-sent', recipientId: recipient.recipientId })
    effects.audit.push({
      action: 'Sent Invitations',
      recipientId: recipient.recipientId,
      envelopeStatus: draft.status,
      message: !message
        ? `Envelope sent to embedded recipient ${recipient.recipientId}, who signs through the sender's application (no invitation is sent).`
        : kind === 'invitation'
          ? `Invitation sent to recipient ${recipient.recipientId}.`
          : `Copy sent to recipient ${recipient.recipientId}.`,
    })
  }
  if (allActorsFinished(draft.recipients)) complete(draft, effects, at)
  else updateEnvelopeDelivery(draft, effects, at)
}

/** Workflow steps the routing reaches or passes are audited with the envelope's status at that moment. */
function auditSteps(draft: DraftEnvelope, effects: Effects): StepChangeListener {
  return (change) => effects.audit.push(stepChangeAudit(change, draft.status))
}

/** Every actor finished: carbon copies complete too and everyone receives the completed documents. */
function complete(draft: DraftEnvelope, effects: Effects, at: string) {
  draft.status = 'completed'
  draft.completedAt = at
  if (draft.workflow) draft.workflow.status = 'completed'
  for (const recipient of draft.recipients) {
    if (recipient.type === 'carbonCopy' && recipient.status !== 'completed') {
      recipient.sentAt ??= at
      markCompleted(recipient, effects, at)
    }
  }
  effects.events.push({ event: 'envelope-completed' })
  effects.audit.push({
    action: 'Completed',
    envelopeStatus: 'completed',
    message: 'The envelope was completed.',
  })
  for (const recipient of draft.recipients) pushMessage(effects, messageTo(recipient, 'completed'))
}

/** `delivered` while every invited actor who has not finished has opened the envelope, else `sent`. */
function updateEnvelopeDelivery(draft: DraftEnvelope, effects: Effects, at: string) {
  const pending = pendingActors(draft.recipients)
  const delivered = pending.length > 0 && pending.every((recipient) => recipient.status === 'delivered')
  const next: EnvelopeStatus = delivered ? 'delivered' : 'sent'
  if (next === 'delivered' && draft.status !== 'delivered') {
    draft.deliveredAt ??= at
    effects.events.push({ event: 'envelope-delivered' })
  }
  draft.status = next
}

function markDelivered(recipient: LifecycleRecipient, effects: Effects, at: string) {
  recipient.status = 'delivered'
  recipient.deliveredAt = at
  effects.events.push({ event: 'recipient-delivered', recipientId: recipient.recipientId })
}

function markCompleted(recipient: LifecycleRecipient, effects: Effects, at: string) {
  recipient.status = 'completed'
  recipient.completedAt = at
  effects.events.push({ event: 'recipient-completed', recipientId: recipient.recipientId })
}

/** Declined and voided notices go to everyone the envelope has reached. */
function notifyReached(
  draft: DraftEnvelope,
  effects: Effects,
  kind: 'declined' | 'voided',
  reason: string,
  include: (recipient: LifecycleRecipient) => boolean,
) {
  for (const recipient of draft.recipients) {
    if (recipient.status === 'created' || !include(recipient)) continue
    pushMessage(effects, messageTo(recipient, kind, reason))
  }
}

function pushMessage(effects: Effects, message: MessageEffect | undefined) {
  if (message) effects.messages.push(message)
}

function requireInProgress(envelope: LifecycleEnvelope) {
  if (envelope.status === 'sent' || envelope.status === 'delivered') return
  const state = FINAL_ENVELOPE_STATUSES.has(envelope.status) ? envelope.status : "a draft ('created')"
  throw new LifecycleError(
    'ENVELOPE_INVALID_STATUS',
    `The envelope is ${state}; recipients cannot act on it.`,
  )
}

function findRecipient(envelope: LifecycleEnvelope, recipientId: string): LifecycleRecipient {
  const recipient = envelope.recipients.find((candidate) => candidate.recipientId === recipientId)
  if (!recipient) {
    throw unknownEnvelopeRecipient(recipientId)
  }
  return recipient
}

/** A recipient the routing has reached (viewing is allowed again after finishing). */
function reachedRecipient(envelope: LifecycleEnvelope, recipientId: string): LifecycleRecipient {
  const recipient = findRecipient(envelope, recipientId)
  if (recipient.status === 'created') {
    throw new LifecycleError('RECIPIENT_NOT_IN_SEQUENCE', `It is not yet recipient ${recipientId}'s turn.`)
  }
  return recipient
}

/** A reached recipient who has not finished yet. */
function actingRecipient(envelope: LifecycleEnvelope, recipientId: string): LifecycleRecipient {
  const recipient = reachedRecipient(envelope, recipientId)
  if (recipient.status === 'completed' || recipient.status === 'declined') {
    throw new LifecycleError('RECIPIENT_ALREADY_FINISHED', `Recipient ${recipientId} has already finished.`)
  }
  return recipient
}

/** The acting recipient, who must be one who signs (a signer or an in-person signer). */
function signingRecipient(envelope: LifecycleEnvelope, recipientId: string): LifecycleRecipient {
  const recipient = actingRecipient(envelope, recipientId)
  if (!canSign(recipient)) {
    throw new LifecycleError(
      'RECIPIENT_CANNOT_SIGN',
      `Recipient ${recipientId} is a ${recipient.type} and does not sign.`,
    )
  }
  return recipient
}

function recipientIn(draft: DraftEnvelope, recipientId: string) {
  return draft.recipients.find((recipient) => recipient.recipientId === recipientId)!
}

/** Runs a change on a copy: the caller's state is never mutated. */
function step(
  envelope: LifecycleEnvelope,
  now: Date,
  change: (draft: DraftEnvelope, effects: Effects, at: string) => void,
): Transition {
  const draft: DraftEnvelope = {
    ...envelope,
    recipients: envelope.recipients.map((recipient) => ({ ...recipient })),
    ...(envelope.workflow ? { workflow: copyWorkflow(envelope.workflow) } : {}),
  }
  const effects: Effects = { messages: [], audit: [], events: [] }
  change(draft, effects, now.toISOString())
  return { envelope: draft, effects }
}
