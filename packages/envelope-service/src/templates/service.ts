import { randomUUID } from 'node:crypto'
import { InvalidRequestError, NotFoundError } from 'platform'
import type { DbOrTx } from '../database.js'
import { putBlob } from '../documents/blobs.js'
import { inspectPdf } from '../documents/pdf.js'
import type { CustomFields, Tab, TabsByType, Template, TemplateDocument, TemplateRole } from './model.js'
import {
  deleteTemplate,
  findTemplate,
  insertTemplate,
  replaceTemplate,
  type TemplateOwner,
  type TemplateRecord,
  type TemplateViewer,
} from './repository.js'
import { TAB_TYPES, type TemplateInput } from './schema.js'

type DocumentInput = NonNullable<TemplateInput['documents']>[number]
type RoleInput = NonNullable<NonNullable<TemplateInput['recipients']>['signers']>[number]
type TabsInput = NonNullable<RoleInput['tabs']>

/** A validated document whose bytes still have to be written to the blob store. */
interface PendingDocument {
  document: TemplateDocument
  bytes: Uint8Array
}

async function readDocuments(inputs: DocumentInput[]): Promise<PendingDocument[]> {
  const seen = new Set<string>()
  inputs.forEach((input, index) => {
    const field = `documents[${index}]`
    if (seen.has(input.documentId)) {
      throw new InvalidRequestError(`${field}.documentId ${input.documentId} is used by another document`)
    }
    seen.add(input.documentId)
    if (input.name.trim() === '') throw new InvalidRequestError(`${field}.name must not be blank`)
    if (input.fileExtension !== undefined && input.fileExtension.toLowerCase() !== 'pdf') {
      throw new InvalidRequestError(`${field}.fileExtension must be "pdf": only PDF documents are accepted`)
    }
  })
  const inspected = await Promise.all(
    inputs.map((input, index) => inspectPdf(input.documentBase64, `documents[${index}].documentBase64`)),
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
    const { bytes, pages } = inspected[index] as { bytes: Uint8Array; pages: number }
    return {
      bytes,
      document: {
        documentId: input.documentId,
        name: input.name,
        fileExtension: 'pdf',
        pages,
        order: position + 1,
        blobId: '',
      },
    }
  })
}

const stringFields = (tab: Record<string, unknown>): Tab =>
  Object.fromEntries(
    Object.entries(tab).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  )

function readTabs(input: TabsInput | undefined, field: string, documents: TemplateDocument[]): TabsByType {
  const tabs: TabsByType = {}
  if (!input) return tabs
  const pagesOf = new Map(documents.map((document) => [document.documentId, document.pages]))
  for (const type of TAB_TYPES) {
    const list = input[type]
    if (!list || list.length === 0) continue
    tabs[type] = list.map((raw, index) => {
      const tab = stringFields(raw as Record<string, unknown>)
      const at = `${field}.${type}[${index}]`
      if (tab.documentId !== undefined && !pagesOf.has(tab.documentId)) {
        throw new InvalidRequestError(`${at}.documentId ${tab.documentId} is not a document of the template`)
      }
      if (tab.anchorString === undefined) {
        for (const required of ['documentId', 'pageNumber', 'xPosition', 'yPosition']) {
          if (tab[required] === undefined) {
            throw new InvalidRequestError(`${at}.${required} is required when the tab has no anchorString`)
          }
        }
      }
      if (tab.pageNumber !== undefined) {
        if (tab.documentId === undefined) {
          throw new InvalidRequestError(`${at}.documentId is required with pageNumber`)
        }
        const pages = pagesOf.get(tab.documentId) as number
        const page = Number(tab.pageNumber)
        if (page < 1 || page > pages) {
          throw new InvalidRequestError(
            `${at}.pageNumber ${tab.pageNumber} is outside document ${tab.documentId}, which has ${pages} page(s)`,
          )
        }
      }
      return tab
    })
  }
  return tabs
}

function readRecipients(input: TemplateInput['recipients'], documents: TemplateDocument[]): TemplateRole[] {
  const seen = new Set<string>()
  const read = (role: RoleInput, type: TemplateRole['type'], field: string): TemplateRole => {
    if (seen.has(role.recipientId)) {
      throw new InvalidRequestError(`${field}.recipientId ${role.recipientId} is used by another recipient`)
    }
    seen.add(role.recipientId)
    if (role.roleName.trim() === '') throw new InvalidRequestError(`${field}.roleName must not be blank`)
    return {
      type,
      recipientId: role.recipientId,
      roleName: role.roleName,
      routingOrder: role.routingOrder ?? '1',
      ...(role.name !== undefined ? { name: role.name } : {}),
      ...(role.email !== undefined ? { email: role.email } : {}),
      tabs: type === 'signer' ? readTabs(role.tabs, `${field}.tabs`, documents) : {},
    }
  }
  return [
    ...(input?.signers ?? []).map((role, index) => read(role, 'signer', `recipients.signers[${index}]`)),
    ...(input?.carbonCopies ?? []).map((role, index) =>
      read(role, 'carbonCopy', `recipients.carbonCopies[${index}]`),
    ),
  ]
}

function readCustomFields(input: TemplateInput['customFields']): CustomFields {
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
 * record. `existingDocuments` are the template's current documents, used when a replace omits them.
 */
async function readTemplate(
  templateId: string,
  input: TemplateInput,
  existingDocuments?: TemplateDocument[],
): Promise<{ record: TemplateRecord; pending: PendingDocument[] }> {
  if (input.name.trim() === '') throw new InvalidRequestError('name must not be blank')
  const pending = input.documents ? await readDocuments(input.documents) : []
  const documents = input.documents ? pending.map((p) => p.document) : (existingDocuments ?? [])
  const record: TemplateRecord = {
    templateId,
    name: input.name,
    description: input.description ?? '',
    shared: input.shared === 'true',
    emailSubject: input.emailSubject ?? '',
    emailBlurb: input.emailBlurb ?? '',
    recipients: readRecipients(input.recipients, documents),
    customFields: readCustomFields(input.customFields),
    documents: input.documents ? documents : undefined,
  }
  return { record, pending }
}

/** Writes the documents' bytes to the blob store (outside any transaction) and fills in their ids. */
async function storeDocuments(db: DbOrTx, pending: PendingDocument[], now: number) {
  for (const item of pending) item.document.blobId = await putBlob(db, item.bytes, now)
}

/** Validates and stores a new template owned by `owner`. */
export async function createTemplate(
  db: DbOrTx,
  owner: TemplateOwner,
  input: TemplateInput,
  now: number,
): Promise<Template> {
  const templateId = randomUUID()
  const { record, pending } = await readTemplate(templateId, input)
  await storeDocuments(db, pending, now)
  await insertTemplate(db, owner, record, new Date(now).toISOString())
  return (await findTemplate(db, owner.accountId, templateId)) as Template
}

/** Replaces a template the viewer can see; keeps its documents when `input.documents` is absent. */
export async function updateTemplate(
  db: DbOrTx,
  accountId: string,
  viewer: TemplateViewer,
  templateId: string,
  input: TemplateInput,
  now: number,
): Promise<Template> {
  const existing = await findTemplate(db, accountId, templateId, viewer)
  if (!existing) throw templateNotFound(templateId)
  const { record, pending } = await readTemplate(templateId, input, existing.documents)
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
