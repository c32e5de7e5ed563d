import { InvalidRequestError } from 'platform'
import type {
  CustomFields,
  ListCustomField,
  PhoneNumber,
  RecipientType,
  Tab,
  TabsByType,
  Template,
  TextCustomField,
} from '../templates/model.js'
import type {
  AdditionalNotification,
  DeliveryMethod,
  EnvelopeDefinition,
  EnvelopeDocument,
  EnvelopeRecipient,
} from './model.js'
import type {
  CompositeTemplateInput,
  CustomFieldsInput,
  DocumentInput,
  EnvelopeDefinitionInput,
  RecipientInput,
  RecipientsInput,
  TemplateRoleInput,
} from './schema.js'

/**
 * The composite-template merge (DocuSign semantics, see decisions.md "Composite templates"): a pure
 * function from a validated create request and the templates it names to the envelope to store.
 *
 * Within one composite, server and inline templates share one `sequence` order and are overlaid from
 * lowest to highest (last in wins), except documents (first in wins). Across composites, documents
 * follow array order and are renumbered 1..N; recipients with the same roleName and routingOrder
 * become one; a final pass merges recipients with the same email, name and routing order.
 */

/** Content of an inline (request) document once decoded, checked and put in the blob store. */
export interface InlineDocumentContent {
  pages: number
  blobId: string
}

export const MAX_ENVELOPE_DOCUMENTS = 50

/** Every inline document of a request with the field path that names it (the key of its `InlineDocumentContent`). */
export function inlineDocumentsOf(
  request: EnvelopeDefinitionInput,
): Array<{ path: string; document: DocumentInput }> {
  const found: Array<{ path: string; document: DocumentInput }> = []
  if (request.compositeTemplates) {
    request.compositeTemplates.forEach((composite, c) => {
      composite.inlineTemplates?.forEach((inline, i) => {
        inline.documents?.forEach((document, d) => {
          found.push({ path: `compositeTemplates[${c}].inlineTemplates[${i}].documents[${d}]`, document })
        })
      })
      if (composite.document)
        found.push({ path: `compositeTemplates[${c}].document`, document: composite.document })
    })
  } else if (request.templateId === undefined) {
    request.documents?.forEach((document, d) => {
      found.push({ path: `documents[${d}]`, document })
    })
  }
  return found
}

/** Every template id a request refers to, in order, without repeats. */
export function templateIdsOf(request: EnvelopeDefinitionInput): string[] {
  if (request.compositeTemplates) {
    const ids = request.compositeTemplates.flatMap((composite) =>
      (composite.serverTemplates ?? []).map((server) => server.templateId),
    )
    return [...new Set(ids)]
  }
  return request.templateId === undefined ? [] : [request.templateId]
}

export function mergeEnvelopeDefinition(
  request: EnvelopeDefinitionInput,
  templates: ReadonlyMap<string, Template>,
  storedDocuments: ReadonlyMap<string, InlineDocumentContent>,
): EnvelopeDefinition {
  const status = request.status ?? 'created'
  const composites = compositesOf(request, templates, storedDocuments)

  const documents: EnvelopeDocument[] = []
  const perComposite = composites.map((composite) => overlayComposite(composite, documents))
  if (documents.length > MAX_ENVELOPE_DOCUMENTS) {
    throw new InvalidRequestError(`The envelope has more than ${MAX_ENVELOPE_DOCUMENTS} documents`)
  }

  let recipients = mergeAcrossComposites(perComposite.map((result) => result.roles))
  recipients = mergeSamePerson(recipients)
  if (status === 'sent') {
    recipients = recipients.filter((recipient) => recipient.name || recipient.email)
    requireSendable(recipients, documents)
  }

  return {
    status,
    emailSubject: request.emailSubject ?? firstNonEmpty(perComposite.map((result) => result.emailSubject)),
    emailBlurb: request.emailBlurb ?? firstNonEmpty(perComposite.map((result) => result.emailBlurb)),
    documents,
    recipients: renumberRecipients(recipients),
    customFields: overlayCustomFields(perComposite.flatMap((result) => result.customFieldLayers)),
  }
}

