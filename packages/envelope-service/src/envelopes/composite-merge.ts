import { flagOr } from 'esign-contract'
import { InvalidRequestError } from 'platform'
import type { RecipientType, Tab, TabOption, TabsByType } from '../tabs/model.js'
import { checkTabPlacement, fillsByLabel, tabLabelOf, tabText } from '../tabs/read-tabs.js'
import { emailSettingsOf } from '../templates/email-settings.js'
import type { CustomFields, ListCustomField, Template, TextCustomField } from '../templates/model.js'
import { notificationOf, withTopLevelExpiration } from '../templates/notification.js'
import {
  type Composite,
  compositesOf,
  type InlineDocumentContent,
  type Layer,
  type LayerRole,
  requestRoles,
} from './composite-layers.js'
import { checkTemplateLocks, envelopeLocks, lockedDefaults } from './locks.js'
import type { DeliveryMethod, EnvelopeDefinition, EnvelopeDocument, EnvelopeRecipient } from './model.js'
import { eventNotificationOf } from './notification.js'
import type { EnvelopeDefinitionInput, RecipientsInput } from './schema.js'
import { checkExclusions } from './visibility.js'

/**
 * The composite-template merge (DocuSign semantics, see decisions.md "Composite templates"): a pure
 * function from a validated create request and the templates it names to the envelope to store.
 *
 * Within one composite, server and inline templates share one `sequence` order and are overlaid from
 * lowest to highest (last in wins), except documents (first in wins). Across composites, documents
 * follow array order and are renumbered 1..N; recipients with the same roleName and routingOrder
 * become one; a final pass merges recipients with the same email, name and routing order.
 *
 * Recipient ids are the caller's, as DocuSign keeps them: a request's `recipientId` beats the stored
 * template's within a composite (last in wins, like every non-document field), a merged recipient
 * keeps the first request id it met (else the first template id), two recipients given one request id
 * are a 400, a template id already taken yields to the next free number, and only a recipient without
 * any id gets a generated one (the lowest free number, in order of appearance).
 */

export const MAX_ENVELOPE_DOCUMENTS = 50

/**
 * `inlineDocuments` holds the content of the request's documents by field path (see
 * `inlineDocumentsOf`); throws InvalidRequestError with field-naming messages.
 */
export function mergeEnvelopeDefinition(
  request: EnvelopeDefinitionInput,
  templates: ReadonlyMap<string, Template>,
  inlineDocuments: ReadonlyMap<string, InlineDocumentContent>,
): EnvelopeDefinition {
  const status = request.status ?? 'created'
  const composites = compositesOf(request, templates, inlineDocuments)

  const documents: EnvelopeDocument[] = []
  const perComposite = composites.map((composite) => overlayComposite(composite, documents))
  if (documents.length > MAX_ENVELOPE_DOCUMENTS) {
    throw new InvalidRequestError(`The envelope has more than ${MAX_ENVELOPE_DOCUMENTS} documents`)
  }

  let recipients = mergeAcrossComposites(perComposite.map((result) => result.roles))
  recipients = mergeSamePerson(recipients)
  if (status === 'sent') {
    recipients = recipients.filter(
      (recipient) => recipient.name || recipient.email || recipient.conditionalPlaceholder !== undefined,
    )
    requireSendable(recipients, documents)
  }

  const enforceSignerVisibility = flagOr(
    request.enforceSignerVisibility,
    firstTemplates(composites, 'enforceSignerVisibility') === true,
  )
  checkExclusions(recipients, documents, enforceSignerVisibility)

  const locks = composites.flatMap((composite) => composite.layers.flatMap((layer) => layer.lock ?? []))
  const locked = lockedDefaults(locks)
  const emailSubject =
    request.emailSubject ??
    locked.message?.emailSubject ??
    firstNonEmpty(perComposite.map((result) => result.emailSubject))
  const emailBlurb =
    request.emailBlurb ??
    locked.message?.emailBlurb ??
    firstNonEmpty(perComposite.map((result) => result.emailBlurb))
  const brandId = request.brandId ?? locked.brandId ?? firstTemplates(composites, 'brandId')
  checkTemplateLocks({ emailSubject, emailBlurb, brandId }, request, locks)

  return {
    status,
    emailSubject,
    emailBlurb,
    documents,
    recipients: assignRecipientIds(recipients),
    customFields: overlayCustomFields(envelopeCustomFieldLayers(composites)),
    ...optional(
      'notification',
      notificationOf(withTopLevelExpiration(request)) ?? firstTemplates(composites, 'notification'),
    ),
    ...optional('eventNotification', eventNotificationOf(request.eventNotification)),
    ...optional(
      'emailSettings',
      emailSettingsOf(request.emailSettings) ?? firstTemplates(composites, 'emailSettings'),
    ),
    envelopeIdStamping: flagOr(
      request.envelopeIdStamping,
      firstTemplates(composites, 'envelopeIdStamping') !== false,
    ),
    ...optional('useDisclosure', flagOr(request.useDisclosure, firstTemplates(composites, 'useDisclosure'))),
    enforceSignerVisibility,
    allowReassign: flagOr(request.allowReassign, firstTemplates(composites, 'allowReassign') ?? false),
    ...optional('brandId', brandId),
    ...optional('workflow', request.workflow ?? firstTemplates(composites, 'workflow')),
    ...envelopeLocks(request, locks),
  }
}

