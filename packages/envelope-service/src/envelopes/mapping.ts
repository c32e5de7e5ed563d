import type { Static } from '@sinclair/typebox'
import {
  type EventNotification as EventNotificationOutput,
  FIXED_ENVELOPE_SETTINGS,
  fixedRecipientSettingsOf,
} from 'esign-contract'
import { carriesTabs } from '../tabs/read-tabs.js'
import { toEmailSettingsOutput } from '../templates/email-settings.js'
import { byRecipientList, personOutput } from '../templates/mapping.js'
import { toNotificationOutput } from '../templates/notification.js'
import { recipientSettingsOutput } from '../templates/recipient-settings.js'
import { toWorkflowOutput } from '../workflow/mapping.js'
import type { EventNotification } from './model.js'
import type {
  EnvelopeRecord,
  StoredCustomFields,
  StoredEnvelopeDocument,
  StoredRecipient,
} from './repository.js'
import type {
  CustomFieldsOutput,
  EnvelopeDocumentOutput,
  EnvelopeOutput,
  RecipientOutput,
  RecipientsOutput,
} from './schema.js'

/** Domain to wire: DocuSign strings everywhere, absent values omitted (never null). */

export const envelopeUri = (envelopeId: string) => `/envelopes/${envelopeId}`

export function toRecipientOutput(
  recipient: StoredRecipient,
  includeTabs: boolean,
): Static<typeof RecipientOutput> {
  return {
    recipientId: recipient.recipientId,
    recipientIdGuid: recipient.recipientIdGuid,
    recipientType: recipient.type,
    ...(recipient.roleName !== undefined ? { roleName: recipient.roleName } : {}),
    routingOrder: recipient.routingOrder,
    ...personOutput(recipient),
    deliveryMethod: recipient.deliveryMethod,
    ...(recipient.phoneNumber ? { phoneNumber: recipient.phoneNumber } : {}),
    ...(recipient.additionalNotifications.length > 0
      ? { additionalNotifications: recipient.additionalNotifications }
      : {}),
    ...(recipient.clientUserId !== undefined ? { clientUserId: recipient.clientUserId } : {}),
    ...recipientSettingsOutput(recipient),
    ...fixedRecipientSettingsOf(recipient.type),
    status: recipient.status,
    ...(recipient.sentAt ? { sentDateTime: recipient.sentAt } : {}),
    ...(includeTabs && carriesTabs(recipient.type) ? { tabs: recipient.tabs } : {}),
  }
}

export function toRecipientsOutput(
  recipients: StoredRecipient[],
  includeTabs: boolean,
): Static<typeof RecipientsOutput> {
  const pending = recipients.filter((recipient) => recipient.status !== 'completed')
  const current = Math.min(...pending.map((recipient) => Number(recipient.routingOrder)))
  return {
    ...byRecipientList(recipients, (recipient) => toRecipientOutput(recipient, includeTabs)),
    recipientCount: String(recipients.length),
    ...(pending.length > 0 ? { currentRoutingOrder: String(current) } : {}),
  }
}

export function toDocumentOutput(
  envelopeId: string,
  document: StoredEnvelopeDocument,
): Static<typeof EnvelopeDocumentOutput> {
  return {
    documentId: document.documentId,
    documentIdGuid: document.documentIdGuid,
    name: document.name,
    type: 'content',
    uri: `${envelopeUri(envelopeId)}/documents/${document.documentId}`,
    order: String(document.order),
    pages: Array.from({ length: document.pages }, (_, index) => ({
      pageId: `${document.documentIdGuid}-${index + 1}`,
      sequence: String(index + 1),
    })),
  }
}

export function toCustomFieldsOutput(fields: StoredCustomFields): Static<typeof CustomFieldsOutput> {
  return {
    textCustomFields: fields.textCustomFields.map((field) => ({
      fieldId: field.fieldId,
      name: field.name,
      value: field.value,
      show: String(field.show),
      required: String(field.required),
    })),
    listCustomFields: fields.listCustomFields.map((field) => ({
      fieldId: field.fieldId,
      name: field.name,
      value: field.value,
      listItems: field.listItems,
      show: String(field.show),
      required: String(field.required),
    })),
  }
}