// ---------------------------------------------------------------------------------------------
// Layers: every server or inline template of a composite, in one shape.

interface LayerDocument {
  sourceId: string
  name: string
  fileExtension: string
  pages: number
  blobId: string
}

interface LayerRole {
  type: RecipientType
  roleName?: string
  routingOrder?: string
  name?: string
  email?: string
  deliveryMethod?: DeliveryMethod
  phoneNumber?: PhoneNumber
  additionalNotifications?: AdditionalNotification[]
  clientUserId?: string
  tabs: TabsByType
  /** Field path when the role comes from the request: its tabs must refer to existing documents. */
  path?: string
  /** `templateRoles` match a role by name alone and may move it to another routing order. */
  byRoleNameOnly?: boolean
}

interface Layer {
  sequence: number
  /** Position among the composite's layers, server templates first: breaks sequence ties. */
  position: number
  documents: LayerDocument[]
  roles: LayerRole[]
  customFields: CustomFields
  emailSubject: string
  emailBlurb: string
}

interface Composite {
  layers: Layer[]
  /** `compositeTemplates[].document`: replaces the documents of every layer. */
  document?: LayerDocument
}

function compositesOf(
  request: EnvelopeDefinitionInput,
  templates: ReadonlyMap<string, Template>,
  stored: ReadonlyMap<string, InlineDocumentContent>,
): Composite[] {
  if (request.compositeTemplates) {
    const seenIds = new Map<string, number>()
    return request.compositeTemplates.map((composite, c) => {
      const path = `compositeTemplates[${c}]`
      if (composite.compositeTemplateId !== undefined) {
        const previous = seenIds.get(composite.compositeTemplateId)
        if (previous !== undefined) {
          throw new InvalidRequestError(
            `${path}.compositeTemplateId "${composite.compositeTemplateId}" is not unique: compositeTemplates[${previous}] uses it too`,
          )
        }
        seenIds.set(composite.compositeTemplateId, c)
      }
      return compositeOf(composite, path, templates, stored)
    })
  }
  if (request.templateId !== undefined) {
    const template = templateOrFail(templates, request.templateId, 'templateId')
    const server = serverLayer(template, 1, 0)
    const roles = (request.templateRoles ?? []).map((role, r) =>
      templateRoleLayerRole(role, `templateRoles[${r}]`, template),
    )
    const overrides: Layer = {
      sequence: 2,
      position: 1,
      documents: [],
      roles,
      customFields: customFieldsOf(request.customFields, 'customFields'),
      emailSubject: '',
      emailBlurb: '',
    }
    return [{ layers: [server, overrides] }]
  }
  if (request.documents) {
    const layer: Layer = {
      sequence: 1,
      position: 0,
      documents: layerDocuments(request.documents, 'documents', stored),
      roles: requestRoles(request.recipients, 'recipients'),
      customFields: customFieldsOf(request.customFields, 'customFields'),
      emailSubject: '',
      emailBlurb: '',
    }
    return [{ layers: [layer] }]
  }
  throw new InvalidRequestError('The envelope needs compositeTemplates, templateId or documents')
}

function compositeOf(
  composite: CompositeTemplateInput,
  path: string,
  templates: ReadonlyMap<string, Template>,
  stored: ReadonlyMap<string, InlineDocumentContent>,
): Composite {
  const servers = composite.serverTemplates ?? []
  const inlines = composite.inlineTemplates ?? []
  if (servers.length === 0 && inlines.length === 0) {
    throw new InvalidRequestError(`${path} must have serverTemplates or inlineTemplates`)
  }
  const layers: Layer[] = [
    ...servers.map((server, s) =>
      serverLayer(
        templateOrFail(templates, server.templateId, `${path}.serverTemplates[${s}].templateId`),
        Number(server.sequence),
        s,
      ),
    ),
    ...inlines.map((inline, i): Layer => {
      const inlinePath = `${path}.inlineTemplates[${i}]`
      return {
        sequence: Number(inline.sequence),
        position: servers.length + i,
        documents: layerDocuments(inline.documents ?? [], `${inlinePath}.documents`, stored),
        roles: requestRoles(inline.recipients, `${inlinePath}.recipients`),
        customFields: customFieldsOf(inline.customFields, `${inlinePath}.customFields`),
        emailSubject: '',
        emailBlurb: '',
      }
    }),
  ]
  layers.sort((a, b) => a.sequence - b.sequence || a.position - b.position)
  const document = composite.document
    ? layerDocuments([composite.document], `${path}.document`, stored, `${path}.document`)[0]
    : undefined
  return document ? { layers, document } : { layers }
}

