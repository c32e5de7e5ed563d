import type { ChainedAuditRecord } from '../audit/chain.js'
import type { EnvelopeDefinition } from '../envelopes/model.js'
import type { OutboxMessage } from '../outbox/repository.js'
import { awaitingScheduledSend, nextResumeAt } from '../workflow/gates.js'
import type { LifecycleWorkflow } from '../workflow/model.js'
import { lifecycleRecipientOf } from './from-envelope.js'
import { type Actor, auditEntriesOf, outboxRowsOf } from './outbox-rows.js'
import { send } from './transitions.js'

/** What creating an envelope sets in motion, decided by the lifecycle and stored with the envelope. */
export interface CreationEffects {
  /** Recipients the send invited: stored as `sent`, the others as `created`. */
  invited: string[]
  /** Outbox rows (invitations, Connect events). */
  messages: OutboxMessage[]
  /** The first entries of the envelope's audit chain. */
  audit: ChainedAuditRecord[]
  /** The workflow's state after the send (or as requested, for a draft). */
  workflow?: LifecycleWorkflow
  /** When the envelope went out: absent for a draft, and for a scheduled send until its time comes. */
  sentAt?: string
  /** When the workflow's next wait ends, for the resume job. */
  workflowResumeAt?: string
}

/**
 * A draft sets nothing in motion. An envelope created with `status: "sent"` goes through the same
 * `send` transition as a draft sent later, so both invite the same recipients and owe the same
 * messages, events and audit entries.
 */
export function effectsAtCreate(
  envelope: { envelopeId: string; accountId: string },
  definition: Pick<EnvelopeDefinition, 'status' | 'recipients'>,
  actor: Actor,
  now: number,
  workflow?: LifecycleWorkflow,
): CreationEffects {
  if (definition.status !== 'sent') {
    return { invited: [], messages: [], audit: [], ...(workflow ? { workflow, ...resumeOf(workflow) } : {}) }
  }
  const draft = {
    status: 'created' as const,
    recipients: definition.recipients.map((recipient) =>
      lifecycleRecipientOf(recipient, { status: 'created' }),
    ),
    ...(workflow ? { workflow } : {}),
  }
  const transition = send(draft, new Date(now))
  return {
    invited: transition.envelope.recipients
      .filter((recipient) => recipient.status !== 'created')
      .map((recipient) => recipient.recipientId),
    messages: outboxRowsOf(envelope, transition, now),
    audit: auditEntriesOf(envelope.envelopeId, undefined, transition.effects.audit, actor, now),
    ...(transition.envelope.workflow
      ? { workflow: transition.envelope.workflow, ...resumeOf(transition.envelope.workflow) }
      : {}),
    // A scheduled send is accepted as sent but sends later: it has no sending time yet.
    ...(awaitingScheduledSend(transition.envelope.workflow) ? {} : { sentAt: new Date(now).toISOString() }),
  }
}

function resumeOf(workflow: LifecycleWorkflow): { workflowResumeAt?: string } {
  const resumeAt = nextResumeAt(workflow)
  return resumeAt === undefined ? {} : { workflowResumeAt: resumeAt }
}
