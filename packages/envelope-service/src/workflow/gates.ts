import type { DelayRule, LifecycleWorkflow, Wait, WorkflowStep } from './model.js'

/**
 * The workflow's rules on the routing, pure. A step holds every recipient at or after its routing
 * order until it completes: a pause completes when the sender resumes, a delay when its time comes
 * (counted from when the routing reached the step, i.e. when the previous order finished). A scheduled
 * send holds the whole envelope until its time (counted from the send). Functions taking a `draft`
 * change it in place: the lifecycle passes its working copy.
 */

export function resumeAtOf(rule: DelayRule, startedAt: string): string {
  return 'resumeAt' in rule ? rule.resumeAt : new Date(Date.parse(startedAt) + rule.delayMs).toISOString()
}

/** Starts a wait at `at`; true when it is still running (its end is after `at`). */
export function startWait(wait: Wait, at: string): boolean {
  wait.resumeAt = resumeAtOf(wait.rule, at)
  if (wait.resumeAt > at) {
    wait.status = 'started'
    return true
  }
  wait.status = 'completed'
  return false
}

/** A step the routing reached (`triggered`) or that let the routing go on (`completed`), for the audit trail. */
export interface StepChange {
  step: WorkflowStep
  change: 'triggered' | 'completed'
}
export type StepChangeListener = (change: StepChange) => void

/**
 * The step that holds back some of `dueOrders` (routing orders the routing would now invite), after
 * triggering it if the routing just reached it; undefined when nothing holds. A delay that has already
 * run out completes at once and the next step is considered. Each trigger and completion is told to
 * `onChange`.
 */
export function holdingStep(
  draft: LifecycleWorkflow,
  dueOrders: readonly number[],
  at: string,
  onChange: StepChangeListener,
): WorkflowStep | undefined {
  if (dueOrders.length === 0) return undefined
  const highest = Math.max(...dueOrders)
  for (const step of draft.steps) {
    if (step.status === 'completed' || step.routingOrder > highest) continue
    if (step.status === 'pending') {
      step.status = 'in_progress'
      step.triggeredAt = at
      draft.currentStepId = step.workflowStepId
      if (step.conditionalRecipient) step.conditionalRecipient.status = 'evaluating'
      else if (!step.delayedRouting) draft.status = 'paused'
      const running = step.delayedRouting ? startWait(step.delayedRouting, at) : true
      onChange({ step, change: 'triggered' })
      if (!running) {
        completeStep(draft, step, at, onChange)
        continue
      }
    }
    return step
  }
  return undefined
}

export function completeStep(
  draft: LifecycleWorkflow,
  step: WorkflowStep,
  at: string,
  onChange: StepChangeListener,
) {
  step.status = 'completed'
  step.completedAt = at
  if (step.delayedRouting) step.delayedRouting.status = 'completed'
  draft.status = 'in_progress'
  onChange({ step, change: 'completed' })
}

/** The step the routing waits on, if any. */
export function currentStep(workflow: LifecycleWorkflow): WorkflowStep | undefined {
  return workflow.steps.find((step) => step.status === 'in_progress')
}

/** Whether the scheduled send's time has not come yet: the envelope is accepted but nobody is invited. */
export const awaitingScheduledSend = (workflow: LifecycleWorkflow | undefined) =>
  workflow?.scheduledSending?.status === 'started'

/**
 * When the workflow job must next look at the envelope: the end of a running wait, or at once for a
 * conditional rule to evaluate (the job reads the tab values the finishing recipient's transaction
 * committed, which the transition that reached the step could not see yet).
 */
export function nextResumeAt(workflow: LifecycleWorkflow | undefined): string | undefined {
  if (!workflow) return undefined
  if (workflow.scheduledSending?.status === 'started') return workflow.scheduledSending.resumeAt
  const step = currentStep(workflow)
  if (step?.conditionalRecipient?.status === 'evaluating') return step.triggeredAt
  return step?.delayedRouting?.status === 'started' ? step.delayedRouting.resumeAt : undefined
}

export function copyWorkflow(workflow: LifecycleWorkflow): LifecycleWorkflow {
  return structuredClone(workflow)
}
