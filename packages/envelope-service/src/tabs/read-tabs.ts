import { TAB_TYPES, type Tabs } from 'esign-contract'
import { InvalidRequestError } from 'platform'
import safeRegex from 'safe-regex2'
import {
  conditionalProblems,
  formulaProblems,
  radioGroupProblems,
  type TabProblem,
  tabProblemCode,
  tabProblemMessage,
} from './field-rules.js'
import { namesRecipientType, type RecipientType, type Tab, type TabOption, type TabsByType } from './model.js'
import { compiledPattern } from './text-rules.js'

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
  checkFormulas(tabs, path)
  checkNumericalRanges(tabs.numericalTabs ?? [], `${path}.numericalTabs`)
  checkValidationPatterns(tabs, path)
  return tabs
}

/**
 * A validation pattern must compile: no recipient could ever satisfy one that does not (text-rules.ts).
 * And it runs on the service against each recipient's entry when they finish, where JavaScript's regular
 * expressions have no time limit: a repetition inside a repetition (`(a+)+`) can backtrack for minutes on a
 * short entry, so such a pattern is refused before it is stored (safe-regex2's star-height check), as is
 * one longer than any real field rule needs.
 */
function checkValidationPatterns(tabs: TabsByType, path: string): void {
  for (const [type, list] of Object.entries(tabs)) {
    list.forEach((tab, index) => {
      const pattern = tabText(tab, 'validationPattern')
      if (!pattern) return
      const at = `${path}.${type}[${index}].validationPattern`
      if (!compiledPattern(pattern))
        throw new InvalidRequestError(`${at} is not a regular expression: ${pattern}`)
      if (pattern.length > MAX_PATTERN_LENGTH || !safeRegex(pattern)) {
        throw new InvalidRequestError(
          `${at} could take too long to check (a repetition inside a repetition, or over ${MAX_PATTERN_LENGTH} characters): simplify it`,
        )
      }
    })
  }
}

const MAX_PATTERN_LENGTH = 500
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
 * A formula must keep DocuSign's rules (field-rules.ts). A label no tab of this recipient has is another
 * recipient's tab (or none): it is read when this recipient signs, from the recipients who completed
 * before, and counts as 0 when there is none.
 */
function checkFormulas(tabs: TabsByType, path: string): void {
  refuseFirst(formulaProblems(tabs), path)
}

/**
 * Conditional display (`conditionalParentLabel`/`conditionalParentValue`) names another tab of the same
 * recipient and a value it can take. Checked where all of a recipient's tabs are known (a template's
 * recipient, a recipient's tabs after a tab operation), not on a request that adds some of them.
 */
export function checkConditionalParents(tabs: TabsByType, path: string): void {
  refuseFirst(conditionalProblems(tabs), path)
}

function refuseFirst(problems: readonly TabProblem[], path: string): void {
  const [first] = problems
  if (!first) return
  const errorCode = tabProblemCode(first)
  throw new InvalidRequestError(tabProblemMessage(first, path), errorCode ? { errorCode } : undefined)
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
        const twice = radioGroupProblems({ radioGroupTabs: [tab] }).find(
          (problem) => problem.kind === 'radioSelectedTwice',
        )
        if (twice) throw new InvalidRequestError(tabProblemMessage({ ...twice, index }, path))
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
