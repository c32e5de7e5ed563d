import type { Tab, TabOption, TabsByType } from './model.js'
import { tabIdOf, type Values } from './values.js'

/**
 * Conditional display (DocuSign's `conditionalParentLabel` / `conditionalParentValue`), acted on: a tab
 * with a parent is shown only while that parent (the first tab of the same recipient with that
 * `tabLabel`, or radio group with that `groupName`) is shown and holds the value. A checkbox holds `on`
 * when checked and `off` when not (either case); a list its selected item's value; a radio group its
 * selected radio's value; any other tab its exact text. A hidden tab is not required, has no value and
 * is not drawn. Conditions chain: a hidden parent hides its children. The tab rules refuse an unknown
 * parent, a tab of its own and a value the parent cannot take (field-rules.ts), but the merge of several
 * templates or a stored row could still make one: a tab whose parent is missing, itself, or part of a
 * circle is hidden, so nothing it holds ever counts.
 *
 * Pure and free of Node APIs: the service (finishing, completion, the API) and the signing page run the
 * same rule, the page on the ids the service resolved the labels to.
 */

/** One tab as the rule reads it: its value now, and the parent it waits for. */
export interface ConditionalNode {
  id: string
  checkbox: boolean
  /** A checkbox's `true` when checked; a list's or radio group's chosen value; a text's text. */
  value: string | undefined
  parent?: { id: string; value: string } | undefined
}

/** What a parent holds as its children compare it: `on`/`off` for a checkbox, else its value. */
const heldBy = (node: ConditionalNode) =>
  node.checkbox ? (node.value === 'true' ? 'on' : 'off') : (node.value ?? '')

const waitsFor = (parent: ConditionalNode, expected: string) =>
  parent.checkbox ? expected.toLowerCase() === heldBy(parent) : expected === heldBy(parent)

/** The ids of the tabs hidden by their conditions, given what every tab holds now. */
export function hiddenIds(nodes: readonly ConditionalNode[]): Set<string> {
  const byId = new Map(nodes.map((node) => [node.id, node]))
  const shown = new Map<string, boolean>()
  const deciding = new Set<string>()
  const isShown = (node: ConditionalNode): boolean => {
    const known = shown.get(node.id)
    if (known !== undefined) return known
    if (deciding.has(node.id)) return false
    deciding.add(node.id)
    const parent = node.parent ? byId.get(node.parent.id) : undefined
    const result =
      node.parent === undefined ||
      (parent !== undefined && parent !== node && isShown(parent) && waitsFor(parent, node.parent.value))
    deciding.delete(node.id)
    shown.set(node.id, result)
    return result
  }
  return new Set(nodes.filter((node) => !isShown(node)).map((node) => node.id))
}

const text = (value: Tab[string] | undefined) => (typeof value === 'string' ? value : undefined)
const options = (value: Tab[string] | undefined): TabOption[] => (Array.isArray(value) ? value : [])

/** The label a child names a tab by: a radio group's `groupName`, any other tab's `tabLabel`. */
const labelOf = (type: string, tab: Tab) =>
  type === 'radioGroupTabs' ? text(tab.groupName) : text(tab.tabLabel)

/** What a tab holds without an entry: the sender's value, selection or checked state. */
function ownValueOf(type: string, tab: Tab): string | undefined {
  if (type === 'checkboxTabs') return text(tab.selected)?.toLowerCase() === 'true' ? 'true' : 'false'
  if (type === 'radioGroupTabs') return options(tab.radios).find((radio) => radio.selected === 'true')?.value
  if (type === 'listTabs') {
    const selected = options(tab.listItems).find((item) => item.selected === 'true')
    return text(tab.value) ?? selected?.value ?? selected?.text
  }
  return text(tab.value)
}

/**
 * A recipient's tabs as the rule reads them: each parent label resolved to the first tab carrying it,
 * each value the entered one (`<type>-<index>` ids, values.ts), else what the tab itself holds.
 */
export function conditionalNodes(tabs: TabsByType, entered: Values = {}): ConditionalNode[] {
  const idByLabel = new Map<string, string>()
  for (const [type, list] of Object.entries(tabs)) {
    list.forEach((tab, index) => {
      const label = labelOf(type, tab)
      if (label && !idByLabel.has(label)) idByLabel.set(label, tabIdOf(type, index))
    })
  }
  return Object.entries(tabs).flatMap(([type, list]) =>
    list.map((tab, index) => {
      const id = tabIdOf(type, index)
      const parentLabel = text(tab.conditionalParentLabel)
      const node: ConditionalNode = {
        id,
        checkbox: type === 'checkboxTabs',
        value: entered[id] ?? ownValueOf(type, tab),
      }
      if (parentLabel) {
        // A label no tab carries resolves to no id, so the child stays hidden.
        node.parent = { id: idByLabel.get(parentLabel) ?? '', value: text(tab.conditionalParentValue) ?? '' }
      }
      return node
    }),
  )
}

/** The ids of a recipient's tabs hidden by their conditions, with these entries (or none). */
export const hiddenTabIds = (tabs: TabsByType, entered: Values = {}): Set<string> =>
  hiddenIds(conditionalNodes(tabs, entered))
