import { dayNumberOfInstant } from './dates.js'
import {
  evaluateFormula,
  FormulaDate,
  FormulaError,
  type FormulaValue,
  formatFormulaResult,
  operandOf,
  parseFormula,
  resultOperandOf,
} from './formula.js'
import { dateOfTab, withFormattedValues } from './locale-format.js'
import type { FormTabType, Tab, TabOption, TabsByType } from './model.js'

/**
 * A recipient's tabs and the values entered in them, as the signing page, the workflow's conditions,
 * the API and the sealed PDF all read them. Pure.
 *
 * Each tab is identified by `<tab type>-<index>` (`textTabs-0`), stable because a recipient's stored
 * tabs never change after sending.
 */

/** What the signing page shows each DocuSign tab type as. */
export const PAGE_TYPE: Record<string, FormTabType> = {
  signHereTabs: 'signHere',
  initialHereTabs: 'initialHere',
  dateSignedTabs: 'dateSigned',
  fullNameTabs: 'fullName',
  emailTabs: 'text',
  emailAddressTabs: 'email',
  firstNameTabs: 'text',
  lastNameTabs: 'text',
  companyTabs: 'text',
  titleTabs: 'text',
  textTabs: 'text',
  numberTabs: 'text',
  numericalTabs: 'text',
  formulaTabs: 'text',
  dateTabs: 'text',
  noteTabs: 'text',
  checkboxTabs: 'checkbox',
  listTabs: 'list',
  radioGroupTabs: 'radioGroup',
}

/** Page types the service fills in itself (the recipient's name and email, the date signed). */
export const FILLED_BY_SERVICE = new Set<FormTabType>(['dateSigned', 'fullName', 'email'])

/** Tab types whose value the service computes when the recipient finishes (formula.ts). */
export const COMPUTED = new Set<string>(['formulaTabs'])

export type Values = Record<string, string>

export interface FormRecipient {
  name: string
  email?: string
}

const text = (value: Tab[string] | undefined) => (typeof value === 'string' ? value : undefined)
const options = (value: Tab[string] | undefined): TabOption[] => (Array.isArray(value) ? value : [])

export const tabIdOf = (type: string, index: number) => `${type}-${index}`

/** Each tab with its id and page type, in stored order. */
export function* eachTab(
  tabs: TabsByType,
): Generator<{ id: string; type: string; pageType: FormTabType; tab: Tab }> {
  for (const [type, list] of Object.entries(tabs)) {
    const pageType = PAGE_TYPE[type]
    if (!pageType) continue
    for (const [index, tab] of list.entries()) yield { id: tabIdOf(type, index), type, pageType, tab }
  }
}

/** What a formula reads besides the recipient's own tabs. */
export interface FormulaContext {
  /** When this recipient signs: the value of its dateSignedTabs. */
  signedOn?: Date
  /** Recipients who completed earlier in the routing, whose tabs a formula may read by label. */
  earlier?: readonly { tabs: TabsByType; values: Values }[]
}

/**
 * The recipient's formula tabs computed from its other tabs, by `tabLabel`: the entered value, else the
 * sender's; a formula may use another formula's result. A label none of the recipient's tabs has is
 * read from the recipients who completed earlier (their stored values, formula results included), as
 * DocuSign computes a formula from the tabs in the document. Number tabs give numbers (a reference to
 * no tab, a blank or a non-number counts as 0, DocuSign's rule); dateTabs give their date, and
 * dateSignedTabs the day this recipient signs (an earlier recipient's dateSignedTabs give no date, as
 * its signing day is not among its values). A formula met again in a circle (refused when a tab list is
 * read, but the merge of several templates could still make one), a missing date or a division by zero
 * gives no value.
 */