/**
 * A stored template's `notification`, `emailSettings`, `workflow`, `enforceSignerVisibility`,
 * `envelopeIdStamping`, `useDisclosure`, `allowReassign` or `brandId`, when the request sets none, taken as the subject is: within a composite the last template in
 * sequence order that carries one, across composites the first composite that has one. The request's own
 * replaces it whole, as the envelope's settings are one object to DocuSign.
 */
function firstTemplates<
  K extends
    | 'notification'
    | 'emailSettings'
    | 'workflow'
    | 'enforceSignerVisibility'
    | 'envelopeIdStamping'
    | 'useDisclosure'
    | 'allowReassign'
    | 'brandId',
>(composites: Composite[], key: K): Layer[K] {
  for (const composite of composites) {
    const carrying = composite.layers.filter((layer) => layer[key] !== undefined)
    if (carrying.length > 0) return carrying[carrying.length - 1]![key]
  }
  return undefined
}

/** DocuSign's code for a `recipientId` the envelope already has. */
export const RECIPIENT_ID_TAKEN = 'INVALID_RECIPIENT_ID'

/**
 * Recipients added to a stored envelope (`POST .../envelopes/{envelopeId}/recipients`), built as the
 * create request's are: the same reading and checks of each recipient (email, delivery, authentication,
 * tabs), tabs placed against the envelope's stored documents (whose ids are already the envelope's), and
 * the same final pass that assigns ids, with the envelope's ids already taken: a caller's id the
 * envelope has is a 400 `INVALID_RECIPIENT_ID`, a recipient without one gets the lowest free number.
 * On an envelope already sent every added recipient needs a name, as on a sent create.
 */
export function addedRecipients(
  input: RecipientsInput,
  documents: readonly Pick<EnvelopeDocument, 'documentId' | 'pages'>[],
  existingIds: ReadonlySet<string>,
  sending: boolean,
): EnvelopeRecipient[] {
  const roles = requestRoles(input, 'recipients')
  if (roles.length === 0) {
    throw new InvalidRequestError(
      'Name at least one recipient in signers, carbonCopies, certifiedDeliveries or inPersonSigners',
    )
  }
  const pages = new Map(documents.map((document) => [document.documentId, document.pages]))
  const sameIds = new Map(documents.map((document) => [document.documentId, document.documentId]))
  const merged = roles.map((role) => {
    checkTabPlacement(role.tabs, `${role.path}.tabs`, pages, 'the envelope')
    return newRole(role, mapTabDocuments(role.tabs, sameIds), idSourceOf(true, role))
  })
  if (sending) {
    for (const recipient of merged) {
      if (!recipient.name) throw new InvalidRequestError(`${describeRecipient(recipient)} has no name`)
    }
  }
  return assignRecipientIds(merged, existingIds)
}

const optional = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>

/**
 * Stored templates' custom fields are defaults; the request's (inline templates, or root fields for
 * `templateId`/`documents` requests) override them in every composite, so a value the sender set in
 * one composite is not reset by a later composite's template default. Within each group, composites in
 * array order and layers in sequence order: the later one wins.
 */