function templateOrFail(
  templates: ReadonlyMap<string, Template>,
  templateId: string,
  path: string,
): Template {
  const template = templates.get(templateId)
  if (!template) throw new InvalidRequestError(`${path} "${templateId}" is not a template of this account`)
  return template
}

function serverLayer(template: Template, sequence: number, position: number): Layer {
  return {
    sequence,
    position,
    documents: [...template.documents]
      .sort((a, b) => a.order - b.order)
      .map((document) => ({
        sourceId: document.documentId,
        name: document.name,
        fileExtension: document.fileExtension,
        pages: document.pages,
        blobId: document.blobId,
      })),
    roles: template.recipients.map((role) => ({
      type: role.type,
      roleName: role.roleName,
      routingOrder: role.routingOrder,
      ...(role.name ? { name: role.name } : {}),
      ...(role.email ? { email: role.email } : {}),
      tabs: role.tabs,
    })),
    customFields: template.customFields,
    emailSubject: template.emailSubject,
    emailBlurb: template.emailBlurb,
  }
}

function layerDocuments(
  documents: DocumentInput[],
  path: string,
  stored: ReadonlyMap<string, InlineDocumentContent>,
  singlePath?: string,
): LayerDocument[] {
  const seen = new Set<string>()
  return documents.map((document, d) => {
    const documentPath = singlePath ?? `${path}[${d}]`
    if (seen.has(document.documentId)) {
      throw new InvalidRequestError(`${documentPath}.documentId "${document.documentId}" is not unique`)
    }
    seen.add(document.documentId)
    const content = stored.get(documentPath)
    if (!content) throw new Error(`No stored content for ${documentPath}`)
    return {
      sourceId: document.documentId,
      name: document.name,
      fileExtension: (document.fileExtension ?? 'pdf').toLowerCase(),
      pages: content.pages,
      blobId: content.blobId,
    }
  })
}

// ---------------------------------------------------------------------------------------------
// Request recipients: normalized and checked, field paths kept for messages.

function requestRoles(recipients: RecipientsInput | undefined, path: string): LayerRole[] {
  return [
    ...(recipients?.signers ?? []).map((recipient, r) =>
      requestRole(recipient, 'signer', `${path}.signers[${r}]`),
    ),
    ...(recipients?.carbonCopies ?? []).map((recipient, r) =>
      requestRole(recipient, 'carbonCopy', `${path}.carbonCopies[${r}]`),
    ),
  ]
}

const EMAIL = /^[^\s@]+@[^\s@]+$/

