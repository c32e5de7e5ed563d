import type { EnvelopeStatus } from 'esign-contract'
import type { AuditEffect } from '../audit/model.js'
import type { StepChange } from './gates.js'

/**
 * The audit entries of the workflow's waits: when the routing starts and stops waiting, so the
 * envelope's history (`GET .../audit_events`) says why nobody was invited for a while and who let the
 * routing go on (the entry's actor: the sender who resumed, or `System` for the job). DocuSign's
 * history has no public list of these actions; the names are ours, in its style.
 */

export function scheduledSendArmed(resumeAt: string, envelopeStatus: EnvelopeStatus): AuditEffect {
  return {
    action: 'Scheduled Send Armed',
    envelopeStatus,
    message: `Sending scheduled for ${resumeAt}; no recipient is invited before then.`,
  }
}

export function scheduledSendReleased(resumeAt: string, envelopeStatus: EnvelopeStatus): AuditEffect {
  return {
    action: 'Scheduled Send Released',
    envelopeStatus,
    message: `The scheduled send time ${resumeAt} came; the envelope goes out.`,
  }
}

export function stepChangeAudit({ step, change }: StepChange, envelopeStatus: EnvelopeStatus): AuditEffect {
  const where = `routing order ${step.routingOrder} (workflow step ${step.workflowStepId})`
  const rule = step.conditionalRecipient
  if (rule) {
    if (change === 'triggered') {
      return {
        action: 'Conditional Routing Started',
        envelopeStatus,
        message: `Routing reached ${where}; the conditional rule chooses recipient ${rule.recipientId} from the group '${rule.groupName}'.`,
      }
    }
    const option = rule.options.find((candidate) => candidate.recipientLabel === rule.chosen)
    return option
      ? {
          action: 'Conditional Recipient Chosen',
          recipientId: rule.recipientId,
          envelopeStatus,
          message: `Recipient ${rule.recipientId} is ${option.name} <${option.email}> (option '${option.recipientLabel}' of the group '${rule.groupName}').`,
        }
      : {
          action: 'Conditional Recipient Removed',
          recipientId: rule.recipientId,
          envelopeStatus,
          message: `No condition of the group '${rule.groupName}' held: recipient ${rule.recipientId} was removed from the envelope.`,
        }
  }
  if (step.delayedRouting) {
    return change === 'triggered'
      ? {
          action: 'Routing Delay Started',
          envelopeStatus,
          message: `Routing delayed before ${where} until ${step.delayedRouting.resumeAt}.`,
        }
      : { action: 'Routing Delay Ended', envelopeStatus, message: `The delay before ${where} ended.` }
  }
  return change === 'triggered'
    ? {
        action: 'Routing Paused',
        envelopeStatus,
        message: `Routing paused before ${where} until the sender resumes it.`,
      }
    : { action: 'Routing Resumed', envelopeStatus, message: `Routing resumed at ${where}.` }
}
