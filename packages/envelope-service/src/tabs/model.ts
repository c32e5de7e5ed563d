/**
 * The tab and recipient-type vocabulary the envelope domain shares (templates, envelopes, signing). Each
 * tab is kept in its DocuSign wire form (validated at the edge by `esign-contract`) so that tabs round-trip
 * unchanged, the values a sender or signer enters (`value`, `selected`) included.
 */

/** An option of a list tab (`listItems`: text, value, selected) or a radio of a radio group (`radios`). */
export type TabOption = Record<string, string>

/**
 * One tab: string fields as DocuSign names them; `listItems` (listTabs) and `radios` (radioGroupTabs);
 * `localePolicy` (date and numerical tabs), an object of strings.
 */
export type Tab = Record<string, string | TabOption[] | TabOption>

/**
 * Tabs grouped by DocuSign tab type: `signHereTabs`, `initialHereTabs`, `dateSignedTabs`, `fullNameTabs`,
 * `emailTabs`, `textTabs`, `checkboxTabs`, `listTabs`, `radioGroupTabs`, ... (`TAB_TYPES` in esign-contract).
 */
export type TabsByType = Record<string, Tab[]>

export const RECIPIENT_TYPES = ['signer', 'carbonCopy', 'certifiedDelivery', 'inPersonSigner'] as const
/** DocuSign's `recipientType`; the wire lists are `signers`, `carbonCopies`, `certifiedDeliveries`, `inPersonSigners`. */
export type RecipientType = (typeof RECIPIENT_TYPES)[number]

/**
 * The names a request's `recipientType` may give each type, lower-cased: DocuSign returns `signer`,
 * `carboncopy`, `certifieddelivery`, `inpersonsigner`, and its bulk send example writes `cc`.
 */
const RECIPIENT_TYPE_NAMES: Readonly<Record<RecipientType, readonly string[]>> = {
  signer: ['signer'],
  carbonCopy: ['carboncopy', 'cc'],
  certifiedDelivery: ['certifieddelivery'],
  inPersonSigner: ['inpersonsigner'],
}

/** Whether a request's `recipientType` names the type of the list it is in (any case). */
export const namesRecipientType = (type: RecipientType, name: string): boolean =>
  RECIPIENT_TYPE_NAMES[type].includes(name.trim().toLowerCase())

/** What the signing page shows a tab as (tabs/values.ts maps each DocuSign tab type to one). */
export const FORM_TAB_TYPES = [
  'signHere',
  'initialHere',
  'dateSigned',
  'fullName',
  'email',
  'text',
  'checkbox',
  'list',
  'radioGroup',
] as const
export type FormTabType = (typeof FORM_TAB_TYPES)[number]
