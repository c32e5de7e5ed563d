import { InvalidRequestError } from 'platform'
import { conditionalNodes, hiddenTabIds } from '../tabs/conditional.js'
import { formatTabValue } from '../tabs/locale-format.js'
import type { LocateTab } from '../tabs/locate.js'
import type { Tab, TabOption, TabsByType } from '../tabs/model.js'
import { maxLengthOf, textProblem } from '../tabs/text-rules.js'
import {
  COMPUTED,
  computeFormulas,
  eachTab,
  FILLED_BY_SERVICE,
  type FormRecipient,
  type FormulaContext,
  type Values,
} from '../tabs/values.js'
import type { FinishSigningRequest, SigningTab, SigningTabType } from './schema.js'

/**
 * A recipient's form: the stored tabs (DocuSign's TabsByType) as the signing page shows them, the
 * check of what the recipient sends back, and the tabs with the entered values as the API and the
 * sealed PDF show them. Pure.
 *
 * Each tab is identified by `<tab type>-<index>` (`textTabs-0`), stable because a recipient's stored
 * tabs never change after sending. Tab boxes use the sizes completion draws at (stamps.ts), so what the
 * page shows is where the ink lands. The values themselves: tabs/values.ts.
 */

/** Width and height in points per page type; text tabs take their own `width`/`height` when given. */
const BOX: Record<SigningTabType, { width: number; height: number }> = {
  signHere: { width: 144, height: 36 },
  initialHere: { width: 72, height: 28 },
  dateSigned: { width: 90, height: 14 },
  fullName: { width: 140, height: 14 },
  email: { width: 160, height: 14 },
  text: { width: 120, height: 14 },
  checkbox: { width: 12, height: 12 },
  list: { width: 120, height: 16 },
  radioGroup: { width: 12, height: 12 },
}

/** DocuSign's defaults: signing, text and list tabs are required unless they say otherwise. */
const REQUIRED_BY_DEFAULT = new Set<SigningTabType>(['signHere', 'initialHere', 'text', 'list'])

const text = (value: Tab[string] | undefined) => (typeof value === 'string' ? value : undefined)
const number = (value: string | undefined) => {
  const parsed = value === undefined ? Number.NaN : Number(value)
  return Number.isFinite(parsed) && parsed > 0 ? parsed : undefined
}
const options = (value: Tab[string] | undefined): TabOption[] => (Array.isArray(value) ? value : [])
/** A plain decimal, as the signing page sends numbers. */
const DECIMAL = /^-?\d{1,15}(\.\d{1,6})?$/

function isRequired(type: string, pageType: SigningTabType, tab: Tab): boolean {
  if (FILLED_BY_SERVICE.has(pageType) || COMPUTED.has(type)) return false
  if (text(tab.optional) === 'true') return false
  const required = text(tab.required)
  return required === undefined ? REQUIRED_BY_DEFAULT.has(pageType) : required === 'true'
}

/** What the signing page shows: the recipient's tabs located on their pages, values prefilled. */
export function signingTabs(
  tabs: TabsByType,
  recipient: FormRecipient,
  values: Values,
  signedDate: string,
  locate: LocateTab,
): SigningTab[] {
  const result: SigningTab[] = []
  const parentOf = new Map(conditionalNodes(tabs).map((node) => [node.id, node.parent]))
  for (const { id, type, pageType, tab } of eachTab(tabs)) {
    if (COMPUTED.has(type) && text(tab.hidden) === 'true') continue
    const documentId = text(tab.documentId)
    const [at, ...elsewhere] = locate(tab, documentId)
    if (!at) continue
    const box = BOX[pageType]
    const serviceValue =
      pageType === 'fullName'
        ? recipient.name
        : pageType === 'email'
          ? recipient.email
          : pageType === 'dateSigned'
            ? signedDate
            : undefined
    const value =
      serviceValue ??
      values[id] ??
      text(tab.value) ??
      (type === 'checkboxTabs' && text(tab.selected) === 'true' ? 'true' : undefined)
    const label = text(tab.tabLabel) ?? text(tab.name)
    const locked =
      FILLED_BY_SERVICE.has(pageType) ||
      COMPUTED.has(type) ||
      text(tab.locked) === 'true' ||
      type === 'noteTabs'
    // A value the recipient cannot edit is shown as the document will show it; an editable one stays
    // plain, as the page sends it back.
    const shown =
      value !== undefined && locked && serviceValue === undefined
        ? formatTabValue(type, tab, value, tabs)
        : value
    const conditionalParent = parentOf.get(id)
    const signingTab: SigningTab = {
      tabId: id,
      type: pageType,
      ...at,
      width: pageType === 'text' ? (number(text(tab.width)) ?? box.width) : box.width,
      height: pageType === 'text' ? (number(text(tab.height)) ?? box.height) : box.height,
      required: isRequired(type, pageType, tab),
      locked,
      // An anchor found in several places: the same tab shown at each (one value, as completion draws it).
      ...(elsewhere.length > 0 && pageType !== 'radioGroup' ? { alsoAt: elsewhere } : {}),
      ...(label === undefined ? {} : { label }),
      ...(shown === undefined ? {} : { value: shown }),
      ...(conditionalParent
        ? { conditionalParent: { tabId: conditionalParent.id, value: conditionalParent.value } }
        : {}),
    }
    if (pageType === 'text' && !locked) Object.assign(signingTab, textRulesOf(tab))
    if (pageType === 'list') {
      signingTab.listItems = options(tab.listItems).map((item) => ({
        text: item.text ?? item.value ?? '',
        value: item.value ?? item.text ?? '',
      }))
    }
    if (pageType === 'radioGroup') {
      signingTab.radios = options(tab.radios).flatMap((radio) => {
        const [radioAt] = locate(radio, documentId)
        if (!radioAt) return []
        return [
          {
            value: radio.value ?? '',
            ...radioAt,
            ...BOX.radioGroup,
            ...(radio.selected === 'true' ? { selected: true } : {}),
          },
        ]
      })
    }
    result.push(signingTab)
  }
  return result
}

