import {
  type CustomFields as CustomFieldsInput,
  type Document as DocumentInput,
  type EnvelopeCarbonCopy,
  type EnvelopeInPersonSigner,
  type EnvelopeSigner,
  RECIPIENT_LISTS,
  type Workflow,
} from 'esign-contract'
import { InvalidRequestError, looksLikeEmailAddress } from 'platform'
import type { DocumentOriginal } from '../documents/originals.js'
import type { RecipientType, TabsByType } from '../tabs/model.js'
import { carriesTabs, checkRecipientType, readTabs } from '../tabs/read-tabs.js'
import type {
  CustomFields,
  EmailSettings,
  EnvelopeNotification,
  InPersonSigner,
  ListCustomField,
  PhoneNumber,
  RecipientSettings,
  Template,
  TextCustomField,
} from '../templates/model.js'
import {
  canonicalRecipientId,
  composedName,
  deliveryMethodOf,
  readRecipientSettings,
} from '../templates/recipient-settings.js'
import { conditionalPlaceholderIds } from '../workflow/parse-conditions.js'
import { type TemplateLock, templateLockOf } from './locks.js'
import type { AdditionalNotification, DeliveryMethod } from './model.js'
import { smsAuthPhonesOf } from './recipient-authentication.js'
import type {
  CompositeTemplateInput,
  EnvelopeDefinitionInput,
  RecipientsInput,
  TemplateRoleInput,
} from './schema.js'

/**
 * Reads a validated create request into the shape the composite merge works on: composites made of
 * layers (one per server or inline template), with request recipients normalized and checked.
 * A `templateId` + `templateRoles` request or an inline `documents` request becomes one composite.
 */

/** Content of an inline (request) document once decoded, checked and put in the blob store. */
export interface InlineDocumentContent {
  pages: number
  blobId: string
  /** Set when the document was converted to PDF from another format. */
  original?: DocumentOriginal
}

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

// ---------------------------------------------------------------------------------------------
// Layers: every server or inline template of a composite, in one shape.

export interface LayerDocument {
  sourceId: string
  name: string
  fileExtension: string
  pages: number
  blobId: string
  original?: DocumentOriginal
}

/**
 * A role of one layer. Its `excludedDocuments` (and its tabs' `documentId`) are numbered as the request
 * or the stored template numbers its documents; the merge maps them to the envelope's.
 */
export interface LayerRole extends RecipientSettings {
  type: RecipientType
  /** The `recipientId` the request or the stored template gave (trimmed); absent when none was given. */
  recipientId?: string
  roleName?: string
  routingOrder?: string
  name?: string
  email?: string
  deliveryMethod?: DeliveryMethod
  phoneNumber?: PhoneNumber
  additionalNotifications?: AdditionalNotification[]
  clientUserId?: string
  accessCode?: string
  smsAuthPhones?: string[]
  inPerson?: InPersonSigner
  tabs: TabsByType
  /** Field path when the role comes from the request: its tabs must refer to existing documents. */
  path?: string
  /** `templateRoles` match a role by name alone and may move it to another routing order. */
  byRoleNameOnly?: boolean
  /**
   * The request's `recipientId` of a signer sent without email because a conditional-recipient rule
   * chooses its person (DocuSign's placeholder); the merge keeps it without email.
   */
  conditionalPlaceholder?: string
}

export interface Layer {
  sequence: number
  /** Position among the composite's layers, server templates first: breaks sequence ties. */
  position: number
  documents: LayerDocument[]
  roles: LayerRole[]
  customFields: CustomFields
  /** Stored template (false) or the request itself (true): request custom fields beat stored defaults. */
  fromRequest: boolean
  emailSubject: string
  emailBlurb: string
  /** A stored template's reminders and expiration, and its Reply-To and Bcc. */
  notification?: EnvelopeNotification
  emailSettings?: EmailSettings
  /** A stored template's `allowReassign`, when it set one. */
  allowReassign?: boolean
  /** A stored template's brand. */
  brandId?: string
  /** A stored template's workflow (as given), and its `enforceSignerVisibility` when set. */
  workflow?: Workflow
  enforceSignerVisibility?: true
  /** A stored template's `envelopeIdStamping`, when it turned the stamp off. */
  envelopeIdStamping?: false
  /** A stored template's `useDisclosure`, when it gave one. */
  useDisclosure?: boolean
  /** What a stored template's `messageLock` and `brandLock` fix for its envelopes (locks.ts). */
  lock?: TemplateLock
}