function requestRole(
  recipient: RecipientInput | TemplateRoleInput,
  type: RecipientType,
  path: string,
): LayerRole {
  if (!EMAIL.test(recipient.email))
    throw new InvalidRequestError(`${path}.email must be a valid email address`)
  const role: LayerRole = { type, email: recipient.email, tabs: recipient.tabs ?? {}, path }
  if (recipient.roleName !== undefined) role.roleName = recipient.roleName
  if (recipient.routingOrder !== undefined) role.routingOrder = String(Number(recipient.routingOrder))
  if (recipient.name !== undefined && recipient.name !== '') role.name = recipient.name
  if (recipient.clientUserId !== undefined) role.clientUserId = recipient.clientUserId
  if (recipient.deliveryMethod !== undefined) {
    role.deliveryMethod = deliveryMethodOf(recipient.deliveryMethod, `${path}.deliveryMethod`)
  }
  if (recipient.phoneNumber) role.phoneNumber = { ...recipient.phoneNumber }
  if (role.deliveryMethod === 'SMS' && !role.phoneNumber) {
    throw new InvalidRequestError(`${path}.phoneNumber is required when deliveryMethod is SMS`)
  }
  if (recipient.additionalNotifications) {
    role.additionalNotifications = recipient.additionalNotifications.map((notification, n) => {
      const field = `${path}.additionalNotifications[${n}].secondaryDeliveryMethod`
      if (notification.secondaryDeliveryMethod.toLowerCase() !== 'sms') {
        throw new InvalidRequestError(`${field} must be SMS`)
      }
      return { secondaryDeliveryMethod: 'SMS', phoneNumber: { ...notification.phoneNumber } }
    })
  }
  return role
}

function deliveryMethodOf(value: string, path: string): DeliveryMethod {
  const lower = value.toLowerCase()
  if (lower === 'email') return 'email'
  if (lower === 'sms') return 'SMS'
  throw new InvalidRequestError(`${path} must be email or SMS`)
}

function templateRoleLayerRole(role: TemplateRoleInput, path: string, template: Template): LayerRole {
  const templateRole = template.recipients.find((candidate) => candidate.roleName === role.roleName)
  if (!templateRole) {
    throw new InvalidRequestError(
      `${path}.roleName "${role.roleName}" is not a role of template ${template.templateId}`,
    )
  }
  return { ...requestRole(role, templateRole.type, path), byRoleNameOnly: true }
}

// ---------------------------------------------------------------------------------------------
// Custom fields.

const truthy = (value: string | undefined) => value === 'true'

function customFieldsOf(input: CustomFieldsInput | undefined, path: string): CustomFields {
  return {
    textCustomFields: (input?.textCustomFields ?? []).map(
      (field): TextCustomField => ({
        name: field.name,
        value: field.value ?? '',
        show: truthy(field.show),
        required: truthy(field.required),
      }),
    ),
    listCustomFields: (input?.listCustomFields ?? []).map((field, f): ListCustomField => {
      const listItems = field.listItems ?? []
      const value = field.value ?? ''
      if (value !== '' && !listItems.includes(value)) {
        throw new InvalidRequestError(`${path}.listCustomFields[${f}].value must be one of its listItems`)
      }
      return {
        name: field.name,
        value,
        listItems: [...listItems],
        show: truthy(field.show),
        required: truthy(field.required),
      }
    }),
  }
}

/** Later layers replace fields of the same name; first appearance keeps the order. */
function overlayCustomFields(layers: CustomFields[]): CustomFields {
  const text = new Map<string, TextCustomField>()
  const list = new Map<string, ListCustomField>()
  for (const layer of layers) {
    for (const field of layer.textCustomFields) text.set(field.name, { ...field })
    for (const field of layer.listCustomFields)
      list.set(field.name, { ...field, listItems: [...field.listItems] })
  }
  return { textCustomFields: [...text.values()], listCustomFields: [...list.values()] }
}

// ---------------------------------------------------------------------------------------------
// One composite: documents first-in-wins, everything else last-in-wins.

interface MergedRole extends Omit<EnvelopeRecipient, 'recipientId' | 'deliveryMethod'> {
  deliveryMethod?: DeliveryMethod
}

interface CompositeResult {
  roles: MergedRole[]
  customFieldLayers: CustomFields[]
  emailSubject: string
  emailBlurb: string
}

