import { TAB_TYPES, type Tabs } from 'esign-contract'
import { InvalidRequestError } from 'platform'
import { FormulaError, type FormulaNode, kindOfFormula, parseFormula, referencesOf } from './formula.js'
import { followedLocale } from './locale-format.js'
import { namesRecipientType, type RecipientType, type Tab, type TabOption, type TabsByType } from './model.js'

/**
 * The one reading of a recipient's tabs, shared by templates and envelopes so that the same tab is
 * accepted or refused the same way by both: `readTabs` takes the validated wire shape (refusing tab
 * types this service does not know), `checkTabPlacement` checks each tab against the documents it
 * sits on. Messages name the field path.
 */

/** Only signers and in-person signers sign, so only they carry tabs. */
export const carriesTabs = (type: RecipientType) => type === 'signer' || type === 'inPersonSigner'

/** A request recipient's `recipientType`, if given, names the list it is in; it changes nothing else. */
export function checkRecipientType(type: RecipientType, given: string, path: string): void {
  if (!namesRecipientType(type, given)) {
    throw new InvalidRequestError(
      `${path}.recipientType '${given}' does not match the list the recipient is in (a ${type})`,
    )
  }
}

const KNOWN_TAB_TYPES: ReadonlySet<string> = new Set(TAB_TYPES)

/** A tab's string field, or undefined (option lists are not strings). */
export function tabText(tab: Tab | TabOption, field: string): string | undefined {
  const value = tab[field]
  return typeof value === 'string' ? value : undefined
}

/** Copies the wire tabs into the domain shape; an unknown tab type is a 400 that names it. */
export function readTabs(input: Tabs | undefined, path: string): TabsByType {
  const tabs: TabsByType = {}
  if (!input) return tabs
  for (const [type, list] of Object.entries(input as Record<string, unknown>)) {
    if (!KNOWN_TAB_TYPES.has(type)) {
      throw new InvalidRequestError(
        `${path}.${type} is not a supported tab type (supported: ${TAB_TYPES.join(', ')})`,
      )
    }
    // A tab with no properties at all carries nothing, so it is absent, as `null` is: DocuSign's SDKs
    // send one when the caller's keys are not the SDK's (eg017 builds a text tab with snake_case keys).
    const given = Array.isArray(list) ? list.filter((tab) => !isEmptyObject(tab)) : []
    if (given.length === 0) continue
    tabs[type] = given.map((tab) => copyTab(tab as Record<string, unknown>))
  }
  checkFormulas(tabs, `${path}.formulaTabs`)
  checkNumericalRanges(tabs.numericalTabs ?? [], `${path}.numericalTabs`)
  return tabs
}

const isEmptyObject = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0

/** Strings, option lists (`listItems`, `radios`) and objects of strings (`localePolicy`) are kept. */
function copyTab(tab: Record<string, unknown>): Tab {
  const copy: Tab = {}
  for (const [field, value] of Object.entries(tab)) {
    if (typeof value === 'string') copy[field] = value
    else if (Array.isArray(value)) copy[field] = value.map((option) => ({ ...(option as TabOption) }))
    else if (typeof value === 'object' && value !== null) copy[field] = { ...(value as TabOption) }
  }
  return copy
}

/**
 * A formula must parse, use DocuSign's date functions with dates and numbers where they belong, draw on
 * number tabs or date tabs but not both, read numericalTabs that share one localePolicy (DocuSign's
 * rule, as the result is shown in it), and formulas of one recipient must not refer to one another in
 * a circle (a formula may use another formula's result). A label no tab of this recipient has is
 * another recipient's tab (or none): it is read when this recipient signs, from the recipients who
 * completed before, and counts as 0 when there is none.
 */