export function computeFormulas(tabs: TabsByType, entered: Values, context: FormulaContext = {}): Values {
  const byLabel = new Map<string, { id: string; type: string; tab: Tab; own: boolean; values: Values }>()
  const sources = [
    { tabs, values: entered, own: true },
    ...(context.earlier ?? []).map((other) => ({ ...other, own: false })),
  ]
  for (const source of sources) {
    for (const { id, type, tab } of eachTab(source.tabs)) {
      const label = text(tab.tabLabel)
      if (label !== undefined && !byLabel.has(label))
        byLabel.set(label, { id, type, tab, own: source.own, values: source.values })
    }
  }
  const results: Values = {}
  const computing = new Set<string>()
  const operandOfTab = (referenced: {
    id: string
    type: string
    tab: Tab
    own: boolean
    values: Values
  }): FormulaValue | undefined => {
    const value = referenced.values[referenced.id] ?? text(referenced.tab.value)
    if (referenced.type === 'dateSignedTabs') {
      return referenced.own && context.signedOn
        ? new FormulaDate(dayNumberOfInstant(context.signedOn))
        : undefined
    }
    if (referenced.type === 'dateTabs') {
      const day = dateOfTab(referenced.tab, value)
      return day === undefined ? undefined : new FormulaDate(day)
    }
    if (COMPUTED.has(referenced.type)) {
      return resultOperandOf(referenced.own ? resultOf(referenced.id, referenced.tab) : value)
    }
    return operandOf(value)
  }
  const resultOf = (id: string, tab: Tab): string | undefined => {
    if (id in results) return results[id]
    const formula = text(tab.formula)
    if (formula === undefined || computing.has(id)) return undefined
    computing.add(id)
    try {
      const tree = parseFormula(formula)
      const value = evaluateFormula(tree, (label) => {
        const referenced = byLabel.get(label)
        return referenced ? operandOfTab(referenced) : 0
      })
      const formatted = formatFormulaResult(value, text(tab.roundDecimalPlaces))
      if (formatted !== undefined) results[id] = formatted
      return formatted
    } catch (error) {
      if (error instanceof FormulaError) return undefined
      throw error
    } finally {
      computing.delete(id)
    }
  }
  for (const { id, type, tab } of eachTab(tabs)) if (COMPUTED.has(type)) resultOf(id, tab)
  return results
}

/**
 * The tabs with what was entered, in DocuSign's shape: `value` on text-like tabs, `selected` on
 * checkboxes, list items and radios; the service-filled name, email and date signed, unless the tab's
 * condition hid it (tabs/conditional.ts: stored empty, shown empty). Numerical, date
 * and formula tabs with a localePolicy show their `value` formatted (locale-format.ts); a numerical
 * tab's `numericalValue` keeps the plain number.
 */
export function tabsWithValues(
  tabs: TabsByType,
  recipient: FormRecipient,
  values: Values,
  signedDate: string | undefined,
): TabsByType {
  const filled: TabsByType = {}
  for (const [type, list] of Object.entries(tabs)) {
    filled[type] = list.map((tab, index) => {
      const pageType = PAGE_TYPE[type]
      const value = values[tabIdOf(type, index)]
      // The service stores nothing for the tabs it fills but an empty value for one its condition hid.
      if (value === '' && pageType && FILLED_BY_SERVICE.has(pageType)) return { ...tab, value }
      if (pageType === 'fullName') return { ...tab, value: recipient.name }
      if (pageType === 'email') return recipient.email ? { ...tab, value: recipient.email } : tab
      if (pageType === 'dateSigned') return signedDate ? { ...tab, value: signedDate } : tab
      if (value === undefined) return tab
      if (pageType === 'checkbox') return { ...tab, selected: value === 'true' ? 'true' : 'false' }
      if (pageType === 'list') {
        return {
          ...tab,
          value,
          listItems: options(tab.listItems).map((item) => ({
            ...item,
            selected: (item.value ?? item.text) === value ? 'true' : 'false',
          })),
        }
      }
      if (pageType === 'radioGroup') {
        return {
          ...tab,
          radios: options(tab.radios).map((radio) => ({
            ...radio,
            selected: radio.value === value ? 'true' : 'false',
          })),
        }
      }
      if (pageType === 'signHere' || pageType === 'initialHere')
        return value === 'signed' ? { ...tab, status: 'signed' } : tab
      if (type === 'numericalTabs') return { ...tab, value, numericalValue: value }
      return { ...tab, value }
    })
  }
  return withFormattedValues(filled)
}

/** DocuSign's default date format: M/d/yyyy in English, d/M/yyyy in Spanish, in UTC. */
export function formatSignedDate(at: Date, language: 'en' | 'es'): string {
  const [day, month, year] = [at.getUTCDate(), at.getUTCMonth() + 1, at.getUTCFullYear()]
  return language === 'es' ? `${day}/${month}/${year}` : `${month}/${day}/${year}`
}