function envelopeCustomFieldLayers(composites: Composite[]): CustomFields[] {
  const layers = composites.flatMap((composite) => composite.layers)
  return [
    ...layers.filter((layer) => !layer.fromRequest).map((layer) => layer.customFields),
    ...layers.filter((layer) => layer.fromRequest).map((layer) => layer.customFields),
  ]
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
  /** The id it will keep; `idFrom` says who gave it (the request's is the caller's and must be unique). */
  recipientId?: string
  idFrom?: IdSource
  /** See `LayerRole.conditionalPlaceholder`: sendable without email or name, its rule fills them. */
  conditionalPlaceholder?: string
  /** False when no layer gave a routingOrder and '1' is the default (see `joinsAcross`). */
  routingOrderGiven: boolean
}

type IdSource = { kind: 'request'; path: string } | { kind: 'template' }

interface CompositeResult {
  roles: MergedRole[]
  emailSubject: string
  emailBlurb: string
}

function overlayComposite(composite: Composite, envelopeDocuments: EnvelopeDocument[]): CompositeResult {
  const winning = composite.document
    ? [composite.document]
    : (composite.layers.find((layer) => layer.documents.length > 0)?.documents ?? [])
  const documentIds = new Map<string, string>()
  const pagesBySource = new Map<string, number>()
  for (const document of winning) {
    const documentId = String(envelopeDocuments.length + 1)
    documentIds.set(document.sourceId, documentId)
    pagesBySource.set(document.sourceId, document.pages)
    envelopeDocuments.push({
      documentId,
      name: document.name,
      fileExtension: document.fileExtension,
      pages: document.pages,
      order: envelopeDocuments.length + 1,
      blobId: document.blobId,
      ...(document.original ? { original: document.original } : {}),
    })
  }

  const roles: MergedRole[] = []
  let emailSubject = ''
  let emailBlurb = ''
  for (const layer of composite.layers) {
    if (layer.emailSubject) emailSubject = layer.emailSubject
    if (layer.emailBlurb) emailBlurb = layer.emailBlurb
    for (const role of layer.roles) {
      const existing = findRole(roles, role)
      if (role.path !== undefined) {
        checkTabPlacement(
          role.tabs,
          `${role.path}.tabs`,
          pagesBySource,
          'this composite template',
          existing?.tabs,
        )
      }
      const tabs = mapTabDocuments(role.tabs, documentIds)
      const idFrom = idSourceOf(layer.fromRequest, role)
      const mapped = withEnvelopeExclusions(role, documentIds)
      if (existing) overlayRole(existing, mapped, tabs, idFrom)
      else roles.push(newRole(mapped, tabs, idFrom))
    }
  }
  return {
    roles,
    emailSubject,
    emailBlurb,
  }
}

/**
 * The role with its `excludedDocuments` renumbered to the envelope's documents, as its tabs are: a
 * request's naming a document its composite lacks is a 400, a stored template's exclusion of a document
 * that is not in the envelope (another layer's documents won) is dropped, as its tabs on it are.
 */
function withEnvelopeExclusions(role: LayerRole, documentIds: ReadonlyMap<string, string>): LayerRole {
  if (role.excludedDocuments === undefined) return role
  const named =
    role.path === undefined
      ? role.excludedDocuments.filter((sourceId) => documentIds.has(sourceId))
      : role.excludedDocuments
  if (named.length === 0 && role.excludedDocuments.length > 0) {
    const { excludedDocuments: _, ...unexcluded } = role
    return unexcluded
  }
  const excludedDocuments = named.map((sourceId) => {
    const documentId = documentIds.get(sourceId)
    if (documentId === undefined) {
      throw new InvalidRequestError(
        `${role.path ?? 'recipients'}.excludedDocuments names document ${sourceId}, which this composite template does not have`,
      )
    }
    return documentId
  })
  return { ...role, excludedDocuments }
}

function findRole(roles: MergedRole[], role: LayerRole): MergedRole | undefined {
  if (role.roleName === undefined) return undefined
  const sameName = roles.filter((candidate) => candidate.roleName === role.roleName)
  if (role.byRoleNameOnly) return sameName[0]
  const routingOrder = role.routingOrder ?? sameName[0]?.routingOrder ?? '1'
  return sameName.find((candidate) => candidate.routingOrder === routingOrder)
}