function checkFormulas(tabs: TabsByType, path: string): void {
  const formulas = tabs.formulaTabs ?? []
  const trees = new Map<number, FormulaNode>()
  const referencesByLabel = new Map<string, string[]>()
  const refuse = (index: number, message: string): never => {
    throw new InvalidRequestError(
      `${path}[${index}].formula is not a formula this service computes: ${message}`,
    )
  }
  formulas.forEach((tab, index) => {
    const formula = tabText(tab, 'formula')
    if (formula === undefined) return
    try {
      trees.set(index, parseFormula(formula))
    } catch (error) {
      if (!(error instanceof FormulaError)) throw error
      refuse(index, error.message)
    }
    const label = tabText(tab, 'tabLabel')
    if (label !== undefined) referencesByLabel.set(label, referencesOf(trees.get(index) as FormulaNode))
  })
  checkNoCircle(referencesByLabel, path)
  const kindOf = kindsByLabel(tabs, trees)
  for (const [index, tree] of trees) {
    try {
      kindOfFormula(tree, kindOf)
    } catch (error) {
      if (!(error instanceof FormulaError)) throw error
      refuse(index, error.message)
    }
    if (followedLocale(formulas[index] as Tab, tabs) === 'mismatch') {
      throw new InvalidRequestError(
        `${path}[${index}] reads numericalTabs with different localePolicy values; DocuSign requires one`,
        { errorCode: 'FORMULA_LOCALE_POLICY_MISMATCH' },
      )
    }
  }
}

function checkNoCircle(referencesByLabel: Map<string, string[]>, path: string): void {
  const finished = new Set<string>()
  const visiting: string[] = []
  const visit = (label: string): void => {
    if (finished.has(label)) return
    if (visiting.includes(label)) {
      throw new InvalidRequestError(
        `${path}: formulas refer to one another in a circle (${[...visiting.slice(visiting.indexOf(label)), label].join(' -> ')})`,
      )
    }
    visiting.push(label)
    for (const reference of referencesByLabel.get(label) ?? []) visit(reference)
    visiting.pop()
    finished.add(label)
  }
  for (const label of referencesByLabel.keys()) visit(label)
}

const DATE_TAB_TYPES = new Set(['dateTabs', 'dateSignedTabs'])

/** Each label's kind for a formula: date tabs give dates, formulas their result, other tabs numbers. */
function kindsByLabel(tabs: TabsByType, trees: Map<number, FormulaNode>) {
  const first = new Map<string, { type: string; index: number }>()
  for (const [type, list] of Object.entries(tabs)) {
    list.forEach((tab, index) => {
      const label = tabText(tab, 'tabLabel')
      if (label !== undefined && !first.has(label)) first.set(label, { type, index })
    })
  }
  const resolving = new Set<string>()
  const kindOf = (label: string): 'number' | 'date' | undefined => {
    const found = first.get(label)
    if (!found) return undefined
    if (DATE_TAB_TYPES.has(found.type)) return 'date'
    if (found.type !== 'formulaTabs') return 'number'
    const tree = trees.get(found.index)
    if (!tree || resolving.has(label)) return undefined
    resolving.add(label)
    try {
      return kindOfFormula(tree, kindOf)
    } catch {
      return undefined
    } finally {
      resolving.delete(label)
    }
  }
  return kindOf
}

function checkNumericalRanges(tabs: Tab[], path: string): void {
  tabs.forEach((tab, index) => {
    const min = tabText(tab, 'minNumericalValue')
    const max = tabText(tab, 'maxNumericalValue')
    if (min !== undefined && max !== undefined && Number(min) > Number(max)) {
      throw new InvalidRequestError(`${path}[${index}].minNumericalValue must not exceed maxNumericalValue`)
    }
  })
}

/**
 * Every tab sits somewhere: an `anchorString`, or `documentId` + `pageNumber` + `xPosition` +
 * `yPosition` on an existing page. Radio groups name the document once and place each radio. A list
 * tab's value is one of its items; a radio group has at most one selected radio. `pagesOf` gives the
 * page count of each document a tab may refer to; `scope` says whose documents they are. A tab without
 * any placement whose label matches a tab of the same type in `updates` (the tabs it will overlay, as
 * an inline template pre-fills a server template's tab by `tabLabel`) takes that tab's place.
 */
