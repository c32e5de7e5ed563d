import { randomUUID } from 'node:crypto'
import { flagOr, RECIPIENT_LISTS, type Tabs, type Workflow } from 'esign-contract'
import { InvalidRequestError, NotFoundError } from 'platform'
import { checkBrandId } from '../brands/service.js'
import type { DbOrTx } from '../database.js'
import { putBlob } from '../documents/blobs/repository.js'
import {
  allInOrder,
  type ConvertedDocument,
  type DocumentConverter,
  pdfOnlyConverter,
  readInlineDocument,
} from '../documents/conversion/converter.js'
import type { RecipientType } from '../tabs/model.js'
import {
  carriesTabs,
  checkConditionalParents,
  checkRecipientType,
  checkTabPlacement,
  readTabs,
} from '../tabs/read-tabs.js'
import { assignTabIds } from '../tabs/tab-ids.js'
import { parseWorkflow } from '../workflow/parse.js'
import {
  applyFieldChanges,
  type FieldChanges,
  numberedFields,
  type StoredField,
} from './custom-fields/rules.js'
import { emailSettingsOf } from './email-settings.js'
import type {
  CustomFields,
  EnvelopeNotification,
  InPersonSigner,
  RecipientSettings,
  Template,
  TemplateDocument,
  TemplateRole,
} from './model.js'
import { notificationOf, toNotificationOutput, withTopLevelExpiration } from './notification.js'
import {
  addRoles,
  type RoleUpdate,
  type RoleUpdateResult,
  removeRoles,
  updateRoles,
} from './recipient-changes.js'
import {
  composedName,
  deliveryMethodOf,
  type RecipientSettingsInput,
  readRecipientSettings,
} from './recipient-settings.js'
import {
  deleteTemplate,
  findTemplate,
  insertTemplate,
  replaceTemplate,
  type TemplateOwner,
  type TemplateRecord,
  type TemplateViewer,
} from './repository.js'
import type { TemplateInput, TemplateUpdateInput } from './schema.js'

type DocumentInput = NonNullable<TemplateInput['documents']>[number]

/** A validated document whose bytes still have to be written to the blob store. */
interface PendingDocument {
  document: TemplateDocument
  /** The PDF. */
  bytes: Uint8Array
  /** What the client sent, when it was converted: stored beside the PDF. */
  originalBytes?: Uint8Array
}

async function readDocuments(
  converter: DocumentConverter,
  inputs: DocumentInput[],
): Promise<PendingDocument[]> {
  const seen = new Set<string>()
  inputs.forEach((input, index) => {
    const field = `documents[${index}]`
    if (seen.has(input.documentId)) {
      throw new InvalidRequestError(`${field}.documentId ${input.documentId} is used by another document`)
    }
    seen.add(input.documentId)
    if (input.name.trim() === '') throw new InvalidRequestError(`${field}.name must not be blank`)
  })
  const converted = await allInOrder(
    inputs.map((input, index) => readInlineDocument(converter, input, `documents[${index}]`)),
  )
  // Documents without an explicit order keep their array position; a stable sort keeps ties in array order.
  const ordered = inputs
    .map((input, index) => ({
      input,
      index,
      key: input.order === undefined ? index + 1 : Number(input.order),
    }))
    .sort((a, b) => a.key - b.key)
  return ordered.map(({ input, index }, position) => {
    const { pdf, pages, original } = converted[index] as ConvertedDocument
    return {
      bytes: pdf,
      ...(original ? { originalBytes: original.bytes } : {}),
      document: {
        documentId: input.documentId,
        name: input.name,
        fileExtension: 'pdf',
        pages,
        order: position + 1,
        blobId: '',
        ...(original ? { original: { blobId: '', extension: original.extension } } : {}),
      },
    }
  })
}

type RecipientsInput = NonNullable<TemplateUpdateInput['recipients']>
type RoleInput = NonNullable<RecipientsInput['signers']>[number]
type InPersonRoleInput = NonNullable<RecipientsInput['inPersonSigners']>[number]

const pagesOf = (documents: TemplateDocument[]) =>
  new Map(documents.map((document) => [document.documentId, document.pages]))

