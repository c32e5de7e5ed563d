import type { Tab, TabOption, TabsByType } from '../tabs/model.js'
import { computeFormulas, eachTab, type Values } from '../tabs/values.js'
import type { TabValueLookup } from './conditions.js'

/**
 * What a conditional rule's filter reads: the value a recipient's tab ended with, found by the tab's
 * `tabLabel` (a radio group's `groupName`). The value entered at signing, else a formula's result, else
 * the sender's: a checkbox reads `true`/`false`, a radio group the `value` of its selected radio. The
 * first tab with a label wins, as for formulas.
 */
export function tabValueLookup(
  recipients: readonly { recipientId: string; tabs: TabsByType; values: Values }[],
): TabValueLookup {
  const byRecipient = new Map<string, Map<string, string | undefined>>()
  for (const { recipientId, tabs, values } of recipients) {
    const formulas = computeFormulas(tabs, values)
    const labelled = new Map<string, string | undefined>()
    for (const { id, type, tab } of eachTab(tabs)) {
      const label = text(tab.tabLabel) ?? text(tab.groupName)
      if (label === undefined || labelled.has(label)) continue
      labelled.set(label, values[id] ?? formulas[id] ?? senderValue(type, tab))
    }
    byRecipient.set(recipientId, labelled)
  }
  return (recipientId, tabLabel) => byRecipient.get(recipientId)?.get(tabLabel)
}

function senderValue(type: string, tab: Tab): string | undefined {
  if (type === 'checkboxTabs') return text(tab.selected) === 'true' ? 'true' : 'false'
  if (type === 'radioGroupTabs') {
    const radios = Array.isArray(tab.radios) ? (tab.radios as TabOption[]) : []
    return radios.find((radio) => radio.selected === 'true')?.value
  }
  return text(tab.value)
}

const text = (value: Tab[string] | undefined) => (typeof value === 'string' ? value : undefined)
