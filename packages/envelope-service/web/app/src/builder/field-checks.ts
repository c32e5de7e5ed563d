import { conditionalParents, type TabProblem, tabProblems } from '../../../../src/tabs/field-rules.js'
import { formatTabValue } from '../../../../src/tabs/locale-format.js'
import type { Tab, TabsByType } from '../../../../src/tabs/model.js'
import { type BuilderState, type Field, tabsOfRole } from './model.js'

/**
 * The service's own rules for formulas, conditional display and radio groups (src/tabs/field-rules.ts),
 * run in the browser on each role's tabs as they would be saved, so a field shows its problem before the
 * save instead of after the service's 400; and the service's locale formatting, for a preview of a
 * localePolicy.
 */

/** Each field's problems, by field key; `role` problems (a circle of formulas) under the role's key. */
export function fieldProblems(state: BuilderState): Map<string, TabProblem[]> {
  const found = new Map<string, TabProblem[]>()
  const note = (key: string, problem: TabProblem) => found.set(key, [...(found.get(key) ?? []), problem])
  for (const role of state.roles) {
    const { tabs, owners } = tabsOfRole(state, role, '1')
    for (const problem of tabProblems(tabs as TabsByType)) {
      const owner = problem.index === undefined ? undefined : owners[problem.type]?.[problem.index]
      note(owner ?? role.key, problem)
    }
  }
  return found
}

/**
 * The labels a field may wait for (the role's other labelled fields and kept tabs), in alphabetical
 * order, each with the values it can take: undefined for any text.
 */
export function parentChoices(state: BuilderState, field: Field): { label: string; values?: string[] }[] {
  const role = state.roles.find((candidate) => candidate.key === field.roleKey)
  if (!role) return []
  const { tabs } = tabsOfRole(state, role, '1')
  return [...conditionalParents(tabs as TabsByType)]
    .filter(([label]) => label !== field.tabLabel)
    .map(([label, parent]) => (parent.values ? { label, values: parent.values } : { label }))
    .sort((a, b) => a.label.localeCompare(b.label))
}

/** How the service shows a sample value of the field under its localePolicy (a date or an amount). */
export function localePreview(field: Field): string {
  const tab: Tab = {
    ...(field.localePolicy ? { localePolicy: field.localePolicy } : {}),
    ...(field.validationType ? { validationType: field.validationType } : {}),
  }
  return field.type === 'date'
    ? formatTabValue('dateTabs', tab, '2026-02-28')
    : formatTabValue('numericalTabs', tab, '1234567.89')
}