function rejectUnsupportedRecipientLists(input: RecipientsInput): void {
  const known: ReadonlySet<string> = new Set(RECIPIENT_LISTS)
  for (const list of Object.keys(input)) {
    if (!known.has(list)) {
      throw new InvalidRequestError(
        `recipients.${list} is not a supported recipient type (supported: ${RECIPIENT_LISTS.join(', ')})`,
      )
    }
  }
}

function readRecipients(input: RecipientsInput | undefined, documents: TemplateDocument[]): TemplateRole[] {
  if (input) rejectUnsupportedRecipientLists(input)
  const seen = new Set<string>()
  const pages = pagesOf(documents)
  const read = (
    role: RoleInput | InPersonRoleInput,
    type: RecipientType,
    field: string,
    tabsInput: Tabs | undefined,
  ): TemplateRole => {
    if (seen.has(role.recipientId)) {
      throw new InvalidRequestError(`${field}.recipientId ${role.recipientId} is used by another recipient`)
    }
    seen.add(role.recipientId)
    if (role.roleName.trim() === '') throw new InvalidRequestError(`${field}.roleName must not be blank`)
    if ('tabs' in role && !carriesTabs(type)) {
      throw new InvalidRequestError(
        `${field}.tabs is not allowed: only signers and in-person signers have tabs`,
      )
    }
    if (role.recipientType !== undefined) checkRecipientType(type, role.recipientType, field)
    const tabs = readTabs(tabsInput, `${field}.tabs`)
    checkTabPlacement(tabs, `${field}.tabs`, pages, 'the template')
    checkConditionalParents(tabs, `${field}.tabs`)
    const person =
      type === 'inPersonSigner' ? inPersonRole(role as InPersonRoleInput) : personOf(role as RoleInput)
    const settings = roleSettingsOf(role, field, documents)
    if (person.name === undefined) {
      const composed = composedName(settings)
      if (composed !== undefined) person.name = composed
    }
    return {
      type,
      recipientId: role.recipientId,
      roleName: role.roleName,
      routingOrder: role.routingOrder ?? '1',
      ...person,
      ...settings,
      tabs: assignTabIds(tabs),
    }
  }
  const list = <T extends RoleInput | InPersonRoleInput>(
    roles: T[] | undefined,
    type: RecipientType,
    name: string,
    tabsOf: (role: T) => Tabs | undefined,
  ) => (roles ?? []).map((role, index) => read(role, type, `recipients.${name}[${index}]`, tabsOf(role)))
  return [
    ...list(input?.signers, 'signer', 'signers', (role) => role.tabs),
    ...list(input?.carbonCopies, 'carbonCopy', 'carbonCopies', () => undefined),
    ...list(input?.certifiedDeliveries, 'certifiedDelivery', 'certifiedDeliveries', () => undefined),
    ...list(input?.inPersonSigners, 'inPersonSigner', 'inPersonSigners', (role) => role.tabs),
  ]
}

/**
 * A role's own settings and default delivery, read as an envelope recipient's are; its
 * `excludedDocuments` must name the template's documents.
 */
function roleSettingsOf(
  role: RecipientSettingsInput & { deliveryMethod?: string },
  field: string,
  documents: readonly TemplateDocument[],
): RecipientSettings & Pick<TemplateRole, 'deliveryMethod'> {
  const settings = readRecipientSettings(role, field)
  checkExcludedDocuments(settings.excludedDocuments, field, documents)
  if (role.deliveryMethod === undefined) return settings
  return { ...settings, deliveryMethod: deliveryMethodOf(role.deliveryMethod, `${field}.deliveryMethod`) }
}

function checkExcludedDocuments(
  excluded: readonly string[] | undefined,
  field: string,
  documents: readonly TemplateDocument[],
): void {
  for (const documentId of excluded ?? []) {
    if (!documents.some((document) => document.documentId === documentId)) {
      throw new InvalidRequestError(
        `${field}.excludedDocuments names document ${documentId}, which the template does not have`,
      )
    }
  }
}

function personOf(role: RoleInput): Pick<TemplateRole, 'name' | 'email'> {
  return {
    ...(role.name !== undefined ? { name: role.name } : {}),
    ...(role.email !== undefined ? { email: role.email } : {}),
  }
}

