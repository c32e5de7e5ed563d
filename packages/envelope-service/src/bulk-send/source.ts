import type { ServiceContext } from '../context.js'
import {
  type EnvelopeRecord,
  findCustomFields,
  findDocuments,
  findEnvelope,
  findRecipients,
  type StoredCustomFields,
  type StoredEnvelopeDocument,
  type StoredRecipient,
} from '../envelopes/reads.js'
import type { Template } from '../templates/model.js'
import type { TemplateViewer } from '../templates/repository.js'
import type { CopyProblem } from './copies.js'

/**
 * What a bulk send sends from (DocuSign's `envelopeOrTemplateId`): a template the sender may use, or
 * one of the sender's draft envelopes (DocuSign's eg031 sends from a draft). A draft is read as a
 * template of its own: its documents, its recipients as roles (each must have a `roleName`, which the
 * copies fill) with their tabs, its custom fields, subject and message. What a draft recipient carries
 * beyond a template role (delivery method, phone, access code) is not copied: each copy's recipient
 * gives its own, as for a template. Every copy is then made through the envelope create, as from a
 * template (which gives each copy's tabs ids of their own); the draft itself stays a draft.
 */

export type BulkSource =
  | { kind: 'template'; template: Template }
  | { kind: 'draft'; template: Template }
  | { kind: 'missing'; problem: CopyProblem }

type Context = Pick<ServiceContext, 'db' | 'templateCache'>

export async function findBulkSource(
  ctx: Context,
  accountId: string,
  viewer: TemplateViewer,
  id: string,
): Promise<BulkSource> {
  const template = (await ctx.templateCache.find(ctx.db, accountId, [id], viewer)).get(id)
  if (template) return { kind: 'template', template }
  const envelope = await findEnvelope(ctx.db, accountId, id)
  if (!envelope || !(viewer.seesAll || envelope.sender.userId === viewer.userId)) {
    return {
      kind: 'missing',
      problem: {
        code: 'BULK_SEND_TEMPLATE_NOT_FOUND',
        message: `No template or draft envelope ${id} the sender may use`,
      },
    }
  }
  if (envelope.status !== 'created') {
    return {
      kind: 'missing',
      problem: {
        code: 'BULK_SEND_ENVELOPE_NOT_IN_DRAFT',
        message: `Envelope ${id} is ${envelope.status}: bulk send copies a draft envelope (status created)`,
      },
    }
  }
  const [documents, recipients, customFields] = await Promise.all([
    findDocuments(ctx.db, [id]),
    findRecipients(ctx.db, [id]),
    findCustomFields(ctx.db, [id]),
  ])
  const read = draftAsTemplate(
    envelope,
    documents.get(id) ?? [],
    recipients.get(id) ?? [],
    customFields.get(id) ?? { textCustomFields: [], listCustomFields: [] },
  )
  return 'problem' in read ? { kind: 'missing', problem: read.problem } : { kind: 'draft', template: read }
}

/** A draft envelope as the template its copies are made from (pure). */
export function draftAsTemplate(
  envelope: EnvelopeRecord,
  documents: readonly StoredEnvelopeDocument[],
  recipients: readonly StoredRecipient[],
  customFields: StoredCustomFields,
): Template | { problem: CopyProblem } {
  const unnamed = recipients.find((recipient) => !recipient.roleName)
  if (unnamed) {
    return {
      problem: {
        code: 'BULK_SEND_ENVELOPE_RECIPIENT_WITHOUT_ROLE',
        message: `Recipient ${unnamed.recipientId} of draft envelope ${envelope.envelopeId} has no roleName: bulk copies fill recipients by roleName`,
      },
    }
  }
  return {
    templateId: envelope.envelopeId,
    accountId: envelope.accountId,
    ownerUserId: envelope.sender.userId,
    name: envelope.emailSubject,
    description: '',
    shared: false,
    emailSubject: envelope.emailSubject,
    emailBlurb: envelope.emailBlurb,
    documents: documents.map(({ documentIdGuid: _, ...document }) => document),
    recipients: recipients.map((recipient) => ({
      type: recipient.type,
      recipientId: recipient.recipientId,
      roleName: recipient.roleName ?? '',
      routingOrder: recipient.routingOrder,
      ...(recipient.name !== undefined ? { name: recipient.name } : {}),
      ...(recipient.email !== undefined ? { email: recipient.email } : {}),
      ...(recipient.inPerson ? { inPerson: { ...recipient.inPerson } } : {}),
      tabs: recipient.tabs,
    })),
    customFields: {
      textCustomFields: customFields.textCustomFields.map(({ fieldId: _, ...field }) => field),
      listCustomFields: customFields.listCustomFields.map(({ fieldId: _, ...field }) => field),
    },
    allowReassign: envelope.allowReassign,
    // The draft's settings go with its copies, as a stored template's go with its envelopes.
    ...(envelope.notification ? { notification: envelope.notification } : {}),
    ...(envelope.emailSettings ? { emailSettings: envelope.emailSettings } : {}),
    ...(envelope.brandId ? { brandId: envelope.brandId } : {}),
    ...(envelope.enforceSignerVisibility ? { enforceSignerVisibility: true as const } : {}),
    ...(envelope.envelopeIdStamping ? {} : { envelopeIdStamping: false as const }),
    ...(envelope.useDisclosure !== undefined ? { useDisclosure: envelope.useDisclosure } : {}),
    ...(envelope.messageLock ? { messageLock: true as const } : {}),
    ...(envelope.brandLock ? { brandLock: true as const } : {}),
    created: envelope.createdAt,
    lastModified: envelope.updatedAt,
  }
}
