import type { RecipientEmailNotification as RecipientEmailNotificationInput } from 'esign-contract'
import { InvalidRequestError } from 'platform'
import type { DeliveryMethod, RecipientEmailNotification, RecipientSettings } from './model.js'

/**
 * The one reading of a recipient's own settings (name parts, `emailNotification`, `suppressEmails`,
 * `customFields`, `note`, `excludedDocuments`/`documentVisibility`, `deliveryMethod`), shared by a
 * template's roles and an envelope's recipients so that a setting is read, refused and returned the same
 * way by both; a role's settings are the defaults of the recipients its envelopes make of it
 * (envelopes/composite-merge.ts). Messages name the field path.
 */

/** The settings as any recipient shape of the contract carries them; each kind has some of them. */
export interface RecipientSettingsInput {
  recipientId?: string
  firstName?: string
  lastName?: string
  emailNotification?: RecipientEmailNotificationInput
  suppressEmails?: string
  customFields?: string[]
  note?: string
  excludedDocuments?: Array<string | number>
  documentVisibility?: Array<{ documentId: string; recipientId?: string; visible: string; rights?: string }>
}

/** `recipientId` is digits (the contract's pattern): `"05"` and `"5"` name one recipient, kept as `"5"`. */
export const canonicalRecipientId = (id: string) => String(Number(id))

/** The settings a recipient gives; an empty string or an empty `emailNotification` gives nothing. */
export function readRecipientSettings(recipient: RecipientSettingsInput, path: string): RecipientSettings {
  const settings: RecipientSettings = {}
  if (recipient.firstName !== undefined) settings.firstName = recipient.firstName
  if (recipient.lastName !== undefined) settings.lastName = recipient.lastName
  const emailNotification = emailNotificationOf(recipient.emailNotification)
  if (emailNotification) settings.emailNotification = emailNotification
  if (recipient.suppressEmails !== undefined) settings.suppressEmails = recipient.suppressEmails === 'true'
  if (recipient.customFields !== undefined) settings.customFields = [...recipient.customFields]
  if (recipient.note !== undefined && recipient.note !== '') settings.note = recipient.note
  const excluded = excludedDocumentsOf(recipient, path)
  if (excluded) settings.excludedDocuments = excluded
  return settings
}

/** DocuSign composes `name` as "first last" when only the parts are given; undefined when both are blank. */
export function composedName(parts: Pick<RecipientSettings, 'firstName' | 'lastName'>): string | undefined {
  const composed = [parts.firstName, parts.lastName]
    .map((part) => part?.trim())
    .filter((part) => part !== undefined && part !== '')
    .join(' ')
  return composed === '' ? undefined : composed
}

function emailNotificationOf(
  notification: RecipientEmailNotificationInput | undefined,
): RecipientEmailNotification | undefined {
  if (!notification) return undefined
  const { emailSubject, emailBody, supportedLanguage } = notification
  const read: RecipientEmailNotification = {
    ...(emailSubject !== undefined && emailSubject !== '' ? { emailSubject } : {}),
    ...(emailBody !== undefined && emailBody !== '' ? { emailBody } : {}),
    ...(supportedLanguage !== undefined && supportedLanguage.trim() !== ''
      ? { supportedLanguage: supportedLanguage.trim() }
      : {}),
  }
  return Object.keys(read).length > 0 ? read : undefined
}

/**
 * The documents withheld from a recipient: its `excludedDocuments` and the documents its
 * `documentVisibility` marks `visible: "false"` (DocuSign's two spellings of one setting), as the
 * request numbers them; undefined when it gives neither.
 */
function excludedDocumentsOf(recipient: RecipientSettingsInput, path: string): string[] | undefined {
  const ownId = recipient.recipientId?.trim()
  const recipientId = ownId ? canonicalRecipientId(ownId) : undefined
  const listed = recipient.excludedDocuments
  const visibility = recipient.documentVisibility
  if (listed === undefined && visibility === undefined) return undefined
  const excluded = (listed ?? []).map((id) => String(Number(id)))
  ;(visibility ?? []).forEach((entry, index) => {
    const field = `${path}.documentVisibility[${index}]`
    if (
      entry.recipientId !== undefined &&
      recipientId !== undefined &&
      canonicalRecipientId(entry.recipientId) !== recipientId
    ) {
      throw new InvalidRequestError(`${field}.recipientId must be this recipient's (${recipientId})`)
    }
    if (entry.rights === 'editable') {
      throw new InvalidRequestError(
        `${field}.rights "editable" is not supported: recipients never edit documents here`,
      )
    }
    if (entry.visible === 'false') excluded.push(String(Number(entry.documentId)))
  })
  return [...new Set(excluded)]
}

/** `deliveryMethod` as given (case-insensitive), or a 400 naming the field. */
export function deliveryMethodOf(value: string, path: string): DeliveryMethod {
  const lower = value.toLowerCase()
  if (lower === 'email') return 'email'
  if (lower === 'sms') return 'SMS'
  throw new InvalidRequestError(`${path} must be email or SMS`)
}

const flag = (value: boolean) => (value ? 'true' : 'false')

/** The settings on the wire, absent ones omitted: one mapping for template roles and envelope recipients. */
export function recipientSettingsOutput(settings: RecipientSettings) {
  return {
    ...(settings.firstName !== undefined ? { firstName: settings.firstName } : {}),
    ...(settings.lastName !== undefined ? { lastName: settings.lastName } : {}),
    ...(settings.emailNotification ? { emailNotification: { ...settings.emailNotification } } : {}),
    ...(settings.suppressEmails !== undefined ? { suppressEmails: flag(settings.suppressEmails) } : {}),
    ...(settings.customFields ? { customFields: [...settings.customFields] } : {}),
    ...(settings.note !== undefined ? { note: settings.note } : {}),
    ...(settings.excludedDocuments ? { excludedDocuments: [...settings.excludedDocuments] } : {}),
  }
}
