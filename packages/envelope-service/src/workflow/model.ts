/**
 * The envelope workflow as the lifecycle keeps it (DocuSign's Advanced Recipient Routing): a scheduled
 * send, and steps that hold the routing before a routing order, either until the sender resumes
 * (`pause_before`) or until a delay ends (`delayedRouting`). Times are ISO 8601 UTC strings, so they
 * compare as text.
 */

/** How long to wait: a duration counted from when the wait starts, or a fixed instant. */
export type DelayRule = { delayMs: number } | { resumeAt: string }

/** DocuSign's statuses of a scheduled send or a delay: not reached yet, counting down, elapsed. */
export type WaitStatus = 'pending' | 'started' | 'completed'

export interface Wait {
  rule: DelayRule
  status: WaitStatus
  /** When the wait ends; set when it starts. */
  resumeAt?: string
}

export type WorkflowStepStatus = 'pending' | 'in_progress' | 'completed'

/** `action: "pause_before"`, `triggerOnItem: "routing_order"`: holds the routing before `routingOrder`. */
export interface WorkflowStep {
  workflowStepId: string
  routingOrder: number
  status: WorkflowStepStatus
  triggeredAt?: string
  completedAt?: string
  /** A delay instead of a pause: the routing resumes by itself when it ends. */
  delayedRouting?: Wait
  /** Conditional recipients instead of a pause: the routing resumes once the rule has chosen. */
  conditionalRecipient?: ConditionalRecipientRule
}

/** How a filter compares a tab's value with its own `value`. */
export type FilterOperator = 'equals' | 'not_equals' | 'greater_than' | 'less_than'

/** One test on a tab an earlier recipient filled, found by that recipient's id and the tab's label. */
export interface RuleFilter {
  recipientId: string
  tabLabel: string
  operator: FilterOperator
  value: string
  /** Echoed back as given; the tab is found by its label. */
  tabId?: string
  tabType?: string
}

/** Chooses the option `recipientLabel` when every filter holds. */
export interface RuleCondition {
  recipientLabel: string
  order: number
  filters: RuleFilter[]
}

export interface RecipientOption {
  recipientLabel: string
  name: string
  email: string
  roleName?: string
}

/**
 * DocuSign's `ConditionalRecipientRule`: the placeholder recipient `recipientId` becomes the option of
 * the first condition (by `order`) whose filters all hold, or leaves the envelope when none holds.
 * `pending` until the routing reaches the step, `evaluating` until the workflow job has read the
 * committed tab values, then `completed` with `chosen` (the option's label, or null for none).
 */
export interface ConditionalRecipientRule {
  recipientId: string
  order?: number
  groupName: string
  groupMessage?: string
  options: RecipientOption[]
  conditions: RuleCondition[]
  status: 'pending' | 'evaluating' | 'completed'
  chosen?: string | null
}

/** `paused` while a pause step holds the routing and only the sender can resume it. */
export type WorkflowStatus = 'in_progress' | 'paused' | 'completed'

export interface LifecycleWorkflow {
  status: WorkflowStatus
  currentStepId?: string
  scheduledSending?: Wait
  steps: WorkflowStep[]
}
