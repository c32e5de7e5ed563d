import type { ConditionalRecipientRule, RecipientOption, RuleFilter } from './model.js'

/**
 * The conditional-recipient rule, pure: conditions are tried in `order` (ties in the order given), and
 * the first whose filters all hold names the option the placeholder becomes; none holding chooses
 * nobody. A filter reads the value an earlier recipient gave the tab with its label (`undefined` when
 * that recipient has no such tab or left it empty). `equals` and `not_equals` compare text without
 * regard to case or surrounding blanks (a checkbox reads `true`/`false`); `greater_than` and
 * `less_than` compare numbers and never hold for a value that is not one.
 */

export type TabValueLookup = (recipientId: string, tabLabel: string) => string | undefined

export function chooseRecipient(
  rule: Pick<ConditionalRecipientRule, 'conditions' | 'options'>,
  tabValue: TabValueLookup,
): RecipientOption | undefined {
  const conditions = rule.conditions
    .map((condition, index) => ({ condition, index }))
    .sort((a, b) => a.condition.order - b.condition.order || a.index - b.index)
  for (const { condition } of conditions) {
    if (condition.filters.every((filter) => holds(filter, tabValue(filter.recipientId, filter.tabLabel)))) {
      return rule.options.find((option) => option.recipientLabel === condition.recipientLabel)
    }
  }
  return undefined
}

export function holds(filter: Pick<RuleFilter, 'operator' | 'value'>, actual: string | undefined): boolean {
  const text = (value: string | undefined) => (value ?? '').trim().toLowerCase()
  switch (filter.operator) {
    case 'equals':
      return text(actual) === text(filter.value)
    case 'not_equals':
      return text(actual) !== text(filter.value)
    case 'greater_than':
    case 'less_than': {
      const left = numberOf(actual)
      const right = numberOf(filter.value)
      if (left === undefined || right === undefined) return false
      return filter.operator === 'greater_than' ? left > right : left < right
    }
  }
}

function numberOf(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined
  const parsed = Number(value.trim())
  return Number.isFinite(parsed) ? parsed : undefined
}