/** The host is the recipient DocuSign reaches (`name`/`email` in the domain); the signer signs on their device. */
function inPersonRole(role: InPersonRoleInput): Pick<TemplateRole, 'name' | 'email' | 'inPerson'> {
  const inPerson: InPersonSigner = {
    ...(role.signerName !== undefined ? { signerName: role.signerName } : {}),
    ...(role.signerEmail !== undefined ? { signerEmail: role.signerEmail } : {}),
  }
  return {
    ...(role.hostName !== undefined ? { name: role.hostName } : {}),
    ...(role.hostEmail !== undefined ? { email: role.hostEmail } : {}),
    inPerson,
  }
}

function readCustomFields(input: TemplateUpdateInput['customFields']): CustomFields {
  const names = new Set<string>()
  const claim = (name: string, field: string) => {
    if (names.has(name))
      throw new InvalidRequestError(`${field}.name ${name} is used by another custom field`)
    names.add(name)
  }
  const textCustomFields = (input?.textCustomFields ?? []).map((field, index) => {
    claim(field.name, `customFields.textCustomFields[${index}]`)
    return {
      name: field.name,
      value: field.value ?? '',
      show: field.show === 'true',
      required: field.required === 'true',
    }
  })
  const listCustomFields = (input?.listCustomFields ?? []).map((field, index) => {
    const at = `customFields.listCustomFields[${index}]`
    claim(field.name, at)
    const listItems = field.listItems ?? []
    const value = field.value ?? ''
    if (value !== '' && !listItems.includes(value)) {
      throw new InvalidRequestError(`${at}.value must be one of its listItems`)
    }
    return {
      name: field.name,
      value,
      listItems,
      show: field.show === 'true',
      required: field.required === 'true',
    }
  })
  return { textCustomFields, listCustomFields }
}

/**
 * Checks a template body beyond its shape (unique ids, PDFs, tab references) and turns it into a
 * record. On update (`existing` given) a field the body does not contain keeps its stored value, as
 * DocuSign's update does; kept roles' tabs are checked again when the documents change.
 */
async function readTemplate(
  converter: DocumentConverter,
  templateId: string,
  input: TemplateUpdateInput,
  existing?: Template,
): Promise<{ record: TemplateRecord; pending: PendingDocument[] }> {
  const name = input.name ?? existing?.name ?? ''
  if (name.trim() === '') throw new InvalidRequestError('name must not be blank')
  const pending = input.documents ? await readDocuments(converter, input.documents) : []
  const documents = input.documents ? pending.map((p) => p.document) : (existing?.documents ?? [])
  const record: TemplateRecord = {
    templateId,
    name,
    description: input.description ?? existing?.description ?? '',
    shared: flagOr(input.shared, existing?.shared ?? false),
    emailSubject: input.emailSubject ?? existing?.emailSubject ?? '',
    emailBlurb: input.emailBlurb ?? existing?.emailBlurb ?? '',
    recipients:
      input.recipients !== undefined || !existing
        ? readRecipients(input.recipients, documents)
        : keptRecipients(existing.recipients, documents),
    customFields:
      input.customFields !== undefined || !existing
        ? readCustomFields(input.customFields)
        : existing.customFields,
    documents: input.documents ? documents : undefined,
  }
  const notification = templateNotification(input, existing?.notification)
  if (notification) record.notification = notification
  const emailSettings = input.emailSettings ? emailSettingsOf(input.emailSettings) : existing?.emailSettings
  if (emailSettings) record.emailSettings = emailSettings
  const allowReassign = flagOr(input.allowReassign, existing?.allowReassign)
  if (allowReassign !== undefined) record.allowReassign = allowReassign
  const brandId = input.brandId ?? existing?.brandId
  if (brandId) record.brandId = brandId
  // A flag the body leaves out keeps the stored one; "true" or "false" replaces it.
  if (flagOr(input.enforceSignerVisibility, existing?.enforceSignerVisibility === true)) {
    record.enforceSignerVisibility = true
  }
  if (flagOr(input.messageLock, existing?.messageLock === true)) record.messageLock = true
  if (flagOr(input.brandLock, existing?.brandLock === true)) record.brandLock = true
  if (!flagOr(input.envelopeIdStamping, existing?.envelopeIdStamping !== false)) {
    record.envelopeIdStamping = false
  }
  const useDisclosure = flagOr(input.useDisclosure, existing?.useDisclosure)
  if (useDisclosure !== undefined) record.useDisclosure = useDisclosure
  const workflow = input.workflow ?? existing?.workflow
  if (workflow) {
    checkTemplateWorkflow(workflow, record.recipients)
    record.workflow = workflow
  }
  return { record, pending }
}

