import type { SigningTab } from '../../../src/signing/schema.js'
import { hiddenIds } from '../../../src/tabs/conditional.js'
import { type TextProblem, textProblem } from '../../../src/tabs/text-rules.js'

/** Pure rules of the form: which tabs the recipient must still fill, and what a finished form sends. */

export type Values = Readonly<Record<string, string>>

export interface Adopted {
  signature?: string
  initials?: string
}

/** A tab the recipient fills (not one the service or sender filled). */
export function isInteractive(tab: SigningTab): boolean {
  return !tab.locked && tab.type !== 'dateSigned' && tab.type !== 'fullName' && tab.type !== 'email'
}

export function isDone(tab: SigningTab, values: Values, adopted: Adopted): boolean {
  switch (tab.type) {
    case 'signHere':
      return values[tab.tabId] === 'signed' && adopted.signature !== undefined
    case 'initialHere':
      return values[tab.tabId] === 'signed' && adopted.initials !== undefined
    case 'checkbox':
      return values[tab.tabId] === 'true'
    default:
      return (values[tab.tabId] ?? '').trim() !== ''
  }
}

/** What is wrong with a text tab's entry by the sender's rules (pattern, length), if anything. */
export function entryProblem(tab: SigningTab, values: Values): TextProblem | undefined {
  if (tab.type !== 'text' || !isInteractive(tab)) return undefined
  return textProblem(tab, values[tab.tabId] ?? '')
}

/** Interactive tabs whose entry breaks the sender's rules, required or not: Finish waits for them too. */
export function invalidEntries(tabs: readonly SigningTab[], values: Values): SigningTab[] {
  return tabs.filter((tab) => entryProblem(tab, values) !== undefined)
}

/** Required interactive tabs still empty, in document and page order, top to bottom. */
export function missingRequired(tabs: readonly SigningTab[], values: Values, adopted: Adopted): SigningTab[] {
  return tabs.filter((tab) => tab.required && isInteractive(tab) && !isDone(tab, values, adopted))
}

export function initialValues(tabs: readonly SigningTab[]): Record<string, string> {
  const values: Record<string, string> = {}
  for (const tab of tabs) {
    if (tab.value !== undefined && isInteractive(tab)) values[tab.tabId] = tab.value
    const selected = tab.radios?.find((radio) => radio.selected)
    if (selected) values[tab.tabId] = selected.value
  }
  return values
}

/**
 * The recipient's tabs their conditions hide with these values (the service's rule, tabs/conditional.ts,
 * on the parent ids the service resolved): the page leaves them out, with their required counts and the
 * "next field" stops.
 */
export function hiddenTabs(tabs: readonly SigningTab[], values: Values): Set<string> {
  return hiddenIds(
    tabs.map((tab) => ({
      id: tab.tabId,
      checkbox: tab.type === 'checkbox',
      value: values[tab.tabId] ?? (isInteractive(tab) ? undefined : tab.value),
      parent: tab.conditionalParent && {
        id: tab.conditionalParent.tabId,
        value: tab.conditionalParent.value,
      },
    })),
  )
}

/** The values without those of hidden tabs: a tab that becomes hidden loses what was entered in it. */
export function withoutHidden(tabs: readonly SigningTab[], values: Values): Record<string, string> {
  const hidden = hiddenTabs(tabs, values)
  return Object.fromEntries(Object.entries(values).filter(([tabId]) => !hidden.has(tabId)))
}