/**
 * Checks what a recipient sends when finishing against its own tabs (never another recipient's):
 * every value names one of its fillable tabs and fits it, every required tab is filled, and signing
 * tabs come with an adopted image. Returns the values to store, formula results included. 400 naming
 * the tab otherwise.
 *
 * A tab its condition hides (tabs/conditional.ts) is not required, and what was sent for it is
 * dropped: it is stored as an empty value, so the API, form data and sealed document show it empty
 * even where the sender had set one, as DocuSign does. Formulas are computed once more without the
 * hidden entries, as they read what the document will show.
 */
export function checkFinish(
  tabs: TabsByType,
  request: FinishSigningRequest,
  context: FormulaContext = {},
): Values {
  const fillable = new Map<string, { type: string; pageType: SigningTabType; tab: Tab }>()
  for (const { id, type, pageType, tab } of eachTab(tabs)) {
    if (!FILLED_BY_SERVICE.has(pageType) && !COMPUTED.has(type) && text(tab.locked) !== 'true') {
      fillable.set(id, { type, pageType, tab })
    }
  }
  const values: Values = {}
  for (const [id, value] of Object.entries(request.values)) {
    const target = fillable.get(id)
    if (!target) throw new InvalidRequestError(`values.${id} is not a field of this recipient`)
    const { type, pageType, tab } = target
    if (type === 'numericalTabs' && value !== '') checkNumerical(tab, value, `values.${id}`)
    if (pageType === 'checkbox' && value !== 'true' && value !== 'false') {
      throw new InvalidRequestError(`values.${id} must be "true" or "false"`)
    }
    if (
      pageType === 'list' &&
      value !== '' &&
      !options(tab.listItems).some((item) => (item.value ?? item.text) === value)
    ) {
      throw new InvalidRequestError(`values.${id} is not one of the list's items`)
    }
    if (
      pageType === 'radioGroup' &&
      value !== '' &&
      !options(tab.radios).some((radio) => radio.value === value)
    ) {
      throw new InvalidRequestError(`values.${id} is not one of the group's radios`)
    }
    if (pageType === 'text') checkText(tab, value, `values.${id}`)
    if ((pageType === 'signHere' || pageType === 'initialHere') && value !== 'signed' && value !== '') {
      throw new InvalidRequestError(`values.${id} must be "signed"`)
    }
    values[id] = value
  }
  const hidden = hiddenTabIds(tabs, { ...values, ...computeFormulas(tabs, values, context) })
  for (const id of hidden) values[id] = ''
  for (const [id, { type, pageType, tab }] of fillable) {
    if (hidden.has(id)) continue
    const value = values[id] ?? ''
    if (pageType === 'signHere' && value === 'signed' && !request.signature) {
      throw new InvalidRequestError('signature is required to sign')
    }
    if (pageType === 'initialHere' && value === 'signed' && !request.initials) {
      throw new InvalidRequestError('initials are required to initial')
    }
    if (!isRequired(type, pageType, tab)) continue
    const filled = pageType === 'checkbox' ? value === 'true' : value.trim() !== ''
    if (!filled) throw new InvalidRequestError(`values.${id} is required`)
  }
  const computed = computeFormulas(tabs, values, context)
  for (const id of hidden) if (id in computed) computed[id] = ''
  return { ...values, ...computed }
}

/** A text tab's rules as the signing page gets them (only those the tab has). */
function textRulesOf(tab: Tab): Pick<SigningTab, 'validationPattern' | 'validationMessage' | 'maxLength'> {
  const validationPattern = text(tab.validationPattern)
  const validationMessage = text(tab.validationMessage)
  const maxLength = maxLengthOf(tab.maxLength)
  return {
    ...(validationPattern ? { validationPattern } : {}),
    ...(validationPattern && validationMessage ? { validationMessage } : {}),
    ...(maxLength === undefined ? {} : { maxLength }),
  }
}

/** A text tab's entry against its pattern and length: what the signing page would not have sent. */
function checkText(tab: Tab, value: string, at: string): void {
  const problem = textProblem(textRulesOf(tab), value)
  if (problem?.kind === 'maxLength') {
    throw new InvalidRequestError(`${at} must be at most ${problem.maxLength} characters long`)
  }
  if (problem?.kind === 'pattern') {
    const message = text(tab.validationMessage)
    throw new InvalidRequestError(
      `${at} must match the pattern ${problem.pattern}${message ? ` (${message})` : ''}`,
    )
  }
}

/** A numerical tab's entry: a decimal (`Currency`: at most two decimals) within its min and max. */
function checkNumerical(tab: Tab, value: string, at: string): void {
  if (!DECIMAL.test(value)) throw new InvalidRequestError(`${at} must be a number, such as 1250.50`)
  const currency = text(tab.validationType)?.toLowerCase() === 'currency'
  if (currency && !/^-?\d+(\.\d{1,2})?$/.test(value)) {
    throw new InvalidRequestError(`${at} must be an amount with at most two decimals`)
  }
  const number = Number(value)
  const min = text(tab.minNumericalValue)
  const max = text(tab.maxNumericalValue)
  if (min !== undefined && number < Number(min))
    throw new InvalidRequestError(`${at} must be at least ${min}`)
  if (max !== undefined && number > Number(max)) throw new InvalidRequestError(`${at} must be at most ${max}`)
}