/**
 * A template's workflow is checked as an envelope's against the template's roles, with the same
 * messages, so that what an envelope would refuse is refused when the template is stored; each envelope
 * made from the template reads it again against its own recipients.
 */
function checkTemplateWorkflow(workflow: Workflow, roles: readonly TemplateRole[]): void {
  parseWorkflow(
    workflow,
    roles.map((role) => ({
      recipientId: role.recipientId,
      routingOrder: Number(role.routingOrder),
      type: role.type,
    })),
  )
}

function keptRecipients(roles: TemplateRole[], documents: TemplateDocument[]): TemplateRole[] {
  const pages = pagesOf(documents)
  for (const role of roles) {
    checkTabPlacement(role.tabs, `documents: the tabs of role "${role.roleName}"`, pages, 'the template')
    checkExcludedDocuments(role.excludedDocuments, `documents: the role "${role.roleName}"`, documents)
  }
  return roles
}

/** Writes the documents' bytes to the blob store (outside any transaction) and fills in their ids. */
async function storeDocuments(db: DbOrTx, pending: PendingDocument[], now: number) {
  for (const item of pending) {
    item.document.blobId = await putBlob(db, item.bytes, now)
    if (item.originalBytes && item.document.original) {
      item.document.original.blobId = await putBlob(db, item.originalBytes, now)
    }
  }
}

/**
 * Validates and stores a new template owned by `owner`. Without a converter only PDFs are accepted
 * (the demo templates).
 */
export async function createTemplate(
  db: DbOrTx,
  owner: TemplateOwner,
  input: TemplateInput,
  now: number,
  converter: DocumentConverter = pdfOnlyConverter,
): Promise<Template> {
  const templateId = randomUUID()
  if (input.brandId) await checkBrandId(db, owner.accountId, input.brandId)
  const { record, pending } = await readTemplate(converter, templateId, input)
  await storeDocuments(db, pending, now)
  await insertTemplate(db, owner, record, new Date(now).toISOString())
  return (await findTemplate(db, owner.accountId, templateId)) as Template
}

/** Updates a template the viewer can see: only the fields the body contains change. */
export async function updateTemplate(
  db: DbOrTx,
  accountId: string,
  viewer: TemplateViewer,
  templateId: string,
  input: TemplateUpdateInput,
  now: number,
  converter: DocumentConverter,
): Promise<Template> {
  const existing = await findTemplate(db, accountId, templateId, viewer)
  if (!existing) throw templateNotFound(templateId)
  if (input.brandId) await checkBrandId(db, accountId, input.brandId)
  const { record, pending } = await readTemplate(converter, templateId, input, existing)
  await storeDocuments(db, pending, now)
  if (!(await replaceTemplate(db, accountId, record, new Date(now).toISOString()))) {
    throw templateNotFound(templateId)
  }
  return (await findTemplate(db, accountId, templateId)) as Template
}

/** Deletes a template the viewer can see and returns what it was. */
export async function removeTemplate(
  db: DbOrTx,
  accountId: string,
  viewer: TemplateViewer,
  templateId: string,
): Promise<Template> {
  const existing = await findTemplate(db, accountId, templateId, viewer)
  if (!existing || !(await deleteTemplate(db, accountId, templateId))) throw templateNotFound(templateId)
  return existing
}

export const templateNotFound = (templateId: string) =>
  new NotFoundError(`Template ${templateId} was not found in this account`)

/**
 * The write path of a template's parts (recipients, custom fields): the stored template, changed by
 * `change`, written back as `PUT /templates/{templateId}` writes it (the version goes up; the routes
 * invalidate the template cache around it, `templateCache.writing`). The kept roles' tabs are checked
 * against the documents again, as an update does.
 */
async function rewriteTemplate<R>(
  db: DbOrTx,
  target: { accountId: string; viewer: TemplateViewer; templateId: string },
  now: number,
  change: (existing: Template) => {
    parts: Partial<Pick<TemplateRecord, 'recipients' | 'customFields'>>
    result: R
  },
): Promise<R> {
  const { accountId, viewer, templateId } = target
  const existing = await findTemplate(db, accountId, templateId, viewer)
  if (!existing) throw templateNotFound(templateId)
  const { record } = await readTemplate(pdfOnlyConverter, templateId, {}, existing)
  const { parts, result } = change(existing)
  // The template's workflow must still hold over the changed roles, as it did when it was stored.
  if (parts.recipients && record.workflow) checkTemplateWorkflow(record.workflow, parts.recipients)
  if (!(await replaceTemplate(db, accountId, { ...record, ...parts }, new Date(now).toISOString()))) {
    throw templateNotFound(templateId)
  }
  return result
}