export interface Composite {
  layers: Layer[]
  /** `compositeTemplates[].document`: replaces the documents of every layer. */
  document?: LayerDocument
}

export function compositesOf(
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
      fromRequest: true,
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
      roles: requestRoles(request.recipients, 'recipients', conditionalPlaceholderIds(request.workflow)),
      customFields: customFieldsOf(request.customFields, 'customFields'),
      fromRequest: true,
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
        fromRequest: true,
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
  // The placeholder signer of the template's own conditional-recipient rule is sent without a person.
  const placeholders = conditionalPlaceholderIds(template.workflow)
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
        ...(document.original ? { original: document.original } : {}),
      })),
    roles: template.recipients.map((role) => ({
      type: role.type,
      recipientId: role.recipientId,
      roleName: role.roleName,
      routingOrder: role.routingOrder,
      ...(role.name ? { name: role.name } : {}),
      ...(role.email ? { email: role.email } : {}),
      ...(role.inPerson ? { inPerson: { ...role.inPerson } } : {}),
      ...(role.deliveryMethod ? { deliveryMethod: role.deliveryMethod } : {}),
      ...roleSettings(role),
      ...(role.email === undefined && placeholders.has(role.recipientId)
        ? { conditionalPlaceholder: role.recipientId }
        : {}),
      tabs: role.tabs,
    })),
    customFields: template.customFields,
    fromRequest: false,
    emailSubject: template.emailSubject,
    emailBlurb: template.emailBlurb,
    ...(template.notification ? { notification: template.notification } : {}),
    ...(template.emailSettings ? { emailSettings: template.emailSettings } : {}),
    ...(template.allowReassign !== undefined ? { allowReassign: template.allowReassign } : {}),
    ...(template.brandId ? { brandId: template.brandId } : {}),
    ...(template.workflow ? { workflow: template.workflow } : {}),
    ...(template.enforceSignerVisibility ? { enforceSignerVisibility: true } : {}),
    ...(template.envelopeIdStamping === false ? { envelopeIdStamping: false } : {}),
    ...(template.useDisclosure !== undefined ? { useDisclosure: template.useDisclosure } : {}),
    ...optionalLock(templateLockOf(template)),
  }
}

const optionalLock = (lock: TemplateLock | undefined) => (lock ? { lock } : {})

/** A stored role's own settings, copied so that the merge never changes the cached template. */
function roleSettings(role: RecipientSettings): RecipientSettings {
  return {
    ...(role.firstName !== undefined ? { firstName: role.firstName } : {}),
    ...(role.lastName !== undefined ? { lastName: role.lastName } : {}),
    ...(role.emailNotification ? { emailNotification: { ...role.emailNotification } } : {}),
    ...(role.suppressEmails !== undefined ? { suppressEmails: role.suppressEmails } : {}),
    ...(role.customFields ? { customFields: [...role.customFields] } : {}),
    ...(role.note !== undefined ? { note: role.note } : {}),
    ...(role.excludedDocuments ? { excludedDocuments: [...role.excludedDocuments] } : {}),
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
      // The stored document is a PDF whatever was sent; the original keeps the format it came in.
      fileExtension: 'pdf',
      pages: content.pages,
      blobId: content.blobId,
      ...(content.original ? { original: content.original } : {}),
    }
  })
}

// ---------------------------------------------------------------------------------------------
// Request recipients: normalized and checked, field paths kept for messages.

/**
 * A request's recipient lists as layer roles, checked and normalized (the create request's, and the
 * recipients added to a stored envelope). `placeholders`: recipientIds of conditional-rule
 * placeholders, which may come without email.
 */
export function requestRoles(
  recipients: RecipientsInput | undefined,
  path: string,
  placeholders: ReadonlySet<string> = new Set(),
): LayerRole[] {
  if (!recipients) return []
  const known: ReadonlySet<string> = new Set(RECIPIENT_LISTS)
  for (const list of Object.keys(recipients)) {
    if (!known.has(list)) {
      throw new InvalidRequestError(
        `${path}.${list} is not a supported recipient type (supported: ${RECIPIENT_LISTS.join(', ')})`,
      )
    }
  }
  return [
    ...(recipients.signers ?? []).map((recipient, r) =>
      requestRole(recipient, 'signer', `${path}.signers[${r}]`, placeholders),
    ),
    ...(recipients.carbonCopies ?? []).map((recipient, r) =>
      requestRole(recipient, 'carbonCopy', `${path}.carbonCopies[${r}]`),
    ),
    ...(recipients.certifiedDeliveries ?? []).map((recipient, r) =>
      requestRole(recipient, 'certifiedDelivery', `${path}.certifiedDeliveries[${r}]`),
    ),
    ...(recipients.inPersonSigners ?? []).map((recipient, r) =>
      inPersonRequestRole(recipient, `${path}.inPersonSigners[${r}]`),
    ),
  ]
}