function overlayComposite(composite: Composite, envelopeDocuments: EnvelopeDocument[]): CompositeResult {
  const winning = composite.document
    ? [composite.document]
    : (composite.layers.find((layer) => layer.documents.length > 0)?.documents ?? [])
  const documentIds = new Map<string, string>()
  for (const document of winning) {
    const documentId = String(envelopeDocuments.length + 1)
    documentIds.set(document.sourceId, documentId)
    envelopeDocuments.push({
      documentId,
      name: document.name,
      fileExtension: document.fileExtension,
      pages: document.pages,
      order: envelopeDocuments.length + 1,
      blobId: document.blobId,
    })
  }

  const roles: MergedRole[] = []
  let emailSubject = ''
  let emailBlurb = ''
  for (const layer of composite.layers) {
    if (layer.emailSubject) emailSubject = layer.emailSubject
    if (layer.emailBlurb) emailBlurb = layer.emailBlurb
    for (const role of layer.roles) {
      const tabs = mapTabDocuments(role.tabs, documentIds, role.path)
      const existing = findRole(roles, role)
      if (existing) overlayRole(existing, role, tabs)
      else roles.push(newRole(role, tabs))
    }
  }
  return {
    roles,
    customFieldLayers: composite.layers.map((layer) => layer.customFields),
    emailSubject,
    emailBlurb,
  }
}

function findRole(roles: MergedRole[], role: LayerRole): MergedRole | undefined {
  if (role.roleName === undefined) return undefined
  const sameName = roles.filter((candidate) => candidate.roleName === role.roleName)
  if (role.byRoleNameOnly) return sameName[0]
  const routingOrder = role.routingOrder ?? sameName[0]?.routingOrder ?? '1'
  return sameName.find((candidate) => candidate.routingOrder === routingOrder)
}

function newRole(role: LayerRole, tabs: TabsByType): MergedRole {
  const merged: MergedRole = {
    type: role.type,
    routingOrder: role.routingOrder ?? '1',
    additionalNotifications: role.additionalNotifications ?? [],
    tabs,
  }
  copyPersonFields(merged, role)
  if (role.roleName !== undefined) merged.roleName = role.roleName
  return merged
}

function overlayRole(existing: MergedRole, role: LayerRole, tabs: TabsByType): void {
  existing.type = role.type
  if (role.byRoleNameOnly && role.routingOrder !== undefined) existing.routingOrder = role.routingOrder
  copyPersonFields(existing, role)
  if (role.additionalNotifications) existing.additionalNotifications = role.additionalNotifications
  existing.tabs = overlayTabs(existing.tabs, tabs)
}

function copyPersonFields(target: MergedRole, source: Partial<MergedRole>): void {
  if (source.name !== undefined) target.name = source.name
  if (source.email !== undefined) target.email = source.email
  if (source.deliveryMethod !== undefined) target.deliveryMethod = source.deliveryMethod
  if (source.phoneNumber !== undefined) target.phoneNumber = source.phoneNumber
  if (source.clientUserId !== undefined) target.clientUserId = source.clientUserId
}

/**
 * Rewrites each tab's `documentId` to the envelope's numbering. A stored template's tab on a document
 * that is not in the envelope (another layer's documents won) is dropped; a request's tab must refer
 * to a document of its composite.
 */
function mapTabDocuments(
  tabs: TabsByType,
  documentIds: ReadonlyMap<string, string>,
  path?: string,
): TabsByType {
  const mapped: TabsByType = {}
  for (const [type, list] of Object.entries(tabs)) {
    const kept: Tab[] = []
    list.forEach((tab, t) => {
      if (tab.documentId === undefined) {
        kept.push({ ...tab })
        return
      }
      const documentId = documentIds.get(tab.documentId)
      if (documentId !== undefined) kept.push({ ...tab, documentId })
      else if (path !== undefined) {
        throw new InvalidRequestError(
          `${path}.tabs.${type}[${t}].documentId "${tab.documentId}" is not a document of this composite template`,
        )
      }
    })
    if (kept.length > 0) mapped[type] = kept
  }
  return mapped
}