const idSourceOf = (fromRequest: boolean, role: LayerRole): IdSource =>
  fromRequest ? { kind: 'request', path: role.path ?? 'recipients' } : { kind: 'template' }

function newRole(role: LayerRole, tabs: TabsByType, idFrom: IdSource): MergedRole {
  const merged: MergedRole = {
    type: role.type,
    routingOrder: role.routingOrder ?? '1',
    routingOrderGiven: role.routingOrder !== undefined,
    additionalNotifications: role.additionalNotifications ?? [],
    tabs,
  }
  if (role.recipientId !== undefined) {
    merged.recipientId = role.recipientId
    merged.idFrom = idFrom
  }
  copyPersonFields(merged, role)
  if (role.roleName !== undefined) merged.roleName = role.roleName
  if (role.conditionalPlaceholder !== undefined) merged.conditionalPlaceholder = role.conditionalPlaceholder
  return merged
}

function overlayRole(existing: MergedRole, role: LayerRole, tabs: TabsByType, idFrom: IdSource): void {
  existing.type = role.type
  // Last in wins, but a stored template's id never replaces the caller's.
  if (role.recipientId !== undefined && (idFrom.kind === 'request' || existing.idFrom?.kind !== 'request')) {
    existing.recipientId = role.recipientId
    existing.idFrom = idFrom
  }
  if (role.byRoleNameOnly && role.routingOrder !== undefined) existing.routingOrder = role.routingOrder
  if (role.routingOrder !== undefined) existing.routingOrderGiven = true
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
  if (source.accessCode !== undefined) target.accessCode = source.accessCode
  if (source.note !== undefined) target.note = source.note
  if (source.excludedDocuments !== undefined) target.excludedDocuments = [...source.excludedDocuments]
  if (source.smsAuthPhones !== undefined) target.smsAuthPhones = source.smsAuthPhones
  if (source.inPerson !== undefined) target.inPerson = { ...source.inPerson }
  if (source.firstName !== undefined) target.firstName = source.firstName
  if (source.lastName !== undefined) target.lastName = source.lastName
  if (source.emailNotification !== undefined) target.emailNotification = { ...source.emailNotification }
  if (source.suppressEmails !== undefined) target.suppressEmails = source.suppressEmails
  if (source.customFields !== undefined) target.customFields = [...source.customFields]
}

/**
 * Rewrites each tab's `documentId` to the envelope's numbering. A stored template's tab on a document
 * that is not in the envelope (another layer's documents won) is dropped; a request's tabs were
 * checked against the composite's documents before (`checkTabPlacement`).
 */
function mapTabDocuments(tabs: TabsByType, documentIds: ReadonlyMap<string, string>): TabsByType {
  const mapped: TabsByType = {}
  for (const [type, list] of Object.entries(tabs)) {
    const kept: Tab[] = []
    for (const tab of list) {
      const sourceId = tabText(tab, 'documentId')
      if (sourceId === undefined) kept.push({ ...tab })
      else if (fillsByLabel(tab)) kept.push(withoutPage(tab))
      else {
        const documentId = documentIds.get(sourceId)
        if (documentId !== undefined) kept.push({ ...tab, documentId })
      }
    }
    if (kept.length > 0) mapped[type] = kept
  }
  return mapped
}

/**
 * A later tab with the same type and label (`tabLabel`, or `groupName` for radio groups) updates the
 * earlier one (e.g. pre-fills a value); a radio group's radios are updated by `value`, so selecting
 * one keeps every radio's position.
 */
function overlayTabs(base: TabsByType, over: TabsByType): TabsByType {
  const result: TabsByType = {}
  for (const [type, list] of Object.entries(base)) result[type] = list.map((tab) => ({ ...tab }))
  for (const [type, list] of Object.entries(over)) {
    const target = result[type] ?? []
    for (const tab of list) {
      const label = tabLabelOf(tab)
      const same = label === undefined ? undefined : target.find((other) => tabLabelOf(other) === label)
      if (!same) target.push({ ...tab })
      else {
        const radios = overlayRadios(same.radios, tab.radios)
        const listItems = type === 'listTabs' ? selectListItem(same.listItems, tab) : undefined
        Object.assign(same, fillsByLabel(tab) ? withoutPage(tab) : tab)
        if (radios) same.radios = radios
        if (listItems) same.listItems = listItems
      }
    }
    result[type] = target
  }
  return result
}

