import { hiddenTabIds } from '../tabs/conditional.js'
import type { LocateTab, PagePosition } from '../tabs/locate.js'
import type { Tab, TabOption } from '../tabs/model.js'
import { tabIdOf } from '../tabs/values.js'
import { CERTIFICATE_LABELS } from './labels.js'
import type { CertificateLanguage, CompletionRecipient } from './model.js'

/**
 * What gets drawn where: a pure plan from the recipients' tabs and entered values. Each tab type maps to
 * one kind of mark: text (entered values, name, email, date signed, list selection), a check mark
 * (selected checkbox), a dot (selected radio) or an image (adopted signature and initials). Unfilled
 * tabs draw nothing, nor do tabs hidden by their conditions (tabs/conditional.ts). Positions are DocuSign's top-left points; anchor tabs take every placement found.
 */

export type Stamp = PagePosition &
  (
    | { kind: 'text'; text: string; fontSize: number; font: StampFont }
    | { kind: 'check'; size: number }
    | { kind: 'dot'; size: number }
    | { kind: 'image'; dataUrl: string; maxWidth: number; maxHeight: number }
  )

export type StampFont = 'courier' | 'courier-bold' | 'helvetica' | 'helvetica-bold' | 'times' | 'times-bold'

export interface PlanContext {
  envelopeId: string
  language: CertificateLanguage
  locate: LocateTab
}

/** DocuSign's default tab font is Lucida Console 9; Courier is its standard-font equivalent. */
const DEFAULT_FONT_SIZE = 9
const SIGNATURE_BOX = { maxWidth: 144, maxHeight: 36 }
const INITIALS_BOX = { maxWidth: 72, maxHeight: 28 }
const MARK_SIZE = 12

export function planStamps(recipients: CompletionRecipient[], context: PlanContext): Stamp[] {
  const stamps: Stamp[] = []
  for (const recipient of recipients) {
    // A tab its condition hides is not drawn, whatever it holds (its signature image included).
    const hidden = hiddenTabIds(recipient.tabs)
    for (const [type, tabs] of Object.entries(recipient.tabs)) {
      tabs.forEach((tab, index) => {
        if (!hidden.has(tabIdOf(type, index))) stamps.push(...stampsOfTab(type, tab, recipient, context))
      })
    }
  }
  return stamps
}

function stampsOfTab(type: string, tab: Tab, recipient: CompletionRecipient, context: PlanContext): Stamp[] {
  // A hidden formula tab is computed for the API and form data, never shown on the document.
  if (type === 'formulaTabs' && isTrue(tab.hidden)) return []
  const documentId = text(tab.documentId)
  const at = () => context.locate(tab, documentId)
  if (type === 'radioGroupTabs') {
    const radios = Array.isArray(tab.radios) ? tab.radios : []
    return radios
      .filter((radio) => isTrue(radio.selected))
      .flatMap((radio) =>
        context
          .locate(radio, documentId)
          .map((position) => ({ ...position, kind: 'dot', size: MARK_SIZE }) as const),
      )
  }
  if (type === 'checkboxTabs') {
    return isTrue(tab.selected)
      ? at().map((position) => ({ ...position, kind: 'check', size: MARK_SIZE }) as const)
      : []
  }
  if (type === 'signHereTabs' || type === 'initialHereTabs') {
    const dataUrl = type === 'signHereTabs' ? recipient.signatureImage : recipient.initialsImage
    if (!dataUrl) return []
    const box = type === 'signHereTabs' ? SIGNATURE_BOX : INITIALS_BOX
    const scale = positiveNumber(text(tab.scaleValue)) ?? 1
    return at().map((position) => ({
      ...position,
      kind: 'image',
      dataUrl,
      maxWidth: box.maxWidth * scale,
      maxHeight: box.maxHeight * scale,
    }))
  }
  const value = textValue(type, tab, recipient, context)
  if (!value) return []
  const fontSize = fontSizeOf(text(tab.fontSize))
  const font = fontOf(text(tab.font), isTrue(tab.bold))
  return at().map((position) => ({ ...position, kind: 'text', text: value, fontSize, font }))
}

