import type { Workflow, WorkflowStep } from 'esign-contract'
import { InvalidRequestError, looksLikeEmailAddress } from 'platform'
import type {
  ConditionalRecipientRule,
  FilterOperator,
  RecipientOption,
  RuleCondition,
  RuleFilter,
} from './model.js'

/**
 * `workflowSteps[].recipientRouting` (DocuSign's conditional recipients) as the lifecycle keeps it.
 * Supported: one rule per step, whose placeholder is a signer at the step's routing order, choosing
 * among its group's options by filters on tabs (`scope: "tabs"`) of recipients at earlier routing
 * orders, with `equals`, `not_equals`, `greater_than` or `less_than`. Anything else is a 400 that names
 * the field, so a client never believes a routing rule runs that does not.
 */

type RecipientRouting = NonNullable<WorkflowStep['recipientRouting']>
type RequestRule = NonNullable<NonNullable<RecipientRouting['rules']>['conditionalRecipients']>[number]

export interface RuleRecipient {
  recipientId: string
  routingOrder: number
  type: string
}

const OPERATORS: Record<string, FilterOperator> = {
  equals: 'equals',
  notequals: 'not_equals',
  greaterthan: 'greater_than',
  lessthan: 'less_than',
}

/**
 * The `recipientId`s the request's conditional rules fill. DocuSign lets such a placeholder signer come
 * without an email (its person is the option the rule chooses), so the recipient check must know them
 * before the workflow itself is parsed; `parseConditionalRecipient` then checks each one is a signer at
 * its step's routing order.
 */
export function conditionalPlaceholderIds(workflow: Workflow | undefined): ReadonlySet<string> {
  const rules = (workflow?.workflowSteps ?? []).flatMap(
    (step) => step.recipientRouting?.rules?.conditionalRecipients ?? [],
  )
  return new Set(rules.flatMap((rule) => (rule.recipientId?.trim() ? [rule.recipientId.trim()] : [])))
}

export function parseConditionalRecipient(
  routing: RecipientRouting,
  routingOrder: number,
  recipients: readonly RuleRecipient[],
  field: string,
): ConditionalRecipientRule {
  const rules = routing.rules?.conditionalRecipients
  if (rules?.length !== 1) {
    throw new InvalidRequestError(
      `${field}.rules.conditionalRecipients must hold exactly one rule (one placeholder recipient per routing order)`,
    )
  }
  const [rule] = rules as [RequestRule]
  const at = `${field}.rules.conditionalRecipients[0]`
  const placeholder = recipients.find((recipient) => recipient.recipientId === rule.recipientId?.trim())
  if (placeholder?.type !== 'signer' || placeholder.routingOrder !== routingOrder) {
    throw new InvalidRequestError(
      `${at}.recipientId must be the recipientId of a signer at routing order ${routingOrder} (the placeholder the rule fills)`,
    )
  }
  const options = optionsOf(rule.recipientGroup, `${at}.recipientGroup`)
  const labels = new Set(options.map((option) => option.recipientLabel))
  const conditions = (rule.conditions ?? []).map((condition, index): RuleCondition => {
    const where = `${at}.conditions[${index}]`
    const label = condition.recipientLabel?.trim() ?? ''
    if (!labels.has(label)) {
      throw new InvalidRequestError(
        `${where}.recipientLabel must be the recipientLabel of an option of the recipientGroup`,
      )
    }
    const filters = condition.filters ?? []
    if (filters.length === 0) throw new InvalidRequestError(`${where}.filters must hold at least one filter`)
    return {
      recipientLabel: label,
      order: orderOf(condition.order, index, `${where}.order`),
      filters: filters.map((filter, f) =>
        filterOf(filter, routingOrder, recipients, `${where}.filters[${f}]`),
      ),
    }
  })
  if (conditions.length === 0)
    throw new InvalidRequestError(`${at}.conditions must hold at least one condition`)
  return {
    recipientId: placeholder.recipientId,
    ...(rule.order !== undefined ? { order: orderOf(rule.order, 0, `${at}.order`) } : {}),
    groupName: rule.recipientGroup?.groupName?.trim() || 'Conditional recipients',
    ...(rule.recipientGroup?.groupMessage ? { groupMessage: rule.recipientGroup.groupMessage } : {}),
    options,
    conditions,
    status: 'pending',
  }
}

function optionsOf(group: RequestRule['recipientGroup'], field: string) {
  const options = group?.recipients ?? []
  if (options.length === 0)
    throw new InvalidRequestError(`${field}.recipients must list the recipients the rule chooses from`)
  const seen = new Set<string>()
  return options.map((option, index): RecipientOption => {
    const where = `${field}.recipients[${index}]`
    const label = option.recipientLabel?.trim() ?? ''
    if (label === '' || seen.has(label)) {
      throw new InvalidRequestError(`${where}.recipientLabel must be given and unique within the group`)
    }
    seen.add(label)
    if (!option.name?.trim()) throw new InvalidRequestError(`${where}.name is required`)
    if (!option.email || !looksLikeEmailAddress(option.email)) {
      throw new InvalidRequestError(`${where}.email must be a valid email address`)
    }
    return {
      recipientLabel: label,
      name: option.name.trim(),
      email: option.email.trim(),
      ...(option.roleName?.trim() ? { roleName: option.roleName.trim() } : {}),
    }
  })
}

function filterOf(
  filter: NonNullable<NonNullable<RequestRule['conditions']>[number]['filters']>[number],
  routingOrder: number,
  recipients: readonly RuleRecipient[],
  field: string,
): RuleFilter {
  if (filter.scope !== undefined && filter.scope.trim().toLowerCase() !== 'tabs') {
    throw new InvalidRequestError(
      `${field}.scope must be 'tabs' (conditions on other data are not supported)`,
    )
  }
  const source = recipients.find((recipient) => recipient.recipientId === filter.recipientId?.trim())
  if (!source || source.routingOrder >= routingOrder) {
    throw new InvalidRequestError(
      `${field}.recipientId must be a recipient at a routing order before ${routingOrder}: the rule reads tabs already filled`,
    )
  }
  const tabLabel = filter.tabLabel?.trim() ?? ''
  if (tabLabel === '')
    throw new InvalidRequestError(`${field}.tabLabel is required: the tab is found by its label`)
  const operator = OPERATORS[(filter.operator ?? '').replace(/[\s_]/g, '').toLowerCase()]
  if (!operator) {
    throw new InvalidRequestError(
      `${field}.operator must be one of: ${Object.values(OPERATORS).join(', ')}${filter.operator ? `; got '${filter.operator}'` : ''}`,
    )
  }
  if (filter.value === undefined) throw new InvalidRequestError(`${field}.value is required`)
  return {
    recipientId: source.recipientId,
    tabLabel,
    operator,
    value: filter.value,
    ...(filter.tabId ? { tabId: filter.tabId } : {}),
    ...(filter.tabType ? { tabType: filter.tabType } : {}),
  }
}

function orderOf(order: string | undefined, fallback: number, field: string): number {
  if (order === undefined || order.trim() === '') return fallback
  if (!/^[0-9]{1,9}$/.test(order.trim())) throw new InvalidRequestError(`${field} must be a whole number`)
  return Number(order.trim())
}