/** A later tab with the same type and tabLabel updates the earlier one (e.g. pre-fills a value). */
function overlayTabs(base: TabsByType, over: TabsByType): TabsByType {
  const result: TabsByType = {}
  for (const [type, list] of Object.entries(base)) result[type] = list.map((tab) => ({ ...tab }))
  for (const [type, list] of Object.entries(over)) {
    const target = result[type] ?? []
    for (const tab of list) {
      const same =
        tab.tabLabel === undefined ? undefined : target.find((other) => other.tabLabel === tab.tabLabel)
      if (same) Object.assign(same, tab)
      else target.push({ ...tab })
    }
    result[type] = target
  }
  return result
}

function uniteTabs(base: TabsByType, more: TabsByType): TabsByType {
  const result: TabsByType = { ...base }
  for (const [type, list] of Object.entries(more)) result[type] = [...(result[type] ?? []), ...list]
  return result
}

// ---------------------------------------------------------------------------------------------
// Across composites.

/** Same roleName and routingOrder: one recipient who signs every document carrying the role. */
function mergeAcrossComposites(perComposite: MergedRole[][]): MergedRole[] {
  const merged: MergedRole[] = []
  const byRole = new Map<string, MergedRole>()
  for (const roles of perComposite) {
    for (const role of roles) {
      const key = role.roleName === undefined ? undefined : `${role.routingOrder}\u0000${role.roleName}`
      const existing = key === undefined ? undefined : byRole.get(key)
      if (existing) absorb(existing, role)
      else {
        const copy = { ...role }
        merged.push(copy)
        if (key !== undefined) byRole.set(key, copy)
      }
    }
  }
  return merged
}

/** Final pass: the same person (email, name, routing order) under several roles is one recipient. */
function mergeSamePerson(recipients: MergedRole[]): MergedRole[] {
  const merged: MergedRole[] = []
  const byPerson = new Map<string, MergedRole>()
  for (const recipient of recipients) {
    const key =
      recipient.email && recipient.name
        ? `${recipient.routingOrder}\u0000${recipient.email.toLowerCase()}\u0000${recipient.name}`
        : undefined
    const existing = key === undefined ? undefined : byPerson.get(key)
    if (existing) absorb(existing, recipient)
    else {
      merged.push(recipient)
      if (key !== undefined) byPerson.set(key, recipient)
    }
  }
  return merged
}

/** Folds `later` into `target`: a signer stays a signer, later person fields win, tabs are united. */
function absorb(target: MergedRole, later: MergedRole): void {
  if (later.type === 'signer') target.type = 'signer'
  copyPersonFields(target, later)
  if (later.additionalNotifications.length > 0) target.additionalNotifications = later.additionalNotifications
  target.tabs = uniteTabs(target.tabs, later.tabs)
}

function describeRecipient(recipient: MergedRole): string {
  const who = recipient.roleName !== undefined ? `role "${recipient.roleName}"` : `"${recipient.name ?? ''}"`
  return `The recipient with ${who} and routingOrder ${recipient.routingOrder}`
}

function requireSendable(recipients: MergedRole[], documents: EnvelopeDocument[]): void {
  if (documents.length === 0) throw new InvalidRequestError('The envelope has no documents')
  if (recipients.length === 0) {
    throw new InvalidRequestError('The envelope has no recipients: every role lacks a name and an email')
  }
  for (const recipient of recipients) {
    if (!recipient.email) throw new InvalidRequestError(`${describeRecipient(recipient)} has no email`)
    if (!recipient.name) throw new InvalidRequestError(`${describeRecipient(recipient)} has no name`)
  }
}

function renumberRecipients(recipients: MergedRole[]): EnvelopeRecipient[] {
  return recipients.map((recipient, index) => {
    const recipientId = String(index + 1)
    const tabs: TabsByType = {}
    for (const [type, list] of Object.entries(recipient.tabs)) {
      tabs[type] = list.map((tab) => (tab.recipientId === undefined ? tab : { ...tab, recipientId }))
    }
    return { ...recipient, recipientId, deliveryMethod: recipient.deliveryMethod ?? 'email', tabs }
  })
}

const firstNonEmpty = (values: string[]) => values.find((value) => value !== '') ?? ''