/** A tab that only fills another keeps the filled tab's document and page. */
function withoutPage(tab: Tab): Tab {
  const { documentId: _, pageNumber: __, ...rest } = tab
  return rest
}

/**
 * A list tab filled by `value` alone (DocuSign's eg017) selects the template's item of that value, so
 * the list shows it chosen; items the fill gives itself replace the template's.
 */
function selectListItem(base: Tab[string] | undefined, fill: Tab): TabOption[] | undefined {
  const value = tabText(fill, 'value')
  if (!Array.isArray(base) || fill.listItems !== undefined || value === undefined) return undefined
  if (!base.some((item) => item.value === value)) return undefined
  return base.map((item) => ({ ...item, selected: item.value === value ? 'true' : 'false' }))
}

function overlayRadios(
  base: Tab[string] | undefined,
  over: Tab[string] | undefined,
): TabOption[] | undefined {
  if (!Array.isArray(base) || !Array.isArray(over)) return undefined
  const radios = base.map((radio) => ({ ...radio }))
  for (const radio of over) {
    const same = radios.find((other) => other.value === radio.value)
    if (same) Object.assign(same, radio)
    else radios.push({ ...radio })
  }
  // Selecting one radio of a group clears the others, or the group would have two answers.
  if (over.some((radio) => radio.selected === 'true')) {
    const chosen = over.find((radio) => radio.selected === 'true')?.value
    for (const radio of radios)
      if (radio.value !== chosen && radio.selected === 'true') radio.selected = 'false'
  }
  return radios
}

function uniteTabs(base: TabsByType, more: TabsByType): TabsByType {
  const result: TabsByType = { ...base }
  for (const [type, list] of Object.entries(more)) result[type] = [...(result[type] ?? []), ...list]
  return result
}

// ---------------------------------------------------------------------------------------------
// Across composites.

/**
 * Same roleName and routingOrder: one recipient who signs every document carrying the role. A role
 * whose routing order no layer of its composite gave (so '1' by default) also joins a recipient of
 * another composite with the same roleName that is recognisably the same one: the caller gave both
 * the same recipientId, or both the same email and name. DocuSign identifies a recipient across
 * composites by its id, and its examples repeat one recipient object in every composite (eg013: a
 * carbon copy whose template role has routing order 2, repeated without one in a composite of its
 * own); the given routing order is kept.
 */
function mergeAcrossComposites(perComposite: MergedRole[][]): MergedRole[] {
  const merged: MergedRole[] = []
  const byRole = new Map<string, MergedRole>()
  const keyOf = (role: MergedRole) =>
    role.roleName === undefined ? undefined : `${role.routingOrder}\u0000${role.roleName}`
  for (const roles of perComposite) {
    for (const role of roles) {
      const key = keyOf(role)
      const existing =
        (key === undefined ? undefined : byRole.get(key)) ??
        merged.find((candidate) => joinsAcross(candidate, role))
      if (existing) {
        const defaulted = !existing.routingOrderGiven && role.routingOrderGiven
        absorb(existing, role)
        if (defaulted) {
          existing.routingOrder = role.routingOrder
          existing.routingOrderGiven = true
          const newKey = keyOf(existing)
          if (newKey !== undefined && !byRole.has(newKey)) byRole.set(newKey, existing)
        }
      } else {
        const copy = { ...role }
        merged.push(copy)
        if (key !== undefined) byRole.set(key, copy)
      }
    }
  }
  return merged
}

/** Whether two recipients of different composites, one with a defaulted routing order, are one. */
function joinsAcross(
  a: Pick<MergedRole, 'roleName' | 'routingOrderGiven' | 'recipientId' | 'idFrom' | 'email' | 'name'>,
  b: Pick<MergedRole, 'roleName' | 'routingOrderGiven' | 'recipientId' | 'idFrom' | 'email' | 'name'>,
): boolean {
  if (a.roleName === undefined || a.roleName !== b.roleName) return false
  if (a.routingOrderGiven && b.routingOrderGiven) return false
  const sameId =
    a.idFrom?.kind === 'request' && b.idFrom?.kind === 'request' && a.recipientId === b.recipientId
  const samePerson =
    a.email !== undefined &&
    a.name !== undefined &&
    a.email.toLowerCase() === b.email?.toLowerCase() &&
    a.name === b.name
  return sameId || samePerson
}

