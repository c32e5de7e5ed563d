import type { EnvelopeDelayRule, Workflow } from 'esign-contract'
import { formatDelay } from './durations.js'
import { currentStep, nextResumeAt } from './gates.js'
import type { ConditionalRecipientRule, DelayRule, LifecycleWorkflow, Wait } from './model.js'

/** The workflow in DocuSign's shape, with its statuses and the dates the service computed. */
export function toWorkflowOutput(workflow: LifecycleWorkflow): Workflow {
  const current = currentStep(workflow)
  const resumeAt = nextResumeAt(workflow)
  return {
    workflowStatus: workflow.status,
    ...(current ? { currentWorkflowStepId: current.workflowStepId } : {}),
    ...(resumeAt ? { resumeDate: resumeAt } : {}),
    ...(workflow.scheduledSending ? { scheduledSending: toWaitOutput(workflow.scheduledSending) } : {}),
    workflowSteps: workflow.steps.map((step) => ({
      workflowStepId: step.workflowStepId,
      action: 'pause_before',
      triggerOnItem: 'routing_order',
      itemId: String(step.routingOrder),
      status: step.status,
      ...(step.triggeredAt ? { triggeredDate: step.triggeredAt } : {}),
      ...(step.completedAt ? { completedDate: step.completedAt } : {}),
      ...(step.delayedRouting ? { delayedRouting: toWaitOutput(step.delayedRouting) } : {}),
      ...(step.conditionalRecipient
        ? { recipientRouting: toRecipientRoutingOutput(step.conditionalRecipient) }
        : {}),
    })),
  }
}

function toWaitOutput(wait: Wait) {
  return {
    rules: [toRuleOutput(wait.rule)],
    status: wait.status,
    ...(wait.resumeAt ? { resumeDate: wait.resumeAt } : {}),
  }
}

function toRuleOutput(rule: DelayRule): EnvelopeDelayRule {
  return 'resumeAt' in rule ? { resumeDate: rule.resumeAt } : { delay: formatDelay(rule.delayMs) }
}

/** The rule as given (operators in their canonical spelling); which option it chose shows in the recipients. */
function toRecipientRoutingOutput(rule: ConditionalRecipientRule) {
  return {
    rules: {
      conditionalRecipients: [
        {
          recipientId: rule.recipientId,
          ...(rule.order !== undefined ? { order: String(rule.order) } : {}),
          recipientGroup: {
            groupName: rule.groupName,
            ...(rule.groupMessage ? { groupMessage: rule.groupMessage } : {}),
            recipients: rule.options,
          },
          conditions: rule.conditions.map((condition) => ({
            recipientLabel: condition.recipientLabel,
            order: String(condition.order),
            filters: condition.filters.map((filter) => ({ scope: 'tabs', ...filter })),
          })),
        },
      ],
    },
  }
}