/**
 * The text a tab shows: the entered (or sender's) `value` of any tab type, else what DocuSign fills in
 * itself for name, email, date-signed, envelope-id and list tabs.
 */
function textValue(
  type: string,
  tab: Tab,
  recipient: CompletionRecipient,
  context: PlanContext,
): string | undefined {
  const entered = text(tab.value)
  if (entered) return entered
  const [first = '', ...rest] = recipient.name.trim().split(/\s+/)
  switch (type) {
    case 'fullNameTabs':
      return recipient.name
    case 'firstNameTabs':
      return first
    case 'lastNameTabs':
      return rest.join(' ') || undefined
    case 'emailAddressTabs':
      // The address of a recipient invited by SMS alone is the CRM's placeholder, not theirs.
      return recipient.deliveryMethod.toLowerCase() === 'sms' ? undefined : recipient.email
    case 'dateSignedTabs':
      return recipient.signedAt ? formatDate(recipient.signedAt, context.language) : undefined
    case 'envelopeIdTabs':
      return context.envelopeId
    case 'listTabs':
      return selectedListItem(tab)
    default:
      return undefined
  }
}

function selectedListItem(tab: Tab): string | undefined {
  const items: TabOption[] = Array.isArray(tab.listItems) ? tab.listItems : []
  const selected = items.find((item) => isTrue(item.selected))
  return selected?.text ?? selected?.value
}

/** DocuSign's default date format by language: M/d/yyyy in English, d/M/yyyy in Spanish (UTC). */
export function formatDate(date: Date, language: CertificateLanguage): string {
  const day = date.getUTCDate()
  const month = date.getUTCMonth() + 1
  const year = date.getUTCFullYear()
  return language === 'es' ? `${day}/${month}/${year}` : `${month}/${day}/${year}`
}

/** `size7` … `size72` (DocuSign's names) in points. */
function fontSizeOf(value: string | undefined): number {
  const match = /^size(\d{1,2})$/i.exec(value ?? '')
  const size = match ? Number(match[1]) : Number.NaN
  return size >= 6 && size <= 72 ? size : DEFAULT_FONT_SIZE
}

/** DocuSign's font names mapped to a standard PDF font: serif to Times, Lucida Console and default to Courier. */
function fontOf(name: string | undefined, bold: boolean): StampFont {
  const family = (name ?? '').toLowerCase()
  const serif = family.startsWith('times') || family === 'georgia'
  const monospaced = family === '' || family === 'default' || /courier|lucida|mono/.test(family)
  const base = serif ? 'times' : monospaced ? 'courier' : 'helvetica'
  return bold ? `${base}-bold` : base
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

function isTrue(value: unknown): boolean {
  return typeof value === 'string' && value.toLowerCase() === 'true'
}

function positiveNumber(value: string | undefined): number | undefined {
  const number = Number(value)
  return value !== undefined && Number.isFinite(number) && number > 0 ? number : undefined
}

/** Where DocuSign prints the envelope id: small, in the top-left margin, clear of most content. */
const ENVELOPE_ID_STAMP = { x: 24, y: 8, fontSize: 7, font: 'helvetica' } as const

/**
 * The envelope id at the top of each page of one document (DocuSign's envelope id stamping), labelled in
 * the certificate's language.
 */
export function envelopeIdStamps(
  documentId: string,
  pages: number,
  envelopeId: string,
  language: CertificateLanguage,
): Stamp[] {
  const text = `${CERTIFICATE_LABELS[language].envelopeId}: ${envelopeId}`
  return Array.from({ length: pages }, (_, index) => ({
    documentId,
    pageNumber: index + 1,
    kind: 'text' as const,
    text,
    ...ENVELOPE_ID_STAMP,
  }))
}