export function checkTabPlacement(
  tabs: TabsByType,
  path: string,
  pagesOf: ReadonlyMap<string, number>,
  scope: string,
  updates: TabsByType = {},
): void {
  for (const [type, list] of Object.entries(tabs)) {
    list.forEach((tab, index) => {
      const at = `${path}.${type}[${index}]`
      if (updatesPlacedTab(tab, updates[type] ?? [])) {
        const filled = (updates[type] ?? []).find((candidate) => tabLabelOf(candidate) === tabLabelOf(tab))
        if (type === 'listTabs' && filled) checkListValue({ ...filled, ...tab }, at)
        return
      }
      const documentId = tabText(tab, 'documentId')
      if (documentId !== undefined && !pagesOf.has(documentId)) {
        throw new InvalidRequestError(`${at}.documentId ${documentId} is not a document of ${scope}`)
      }
      if (type === 'radioGroupTabs') {
        const radios = (tab.radios ?? []) as TabOption[]
        radios.forEach((radio, r) => {
          checkPosition(radio, documentId, `${at}.radios[${r}]`, at, pagesOf)
        })
        if (radios.filter((radio) => radio.selected === 'true').length > 1) {
          throw new InvalidRequestError(`${at}.radios has more than one selected radio`)
        }
        return
      }
      checkPosition(tab as TabOption, documentId, at, at, pagesOf)
      if (type === 'listTabs') checkListValue(tab, at)
    })
  }
}

/** A radio group is labelled by its `groupName`, every other tab by its `tabLabel`. */
export const tabLabelOf = (tab: Tab) => tabText(tab, 'tabLabel') ?? tabText(tab, 'groupName')

/**
 * The fields that place a tab on a page by themselves. DocuSign's own examples name the document and
 * page of a tab they only fill (eg017's list tab: `documentId`, `pageNumber`, `tabLabel`, `value`).
 */
const POSITION_FIELDS = ['xPosition', 'yPosition', 'anchorString']

/** Whether the tab (or one of a radio group's radios) gives its own position. */
function placesItself(tab: Tab): boolean {
  const radios = Array.isArray(tab.radios) ? tab.radios : []
  return [tab, ...radios].some((placed) => POSITION_FIELDS.some((field) => placed[field] !== undefined))
}

function updatesPlacedTab(tab: Tab, candidates: Tab[]): boolean {
  const label = tabLabelOf(tab)
  if (label === undefined || placesItself(tab)) return false
  return candidates.some((candidate) => tabLabelOf(candidate) === label)
}

/** A tab that fills another by label without placing itself: its document and page are the filled tab's. */
export const fillsByLabel = (tab: Tab) => tabLabelOf(tab) !== undefined && !placesItself(tab)

function checkPosition(
  placed: TabOption,
  documentId: string | undefined,
  at: string,
  documentAt: string,
  pagesOf: ReadonlyMap<string, number>,
): void {
  if (placed.anchorString === undefined) {
    if (documentId === undefined) {
      throw new InvalidRequestError(`${documentAt}.documentId is required when the tab has no anchorString`)
    }
    for (const required of ['pageNumber', 'xPosition', 'yPosition']) {
      if (placed[required] === undefined) {
        throw new InvalidRequestError(`${at}.${required} is required when the tab has no anchorString`)
      }
    }
  }
  if (placed.pageNumber === undefined) return
  if (documentId === undefined)
    throw new InvalidRequestError(`${documentAt}.documentId is required with pageNumber`)
  const pages = pagesOf.get(documentId) as number
  const page = Number(placed.pageNumber)
  if (page < 1 || page > pages) {
    throw new InvalidRequestError(
      `${at}.pageNumber ${placed.pageNumber} is outside document ${documentId}, which has ${pages} page(s)`,
    )
  }
}

function checkListValue(tab: Tab, at: string): void {
  if (tab.listItems === undefined) throw new InvalidRequestError(`${at}.listItems is required`)
  const items = tab.listItems as TabOption[]
  const value = tabText(tab, 'value')
  if (value !== undefined && value !== '' && !items.some((item) => item.value === value)) {
    throw new InvalidRequestError(`${at}.value must be the value of one of its listItems`)
  }
  if (items.filter((item) => item.selected === 'true').length > 1) {
    throw new InvalidRequestError(`${at}.listItems has more than one selected item`)
  }
}