const flag = (value: boolean) => (value ? 'true' : 'false')

/** Events are returned as `events`; the older status-code lists they may have come from are not repeated. */
export function toEventNotificationOutput(
  notification: EventNotification,
): Static<typeof EventNotificationOutput> {
  return {
    url: notification.url,
    events: [...notification.events],
    includeHMAC: flag(notification.includeHMAC),
    requireAcknowledgment: flag(notification.requireAcknowledgment),
    loggingEnabled: flag(notification.loggingEnabled),
    ...(notification.eventData
      ? { eventData: { ...notification.eventData, includeData: [...notification.eventData.includeData] } }
      : {}),
  }
}

export interface EnvelopeIncludes {
  recipients?: StoredRecipient[]
  /** Whether included recipients carry their tabs (`include=tabs`). */
  recipientTabs?: boolean
  documents?: StoredEnvelopeDocument[]
  customFields?: StoredCustomFields
}

export function toEnvelopeOutput(
  envelope: EnvelopeRecord,
  includes: EnvelopeIncludes = {},
): Static<typeof EnvelopeOutput> {
  const uri = envelopeUri(envelope.envelopeId)
  return {
    envelopeId: envelope.envelopeId,
    status: envelope.status,
    emailSubject: envelope.emailSubject,
    emailBlurb: envelope.emailBlurb,
    createdDateTime: envelope.createdAt,
    ...(envelope.sentAt ? { sentDateTime: envelope.sentAt } : {}),
    ...(envelope.deliveredAt ? { deliveredDateTime: envelope.deliveredAt } : {}),
    ...(envelope.completedAt ? { completedDateTime: envelope.completedAt } : {}),
    ...(envelope.declinedAt ? { declinedDateTime: envelope.declinedAt } : {}),
    ...(envelope.voidedAt ? { voidedDateTime: envelope.voidedAt } : {}),
    ...(envelope.voidedReason ? { voidedReason: envelope.voidedReason } : {}),
    statusChangedDateTime: envelope.statusChangedAt,
    lastModifiedDateTime: envelope.updatedAt,
    envelopeUri: uri,
    documentsUri: `${uri}/documents`,
    recipientsUri: `${uri}/recipients`,
    customFieldsUri: `${uri}/custom_fields`,
    sender: envelope.sender,
    ...(envelope.notification ? { notification: toNotificationOutput(envelope.notification) } : {}),
    ...(envelope.emailSettings ? { emailSettings: toEmailSettingsOutput(envelope.emailSettings) } : {}),
    ...(envelope.eventNotification
      ? { eventNotification: toEventNotificationOutput(envelope.eventNotification) }
      : {}),
    ...(envelope.workflow ? { workflow: toWorkflowOutput(envelope.workflow) } : {}),
    envelopeIdStamping: String(envelope.envelopeIdStamping),
    ...(envelope.useDisclosure !== undefined ? { useDisclosure: String(envelope.useDisclosure) } : {}),
    enforceSignerVisibility: String(envelope.enforceSignerVisibility),
    allowReassign: String(envelope.allowReassign),
    ...(envelope.brandId ? { brandId: envelope.brandId } : {}),
    messageLock: String(envelope.messageLock === true),
    brandLock: String(envelope.brandLock === true),
    ...FIXED_ENVELOPE_SETTINGS,
    ...(includes.recipients
      ? { recipients: toRecipientsOutput(includes.recipients, includes.recipientTabs ?? false) }
      : {}),
    ...(includes.documents
      ? {
          envelopeDocuments: includes.documents.map((document) =>
            toDocumentOutput(envelope.envelopeId, document),
          ),
        }
      : {}),
    ...(includes.customFields ? { customFields: toCustomFieldsOutput(includes.customFields) } : {}),
  }
}
