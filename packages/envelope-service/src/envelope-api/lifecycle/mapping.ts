import { toRecipientsOutput } from '../../envelopes/mapping.js'
import type { EnvelopeRecord, StoredRecipient } from '../../envelopes/reads.js'
import type { LifecycleRecipient } from '../../lifecycle/model.js'
import type { TabsByType } from '../../tabs/model.js'
import type {
  EnvelopeFormData,
  FormDataItem,
  RecipientsWithProgress,
  RecipientWithProgress,
} from './schema.js'

/**
 * Domain to wire for the lifecycle endpoints: recipients with DocuSign's progress fields, and the
 * envelope's form data. Pure; `tabs` are already filled with the entered values (signing/form.ts).
 */

export interface RecipientProgress {
  recipient: StoredRecipient
  /** The recipient's tabs with the values entered. */
  filledTabs: TabsByType
  progress: LifecycleRecipient | undefined
}

export function toRecipientsWithProgress(
  recipients: readonly RecipientProgress[],
  includeTabs: boolean,
): RecipientsWithProgress {
  const output = toRecipientsOutput(
    recipients.map(({ recipient, filledTabs }) => ({ ...recipient, tabs: filledTabs })),
    includeTabs,
  )
  const progressOf = new Map(recipients.map(({ recipient, progress }) => [recipient.recipientId, progress]))
  const withProgress = (list: typeof output.signers): RecipientWithProgress[] =>
    list.map((recipient) => ({ ...recipient, ...progressFields(progressOf.get(recipient.recipientId)) }))
  return {
    ...output,
    signers: withProgress(output.signers),
    carbonCopies: withProgress(output.carbonCopies),
    certifiedDeliveries: withProgress(output.certifiedDeliveries),
    inPersonSigners: withProgress(output.inPersonSigners),
  }
}

function progressFields(progress: LifecycleRecipient | undefined) {
  if (!progress) return {}
  return {
    status: progress.status,
    ...(progress.sentAt ? { sentDateTime: progress.sentAt } : {}),
    ...(progress.deliveredAt ? { deliveredDateTime: progress.deliveredAt } : {}),
    ...(progress.completedAt ? { signedDateTime: progress.completedAt } : {}),
    ...(progress.declinedAt ? { declinedDateTime: progress.declinedAt } : {}),
    ...(progress.declinedReason ? { declinedReason: progress.declinedReason } : {}),
  }
}

/** Tab types that hold data; signatures and initials are not form data in DocuSign's sense. */
const SIGNATURE_TYPES = new Set(['signHereTabs', 'initialHereTabs'])

/**
 * A recipient's form data, DocuSign's way: each labelled data tab as `{name: tabLabel, value}`; a
 * checkbox is `X` when selected, a radio group is its `groupName` with the selected radio's value.
 */
export function formDataOf(tabs: TabsByType): FormDataItem[] {
  const items: FormDataItem[] = []
  for (const [type, list] of Object.entries(tabs)) {
    if (SIGNATURE_TYPES.has(type)) continue
    for (const tab of list) {
      if (type === 'radioGroupTabs') {
        const radios = Array.isArray(tab.radios) ? tab.radios : []
        const selected = radios.find((radio) => radio.selected === 'true')
        if (typeof tab.groupName === 'string')
          items.push({ name: tab.groupName, value: String(selected?.value ?? '') })
        continue
      }
      if (typeof tab.tabLabel !== 'string') continue
      const value = type === 'checkboxTabs' ? (tab.selected === 'true' ? 'X' : '') : tab.value
      items.push({ name: tab.tabLabel, value: typeof value === 'string' ? value : '' })
    }
  }
  return items
}

export function toEnvelopeFormData(
  envelope: EnvelopeRecord,
  recipients: readonly RecipientProgress[],
): EnvelopeFormData {
  const recipientFormData = recipients.map(({ recipient, filledTabs, progress }) => ({
    recipientId: recipient.recipientId,
    ...(recipient.name !== undefined ? { name: recipient.name } : {}),
    ...(recipient.email !== undefined ? { email: recipient.email } : {}),
    ...(progress?.sentAt ? { SentTime: progress.sentAt } : {}),
    ...(progress?.deliveredAt ? { DeliveredTime: progress.deliveredAt } : {}),
    ...(progress?.completedAt ? { SignedTime: progress.completedAt } : {}),
    ...(progress?.declinedAt ? { DeclinedTime: progress.declinedAt } : {}),
    formData: formDataOf(filledTabs),
  }))
  return {
    envelopeId: envelope.envelopeId,
    status: envelope.status,
    emailSubject: envelope.emailSubject,
    ...(envelope.sentAt ? { sentDateTime: envelope.sentAt } : {}),
    formData: recipientFormData.flatMap((recipient) => recipient.formData),
    recipientFormData,
  }
}
