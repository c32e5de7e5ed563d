import type { EnvelopeDelayRule, Workflow } from 'esign-contract'
import { InvalidRequestError } from 'platform'
import { parseDelay, parseResumeDate } from './durations.js'
import type { DelayRule, LifecycleWorkflow, Wait, WorkflowStep } from './model.js'
import { parseConditionalRecipient, type RuleRecipient } from './parse-conditions.js'

/**
 * The request's `workflow` as the lifecycle keeps it, or undefined when it asks for nothing. Every
 * field is either honoured or refused with a 400 that names it: read-only fields (statuses, dates the
 * service computes) and bulk sending are refused, so a client never believes a workflow runs that does
 * not. Enumerated values are matched without regard to case.
 */
export function parseWorkflow(
  workflow: Workflow | undefined,
  recipients: readonly RuleRecipient[],
): LifecycleWorkflow | undefined {
  if (workflow === undefined) return undefined
  const routingOrders = recipients.map((recipient) => recipient.routingOrder)
  const field = 'workflow'
  if (workflow.workflowStatus !== undefined && !same(workflow.workflowStatus, 'in_progress')) {
    throw new InvalidRequestError(
      `${field}.workflowStatus must be 'in_progress' when creating an envelope; a workflow pauses through workflowSteps`,
    )
  }
  readOnly(workflow.currentWorkflowStepId, `${field}.currentWorkflowStepId`)
  readOnly(workflow.resumeDate, `${field}.resumeDate`)
  const scheduledSending = workflow.scheduledSending
    ? scheduledSendingOf(workflow.scheduledSending, `${field}.scheduledSending`)
    : undefined
  const steps = (workflow.workflowSteps ?? []).map((step, index) =>
    stepOf(step, index, `${field}.workflowSteps[${index}]`, recipients),
  )
  checkUnique(steps, (step) => step.workflowStepId, `${field}.workflowSteps`, 'workflowStepId')
  checkUnique(steps, (step) => String(step.routingOrder), `${field}.workflowSteps`, 'itemId')
  const first = Math.min(...routingOrders)
  const delayedFirst = steps.find((step) => step.delayedRouting && step.routingOrder <= first)
  if (delayedFirst) {
    throw new InvalidRequestError(
      `${field}.workflowSteps: delayedRouting cannot hold the first routing order (${first}); use workflow.scheduledSending to delay the first send`,
    )
  }
  if (!scheduledSending && steps.length === 0) return undefined
  return {
    status: 'in_progress',
    ...(scheduledSending ? { scheduledSending } : {}),
    steps: steps.sort((a, b) => a.routingOrder - b.routingOrder),
  }
}

function scheduledSendingOf(scheduled: NonNullable<Workflow['scheduledSending']>, field: string): Wait {
  if (scheduled.bulkListId !== undefined) {
    throw new InvalidRequestError(`${field}.bulkListId is not supported: this service has no bulk sending`)
  }
  readOnly(scheduled.status, `${field}.status`)
  readOnly(scheduled.resumeDate, `${field}.resumeDate`)
  return { rule: ruleOf(scheduled.rules, `${field}.rules`), status: 'pending' }
}

function stepOf(
  step: NonNullable<Workflow['workflowSteps']>[number],
  index: number,
  field: string,
  recipients: readonly RuleRecipient[],
): WorkflowStep {
  const routingOrders = recipients.map((recipient) => recipient.routingOrder)
  if (step.action === undefined || !same(step.action, 'pause_before')) {
    throw new InvalidRequestError(`${field}.action must be 'pause_before'`)
  }
  if (step.triggerOnItem === undefined || !same(step.triggerOnItem, 'routing_order')) {
    throw new InvalidRequestError(`${field}.triggerOnItem must be 'routing_order'`)
  }
  if (step.itemId === undefined || !/^[0-9]{1,9}$/.test(step.itemId.trim())) {
    throw new InvalidRequestError(
      `${field}.itemId must be the routing order the step pauses before, e.g. "2"`,
    )
  }
  const routingOrder = Number(step.itemId.trim())
  if (!routingOrders.includes(routingOrder)) {
    throw new InvalidRequestError(
      `${field}.itemId ${routingOrder} is not the routing order of any recipient (${[...new Set(routingOrders)].sort((a, b) => a - b).join(', ')})`,
    )
  }
  // DocuSign's own conditional-recipients example sends `status: "pending"`, the state every step starts in.
  if (step.status === undefined || !same(step.status, 'pending')) readOnly(step.status, `${field}.status`)
  readOnly(step.triggeredDate, `${field}.triggeredDate`)
  readOnly(step.completedDate, `${field}.completedDate`)
  if (step.recipientRouting !== undefined && step.delayedRouting !== undefined) {
    throw new InvalidRequestError(
      `${field}: give either recipientRouting or delayedRouting, not both (a step either chooses a recipient or waits)`,
    )
  }
  const conditionalRecipient =
    step.recipientRouting !== undefined
      ? parseConditionalRecipient(
          step.recipientRouting,
          routingOrder,
          recipients,
          `${field}.recipientRouting`,
        )
      : undefined
  let delayedRouting: Wait | undefined
  if (step.delayedRouting) {
    readOnly(step.delayedRouting.status, `${field}.delayedRouting.status`)
    readOnly(step.delayedRouting.resumeDate, `${field}.delayedRouting.resumeDate`)
    delayedRouting = {
      rule: ruleOf(step.delayedRouting.rules, `${field}.delayedRouting.rules`),
      status: 'pending',
    }
  }
  return {
    workflowStepId: step.workflowStepId?.trim() || String(index + 1),
    routingOrder,
    status: 'pending',
    ...(delayedRouting ? { delayedRouting } : {}),
    ...(conditionalRecipient ? { conditionalRecipient } : {}),
  }
}

/** DocuSign takes exactly one rule, with a `delay` or a `resumeDate`. */
function ruleOf(rules: readonly EnvelopeDelayRule[] | undefined, field: string): DelayRule {
  if (rules?.length !== 1) {
    throw new InvalidRequestError(`${field} must hold exactly one rule (a delay or a resumeDate)`)
  }
  const [rule] = rules as [EnvelopeDelayRule]
  if ((rule.delay === undefined) === (rule.resumeDate === undefined)) {
    throw new InvalidRequestError(`${field}[0] must give either delay or resumeDate, not both or neither`)
  }
  return rule.delay !== undefined
    ? { delayMs: parseDelay(rule.delay, `${field}[0].delay`) }
    : { resumeAt: parseResumeDate(rule.resumeDate as string, `${field}[0].resumeDate`) }
}

function readOnly(value: string | undefined, field: string) {
  if (value !== undefined && value !== '') {
    throw new InvalidRequestError(`${field} is read-only: the service sets it`)
  }
}

function checkUnique<T>(items: readonly T[], key: (item: T) => string, field: string, name: string) {
  const seen = new Set<string>()
  for (const item of items) {
    const value = key(item)
    if (seen.has(value)) throw new InvalidRequestError(`${field}: two steps have ${name} '${value}'`)
    seen.add(value)
  }
}

const same = (value: string, expected: string) => value.trim().toLowerCase() === expected