type RequestRecipient = EnvelopeSigner | EnvelopeCarbonCopy | TemplateRoleInput

function requestRole(
  recipient: RequestRecipient,
  type: RecipientType,
  path: string,
  placeholders: ReadonlySet<string> = new Set(),
): LayerRole {
  const email = recipient.email ?? ''
  const id = 'recipientId' in recipient ? recipient.recipientId?.trim() : undefined
  const placeholder = email === '' && type === 'signer' && id !== undefined && placeholders.has(id)
  if (!placeholder) {
    if (recipient.email === undefined) throw new InvalidRequestError(`${path}.email is required`)
    if (!looksLikeEmailAddress(email))
      throw new InvalidRequestError(`${path}.email must be a valid email address`)
  }
  const role = reachOf(recipient, type, path)
  if (id !== undefined && id !== '') role.recipientId = canonicalRecipientId(id)
  if (placeholder) role.conditionalPlaceholder = id
  else role.email = email
  if (recipient.name !== undefined && recipient.name !== '') role.name = recipient.name
  else {
    const composed = composedName(role)
    if (composed !== undefined) role.name = composed
  }
  return role
}

/** An in-person signer is reached through the host, who becomes the recipient's name and email. */
function inPersonRequestRole(recipient: EnvelopeInPersonSigner, path: string): LayerRole {
  if (!looksLikeEmailAddress(recipient.hostEmail))
    throw new InvalidRequestError(`${path}.hostEmail must be a valid email address`)
  const role = reachOf(recipient, 'inPersonSigner', path)
  const id = recipient.recipientId?.trim()
  if (id !== undefined && id !== '') role.recipientId = canonicalRecipientId(id)
  role.email = recipient.hostEmail
  if (recipient.hostName !== undefined && recipient.hostName !== '') role.name = recipient.hostName
  role.inPerson = {
    ...(recipient.signerName !== undefined ? { signerName: recipient.signerName } : {}),
    ...(recipient.signerEmail !== undefined ? { signerEmail: recipient.signerEmail } : {}),
  }
  return role
}

/** What every kind of request recipient shares: role, routing, delivery channels and tabs. */
function reachOf(
  recipient: RequestRecipient | EnvelopeInPersonSigner,
  type: RecipientType,
  path: string,
): LayerRole {
  if ('tabs' in recipient && !carriesTabs(type)) {
    throw new InvalidRequestError(`${path}.tabs is not allowed: only signers and in-person signers have tabs`)
  }
  const tabs = 'tabs' in recipient ? readTabs(recipient.tabs, `${path}.tabs`) : {}
  if ('recipientType' in recipient && recipient.recipientType !== undefined) {
    checkRecipientType(type, recipient.recipientType, path)
  }
  const role: LayerRole = { type, tabs, path }
  if (recipient.roleName !== undefined) role.roleName = recipient.roleName
  if (recipient.routingOrder !== undefined) role.routingOrder = String(Number(recipient.routingOrder))
  if (recipient.clientUserId !== undefined) role.clientUserId = recipient.clientUserId
  if (recipient.accessCode !== undefined) role.accessCode = recipient.accessCode
  Object.assign(role, readRecipientSettings(recipient, path))
  const smsAuthPhones = smsAuthPhonesOf(recipient, path)
  if (smsAuthPhones) role.smsAuthPhones = smsAuthPhones
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

function templateRoleLayerRole(role: TemplateRoleInput, path: string, template: Template): LayerRole {
  const templateRole = template.recipients.find((candidate) => candidate.roleName === role.roleName)
  if (!templateRole) {
    throw new InvalidRequestError(
      `${path}.roleName "${role.roleName}" is not a role of template ${template.templateId}`,
    )
  }
  const layerRole = requestRole(role, templateRole.type, path)
  if (role.inPersonSignerName !== undefined) {
    if (templateRole.type !== 'inPersonSigner') {
      throw new InvalidRequestError(`${path}.inPersonSignerName is only for an in-person signer role`)
    }
    layerRole.inPerson = { signerName: role.inPersonSignerName }
  }
  return { ...layerRole, byRoleNameOnly: true }
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