/** Final pass: the same person (email, name, routing order) under several roles is one recipient. */
function mergeSamePerson(recipients: MergedRole[]): MergedRole[] {
  const merged: MergedRole[] = []
  const byPerson = new Map<string, MergedRole>()
  for (const recipient of recipients) {
    // An in-person signer is reached through a host who may also sign for themselves: never one recipient.
    const key =
      recipient.email && recipient.name && recipient.type !== 'inPersonSigner'
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

/** What a recipient does, least to most: a merged recipient does the most any of its parts does. */
const DUTY: Readonly<Record<RecipientType, number>> = {
  carbonCopy: 0,
  certifiedDelivery: 1,
  signer: 2,
  inPersonSigner: 2,
}

/** Folds `later` into `target`: a signer stays a signer, later person fields win, tabs are united. */
function absorb(target: MergedRole, later: MergedRole): void {
  if (DUTY[later.type] > DUTY[target.type]) target.type = later.type
  // The first id wins, except that the caller's id beats a stored template's.
  if (
    later.recipientId !== undefined &&
    (target.recipientId === undefined ||
      (later.idFrom?.kind === 'request' && target.idFrom?.kind !== 'request'))
  ) {
    target.recipientId = later.recipientId
    if (later.idFrom) target.idFrom = later.idFrom
  }
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
    if (recipient.conditionalPlaceholder !== undefined) continue
    if (!recipient.email) throw new InvalidRequestError(`${describeRecipient(recipient)} has no email`)
    if (!recipient.name) throw new InvalidRequestError(`${describeRecipient(recipient)} has no name`)
  }
}

/**
 * Final ids: the caller's are kept and must be unique (also against `stored`, the ids an envelope
 * already has when recipients are added to it); a stored template's is kept unless taken; the rest get
 * the lowest free number, in order of appearance. Tabs name their recipient by the final id.
 */
function assignRecipientIds(
  recipients: MergedRole[],
  stored: ReadonlySet<string> = new Set(),
): EnvelopeRecipient[] {
  const taken = new Map<string, string>([...stored].map((id) => [id, 'the envelope']))
  for (const recipient of recipients) {
    const { recipientId, idFrom } = recipient
    if (recipientId === undefined || idFrom?.kind !== 'request') continue
    if (stored.has(recipientId)) {
      throw new InvalidRequestError(
        `${idFrom.path}.recipientId ${recipientId} is already a recipient of this envelope: recipientIds must be unique within the envelope`,
        { errorCode: RECIPIENT_ID_TAKEN },
      )
    }
    const other = taken.get(recipientId)
    if (other !== undefined) {
      throw new InvalidRequestError(
        `${idFrom.path}.recipientId ${recipientId} is used by another recipient (${other}): recipientIds must be unique within the envelope`,
      )
    }
    taken.set(recipientId, idFrom.path)
  }
  const finalIds = recipients.map((recipient) => {
    if (recipient.recipientId === undefined) return undefined
    if (recipient.idFrom?.kind === 'request') return recipient.recipientId
    if (taken.has(recipient.recipientId)) return undefined
    taken.set(recipient.recipientId, 'a template role')
    return recipient.recipientId
  })
  let next = 1
  const freeId = () => {
    while (taken.has(String(next))) next += 1
    taken.set(String(next), 'generated')
    return String(next)
  }
  return recipients.map(
    ({ conditionalPlaceholder: _, idFrom: __, routingOrderGiven: ___, ...recipient }, index) => {
      const recipientId = finalIds[index] ?? freeId()
      const tabs: TabsByType = {}
      for (const [type, list] of Object.entries(recipient.tabs)) {
        tabs[type] = list.map((tab) => (tab.recipientId === undefined ? tab : { ...tab, recipientId }))
      }
      return { ...recipient, recipientId, deliveryMethod: recipient.deliveryMethod ?? 'email', tabs }
    },
  )
}

const firstNonEmpty = (values: string[]) => values.find((value) => value !== '') ?? ''
