import type { SigningTab } from '../../../src/signing/schema.js'

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