type TemplateTarget = Parameters<typeof rewriteTemplate>[1]

/** `POST /templates/{templateId}/recipients`: the roles added, read as a template create reads them. */
export function addTemplateRecipients(
  db: DbOrTx,
  target: TemplateTarget,
  input: RecipientsInput,
  now: number,
): Promise<TemplateRole[]> {
  return rewriteTemplate(db, target, now, (existing) => {
    const added = readRecipients(input, existing.documents)
    return { parts: { recipients: addRoles(existing.recipients, added) }, result: added }
  })
}

/** `PUT /templates/{templateId}/recipients`: one answer per named role. */
export function updateTemplateRecipients(
  db: DbOrTx,
  target: TemplateTarget,
  updates: readonly RoleUpdate[],
  now: number,
): Promise<RoleUpdateResult[]> {
  return rewriteTemplate(db, target, now, (existing) => {
    for (const update of updates) {
      checkExcludedDocuments(
        update.settings?.excludedDocuments,
        `recipient ${update.recipientId}`,
        existing.documents,
      )
    }
    const { roles, results } = updateRoles(existing.recipients, updates)
    return { parts: { recipients: roles }, result: results }
  })
}

/** `DELETE /templates/{templateId}/recipients[/{recipientId}]`: the roles deleted. */
export function removeTemplateRecipients(
  db: DbOrTx,
  target: TemplateTarget,
  recipientIds: readonly string[],
  now: number,
): Promise<TemplateRole[]> {
  return rewriteTemplate(db, target, now, (existing) => {
    const { roles, removed } = removeRoles(existing.recipients, recipientIds)
    return { parts: { recipients: roles }, result: removed }
  })
}

/** `POST`, `PUT`, `DELETE /templates/{templateId}/custom_fields`: the plan over the numbered fields. */
export function changeTemplateCustomFields(
  db: DbOrTx,
  target: TemplateTarget,
  plan: (existing: readonly StoredField[]) => FieldChanges,
  now: number,
): Promise<FieldChanges> {
  return rewriteTemplate(db, target, now, (existing) => {
    const fields = numberedFields<StoredField | (Omit<StoredField, 'fieldId'> & { fieldId?: string })>([
      ...existing.customFields.textCustomFields.map((field) => ({
        ...field,
        kind: 'text' as const,
        listItems: [],
      })),
      ...existing.customFields.listCustomFields.map((field) => ({ ...field, kind: 'list' as const })),
    ])
    const changes = plan(fields)
    return { parts: { customFields: customFieldsOf(applyFieldChanges(fields, changes)) }, result: changes }
  })
}

function customFieldsOf(fields: readonly StoredField[]): CustomFields {
  const common = (field: StoredField) => ({
    fieldId: field.fieldId,
    name: field.name,
    value: field.value,
    show: field.show,
    required: field.required,
  })
  return {
    textCustomFields: fields.filter((field) => field.kind === 'text').map(common),
    listCustomFields: fields
      .filter((field) => field.kind === 'list')
      .map((field) => ({ ...common(field), listItems: [...field.listItems] })),
  }
}

/**
 * The template's `notification`: the body's, with its top-level `expireEnabled`/`expireAfter` folded in
 * as an envelope's are (`notification.expirations` wins when both are given). On update, a body with only
 * the top-level expiration changes the stored expiration and keeps the stored reminders; a body with
 * neither keeps what is stored.
 */
function templateNotification(
  input: TemplateUpdateInput,
  stored: EnvelopeNotification | undefined,
): EnvelopeNotification | undefined {
  if (input.notification) return notificationOf(withTopLevelExpiration(input))
  if (input.expireEnabled === undefined && input.expireAfter === undefined) return stored
  const kept = stored ? toNotificationOutput(stored) : undefined
  const given = withTopLevelExpiration({ expireEnabled: input.expireEnabled, expireAfter: input.expireAfter })
  return notificationOf({ ...kept, expirations: { ...kept?.expirations, ...given?.expirations } })
}
