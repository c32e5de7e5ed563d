import { type CustomField, fromWireCustomFields, toWireCustomFields } from './custom-fields.js'
import { fromWireNotification, type Reminders, toWireNotification } from './reminders.js'

/**
 * The builder's state and its translation to and from DocuSign's template shape. Pure functions, so the
 * rules (placement, near-duplicate roles, the wire shape) are tested without a browser.
 */

export const FIELD_TYPES = [
  'signHere',
  'initialHere',
  'dateSigned',
  'fullName',
  'email',
  'text',
  'number',
  'date',
  'checkbox',
  'list',
  'numerical',
  'formula',
  'radioGroup',
] as const
export type FieldType = (typeof FIELD_TYPES)[number]

/** Types an anchor can place: a radio group places each of its radios, so it is placed on a page. */
export const ANCHOR_FIELD_TYPES = FIELD_TYPES.filter((type) => type !== 'radioGroup')

export const ROLE_KINDS = ['signers', 'carbonCopies', 'certifiedDeliveries', 'inPersonSigners'] as const
export type RoleKind = (typeof ROLE_KINDS)[number]

/** Kinds whose recipients fill fields; carbon copies and certified deliveries only receive. */
export const kindCarriesFields = (kind: RoleKind) => kind === 'signers' || kind === 'inPersonSigners'

/** How the envelopes made from the template reach the role unless the sender chooses otherwise. */
export type RoleDelivery = 'email' | 'SMS'

/** Kinds that may be reached by SMS; an in-person signer is reached through its host. */
export const kindTakesDelivery = (kind: RoleKind) => kind !== 'inPersonSigners'

export interface Role {
  key: string
  name: string
  routingOrder: number
  kind: RoleKind
  /** The template recipient's `deliveryMethod`; absent means email. */
  delivery?: RoleDelivery
  /** The recipient's other properties from the server, sent back unchanged. */
  extra?: Record<string, unknown>
  /** Tabs the builder does not draw (anchor-only, or a type it has no tool for), sent back unchanged. */
  keptTabs?: Record<string, Record<string, unknown>[]>
}

/** A placed field; `x`, `y`, `width`, `height` in points from the page's top-left, as DocuSign counts. */
export interface Field {
  key: string
  type: FieldType
  roleKey: string
  documentId: string
  pageNumber: number
  x: number
  y: number
  width: number
  height: number
  required: boolean
  tabLabel: string
  tooltip: string
  fontSize: string
  validationPattern: string
  validationMessage: string
  maxLength: string
  listItems: string[]
  /** Shown only when the role's field labelled so (a radio group's name) holds `conditionalParentValue`. */
  conditionalParentLabel?: string
  conditionalParentValue?: string
  /** A formula field's computation (`[Label]` references), decimals kept and whether it is hidden. */
  formula?: string
  roundDecimalPlaces?: string
  hidden?: boolean
  /** Date and numerical fields: how the value is shown; properties not edited here are kept as they came. */
  localePolicy?: Record<string, string>
  /** Numerical fields: `Number` or `Currency`. */
  validationType?: string
  /** A radio group's radios (the field's `tabLabel` is the group's name); the first sits at the field's box. */
  radios?: RadioOption[]
  /** The tab's other properties from the server, sent back unchanged. */
  extra?: Record<string, unknown>
}

/** One radio of a group, placed `dx`, `dy` points from the group's first radio (which has 0, 0). */
export interface RadioOption {
  key: string
  value: string
  dx: number
  dy: number
  selected: boolean
  /** The radio's other properties from the server, sent back unchanged. */
  extra?: Record<string, unknown>
}

export const ANCHOR_UNITS = ['pixels', 'inches', 'mms', 'cms'] as const
export type AnchorUnits = (typeof ANCHOR_UNITS)[number]

/**
 * A field placed by anchor text (DocuSign's auto-place): at every occurrence of `anchorString` in the
 * documents, moved by the offsets (right and down) in `units`; the server finds the occurrences.
 */
export interface AnchorField {
  key: string
  type: FieldType
  roleKey: string
  anchorString: string
  xOffset: string
  yOffset: string
  units: AnchorUnits
  ignoreIfNotPresent: boolean
  caseSensitive: boolean
  matchWholeWord: boolean
  required: boolean
  tabLabel: string
  /** The tab's other properties from the server, sent back unchanged. */
  extra?: Record<string, unknown>
}

export interface BuilderDocument {
  documentId: string
  name: string
  fileExtension: string
  /** Base64 of the upload, kept until the template is saved; absent for documents already on the server. */
  base64?: string
}

export interface Settings {
  name: string
  description: string
  emailSubject: string
  emailBlurb: string
  shared: boolean
  /**
   * DocuSign's `messageLock`: a template's envelopes keep its subject and message; a draft's cannot be
   * changed (when it has a subject).
   */
  messageLock: boolean
  /** DocuSign's `envelopeIdStamping`: its envelopes print their id at the top of each completed page. */
  envelopeIdStamping: boolean
  /** DocuSign's `useDisclosure`: its signers agree to the Electronic Record and Signature Disclosure first. */
  useDisclosure: boolean
  customFields: CustomField[]
  reminders: Reminders
}

export interface BuilderState {
  settings: Settings
  documents: BuilderDocument[]
  roles: Role[]
  fields: Field[]
  anchors: AnchorField[]
}

/** The size a new field of each type gets, in points (DocuSign's default sizes are close to these). */
export const DEFAULT_SIZE: Record<FieldType, { width: number; height: number }> = {
  signHere: { width: 120, height: 36 },
  initialHere: { width: 48, height: 36 },
  dateSigned: { width: 96, height: 20 },
  fullName: { width: 144, height: 20 },
  email: { width: 160, height: 20 },
  text: { width: 144, height: 20 },
  number: { width: 96, height: 20 },
  date: { width: 96, height: 20 },
  checkbox: { width: 16, height: 16 },
  list: { width: 120, height: 20 },
  numerical: { width: 96, height: 20 },
  formula: { width: 96, height: 20 },
  radioGroup: { width: 16, height: 16 },
}

export const MIN_SIZE = 8

/** A page of a document: where new fields go, and the page last worked on. */
export interface PageRef {
  documentId: string
  pageNumber: number
}

export interface PageSize {
  width: number
  height: number
}

/** A box kept whole inside its page: moved back in, and shrunk only when larger than the page. */
export function clampBox<T extends { x: number; y: number; width: number; height: number }>(
  box: T,
  page: PageSize,
): T {
  const width = Math.min(Math.max(MIN_SIZE, box.width), page.width)
  const height = Math.min(Math.max(MIN_SIZE, box.height), page.height)
  const x = Math.min(Math.max(0, box.x), page.width - width)
  const y = Math.min(Math.max(0, box.y), page.height - height)
  return { ...box, x: Math.round(x), y: Math.round(y), width: Math.round(width), height: Math.round(height) }
}

/** How role names are compared for the near-duplicate warning: case and spacing ignored. */
export const roleNameKey = (name: string) => name.replace(/\s+/g, '').toLowerCase()

/**
 * Pairs of role names that differ only in case or spacing: the CRM matches names exactly, so such a
 * pair is almost always a typo that would leave one role unfilled.
 */
export function nearDuplicateRoles(roles: readonly Pick<Role, 'name'>[]): [string, string][] {
  const seen = new Map<string, string>()
  const pairs: [string, string][] = []
  for (const { name } of roles) {
    const key = roleNameKey(name)
    if (!key) continue
    const earlier = seen.get(key)
    if (earlier !== undefined && earlier !== name) pairs.push([earlier, name])
    else if (earlier === undefined) seen.set(key, name)
  }
  return pairs
}

/** Exactly equal names with the same routing order: DocuSign would merge them into one recipient. */
export function sameRoles(roles: readonly Pick<Role, 'name' | 'routingOrder'>[]): string[] {
  const seen = new Set<string>()
  const repeated = new Set<string>()
  for (const role of roles) {
    const key = `${role.name}\u0000${role.routingOrder}`
    if (seen.has(key)) repeated.add(role.name)
    seen.add(key)
  }
  return [...repeated]
}

export type WireTab = Record<string, unknown>
type WireRecipient = Record<string, unknown> & { tabs?: Record<string, WireTab[]> }

const s = (value: number) => String(Math.round(value))
const str = (value: unknown) => (typeof value === 'string' ? value : '')
const num = (value: unknown, fallback: number) => {
  const parsed = Number.parseFloat(str(value))
  return Number.isFinite(parsed) ? parsed : fallback
}

/** Tab properties the builder edits; any other property a tab has is kept as it came. */
const MANAGED_TAB_KEYS = new Set([
  'documentId',
  'recipientId',
  'pageNumber',
  'xPosition',
  'yPosition',
  'width',
  'height',
  'tabLabel',
  'tooltip',
  'fontSize',
  'optional',
  'required',
  'validationPattern',
  'validationMessage',
  'maxLength',
  'listItems',
  'conditionalParentLabel',
  'conditionalParentValue',
])
/** Properties the builder edits on some types only: on any other type they are kept as they came. */
const MANAGED_BY_TYPE: Partial<Record<FieldType, readonly string[]>> = {
  formula: ['formula', 'roundDecimalPlaces', 'hidden'],
  date: ['localePolicy'],
  numerical: ['localePolicy', 'validationType'],
  radioGroup: ['groupName', 'radios'],
}
const MANAGED_RADIO_KEYS = new Set(['pageNumber', 'xPosition', 'yPosition', 'value', 'selected', 'required'])
const managedKeysOf = (type: FieldType) => new Set([...MANAGED_TAB_KEYS, ...(MANAGED_BY_TYPE[type] ?? [])])
const MANAGED_ANCHOR_KEYS = new Set([
  'recipientId',
  'anchorString',
  'anchorXOffset',
  'anchorYOffset',
  'anchorUnits',
  'anchorIgnoreIfNotPresent',
  'anchorCaseSensitive',
  'anchorMatchWholeWord',
  'tabLabel',
  'optional',
  'required',
])
// `recipientType` is what the server says the role is; the list it is sent in says it again.
const MANAGED_RECIPIENT_KEYS = new Set([
  'recipientId',
  'roleName',
  'routingOrder',
  'recipientType',
  'deliveryMethod',
  'tabs',
])

/** The wire's `deliveryMethod` (any case) as the builder's choice. */
export const roleDeliveryOf = (value: unknown): RoleDelivery =>
  typeof value === 'string' && value.toLowerCase() === 'sms' ? 'SMS' : 'email'

const without = (record: Record<string, unknown>, managed: ReadonlySet<string>) =>
  Object.fromEntries(Object.entries(record).filter(([key]) => !managed.has(key)))

export function tabOf(field: Field, recipientId: string): WireTab {
  if (field.type === 'radioGroup') return radioGroupTabOf(field, recipientId)
  const tab: WireTab = {
    ...field.extra,
    documentId: field.documentId,
    recipientId,
    pageNumber: String(field.pageNumber),
    xPosition: s(field.x),
    yPosition: s(field.y),
    width: s(field.width),
    height: s(field.height),
  }
  if (field.tabLabel) tab.tabLabel = field.tabLabel
  if (field.tooltip) tab.tooltip = field.tooltip
  if (field.fontSize) tab.fontSize = field.fontSize
  Object.assign(tab, requiredProperty(field.type, field.required))
  if (field.type === 'text') {
    if (field.validationPattern) tab.validationPattern = field.validationPattern
    if (field.validationMessage) tab.validationMessage = field.validationMessage
  }
  if ((field.type === 'text' || field.type === 'number') && field.maxLength) tab.maxLength = field.maxLength
  if (field.type === 'list') {
    const items = field.listItems.filter((item) => item.trim() !== '')
    tab.listItems = (items.length ? items : ['-']).map((item) => ({ text: item, value: item }))
  }
  if (field.type === 'formula') {
    if (field.formula) tab.formula = field.formula
    if (field.roundDecimalPlaces) tab.roundDecimalPlaces = field.roundDecimalPlaces
    tab.hidden = field.hidden ? 'true' : 'false'
  }
  if (field.type === 'numerical' && field.validationType) tab.validationType = field.validationType
  if ((field.type === 'date' || field.type === 'numerical') && field.localePolicy) {
    const policy = Object.fromEntries(Object.entries(field.localePolicy).filter(([, value]) => value !== ''))
    if (Object.keys(policy).length) tab.localePolicy = policy
  }
  return Object.assign(tab, conditionOf(field))
}

function conditionOf(field: Field): WireTab {
  if (!field.conditionalParentLabel) return {}
  return {
    conditionalParentLabel: field.conditionalParentLabel,
    conditionalParentValue: field.conditionalParentValue ?? '',
  }
}

/** A radio group: named by the field's label, each radio placed on the field's page. */
function radioGroupTabOf(field: Field, recipientId: string): WireTab {
  const tab: WireTab = {
    ...field.extra,
    documentId: field.documentId,
    recipientId,
    groupName: field.tabLabel,
    radios: (field.radios ?? []).map((radio) => ({
      ...radio.extra,
      pageNumber: String(field.pageNumber),
      xPosition: s(field.x + radio.dx),
      yPosition: s(field.y + radio.dy),
      value: radio.value,
      selected: radio.selected ? 'true' : 'false',
      required: field.required ? 'true' : 'false',
    })),
  }
  if (field.tooltip) tab.tooltip = field.tooltip
  return Object.assign(tab, conditionOf(field))
}

/** Whether a tab of this type is required: signatures say it as `optional`, filled-in fields as `required`. */
function requiredProperty(type: FieldType, required: boolean): WireTab {
  if (type === 'signHere' || type === 'initialHere') return required ? {} : { optional: 'true' }
  if (!takesRequired(type)) return {}
  return { required: required ? 'true' : 'false' }
}

/** Whether the recipient is asked to fill the field (a computed formula or a filled-in name is not). */
export const takesRequired = (type: FieldType) =>
  type !== 'dateSigned' && type !== 'fullName' && type !== 'email' && type !== 'formula'

function anchorTabOf(anchor: AnchorField, recipientId: string): WireTab {
  const flag = (value: boolean) => (value ? 'true' : 'false')
  return {
    ...anchor.extra,
    recipientId,
    anchorString: anchor.anchorString,
    anchorXOffset: anchor.xOffset.trim() || '0',
    anchorYOffset: anchor.yOffset.trim() || '0',
    anchorUnits: anchor.units,
    anchorIgnoreIfNotPresent: flag(anchor.ignoreIfNotPresent),
    anchorCaseSensitive: flag(anchor.caseSensitive),
    anchorMatchWholeWord: flag(anchor.matchWholeWord),
    ...(anchor.tabLabel ? { tabLabel: anchor.tabLabel } : {}),
    ...requiredProperty(anchor.type, anchor.required),
  }
}

function anchorFieldOf(tab: WireTab, type: FieldType, roleKey: string, key: string): AnchorField {
  const units = str(tab.anchorUnits).toLowerCase()
  return {
    key,
    type,
    roleKey,
    anchorString: str(tab.anchorString),
    xOffset: str(tab.anchorXOffset),
    yOffset: str(tab.anchorYOffset),
    units: (ANCHOR_UNITS as readonly string[]).includes(units) ? (units as AnchorUnits) : 'pixels',
    ignoreIfNotPresent: str(tab.anchorIgnoreIfNotPresent).toLowerCase() === 'true',
    caseSensitive: str(tab.anchorCaseSensitive).toLowerCase() === 'true',
    matchWholeWord: str(tab.anchorMatchWholeWord).toLowerCase() === 'true',
    required:
      type === 'signHere' || type === 'initialHere' ? tab.optional !== 'true' : tab.required !== 'false',
    tabLabel: str(tab.tabLabel),
    extra: without(tab, MANAGED_ANCHOR_KEYS),
  }
}

/** The properties of `tab` that only some field types have, as the builder holds them. */
function typedPropertiesOf(type: FieldType, tab: WireTab): Partial<Field> {
  const properties: Partial<Field> = {}
  if (typeof tab.conditionalParentLabel === 'string' && tab.conditionalParentLabel !== '') {
    properties.conditionalParentLabel = tab.conditionalParentLabel
    properties.conditionalParentValue = str(tab.conditionalParentValue)
  }
  if (type === 'formula') {
    properties.formula = str(tab.formula)
    properties.roundDecimalPlaces = str(tab.roundDecimalPlaces)
    properties.hidden = str(tab.hidden).toLowerCase() === 'true'
  }
  if (type === 'numerical') properties.validationType = str(tab.validationType)
  if ((type === 'date' || type === 'numerical') && typeof tab.localePolicy === 'object' && tab.localePolicy) {
    properties.localePolicy = Object.fromEntries(
      Object.entries(tab.localePolicy).filter(([, value]) => typeof value === 'string'),
    ) as Record<string, string>
  }
  return properties
}

/**
 * A radio group placed by positions, every radio on one page of one document, as a field at its first
 * radio; undefined for one the builder cannot draw (anchored radios, radios on several pages).
 */
function radioGroupFieldOf(tab: WireTab, roleKey: string, newKey: () => string): Field | undefined {
  const radios = Array.isArray(tab.radios) ? (tab.radios as WireTab[]) : []
  const [first] = radios
  const placed = (radio: WireTab) =>
    radio.anchorString === undefined && radio.xPosition !== undefined && radio.yPosition !== undefined
  if (!first || !radios.every(placed) || new Set(radios.map((radio) => str(radio.pageNumber))).size !== 1) {
    return undefined
  }
  const x = num(first.xPosition, 0)
  const y = num(first.yPosition, 0)
  const size = DEFAULT_SIZE.radioGroup
  return {
    key: newKey(),
    type: 'radioGroup',
    roleKey,
    documentId: str(tab.documentId),
    pageNumber: num(first.pageNumber, 1),
    x,
    y,
    width: size.width,
    height: size.height,
    required: first.required !== 'false',
    tabLabel: str(tab.groupName),
    tooltip: str(tab.tooltip),
    fontSize: '',
    validationPattern: '',
    validationMessage: '',
    maxLength: '',
    listItems: [],
    ...typedPropertiesOf('radioGroup', tab),
    radios: radios.map((radio) => ({
      key: newKey(),
      value: str(radio.value),
      dx: num(radio.xPosition, 0) - x,
      dy: num(radio.yPosition, 0) - y,
      selected: str(radio.selected).toLowerCase() === 'true',
      extra: without(radio, MANAGED_RADIO_KEYS),
    })),
    extra: without(tab, new Set([...managedKeysOf('radioGroup'), 'tooltip'])),
  }
}

/**
 * A role's tabs as they are saved (kept tabs first, then placed fields, then anchored ones), and which
 * field or anchor each one is (`owners[list][index]`, undefined for a kept tab): the browser's checks
 * name the field a problem of the service's rules is about.
 */
export function tabsOfRole(
  state: BuilderState,
  role: Role,
  recipientId: string,
): { tabs: Record<string, WireTab[]>; owners: Record<string, (string | undefined)[]> } {
  const tabs: Record<string, WireTab[]> = {}
  const owners: Record<string, (string | undefined)[]> = {}
  const add = (list: string, tab: WireTab, owner: string | undefined) => {
    tabs[list] = [...(tabs[list] ?? []), tab]
    owners[list] = [...(owners[list] ?? []), owner]
  }
  for (const [list, kept] of Object.entries(role.keptTabs ?? {})) {
    for (const tab of kept) add(list, { ...tab, recipientId }, undefined)
  }
  for (const field of state.fields.filter((candidate) => candidate.roleKey === role.key)) {
    add(`${field.type}Tabs`, tabOf(field, recipientId), field.key)
  }
  for (const anchor of state.anchors.filter((candidate) => candidate.roleKey === role.key)) {
    add(`${anchor.type}Tabs`, anchorTabOf(anchor, recipientId), anchor.key)
  }
  return { tabs, owners }
}

/** The builder's state as DocuSign's template definition (`POST /templates`, `PUT /templates/{id}`). */
export function toTemplateDefinition(
  state: BuilderState,
  options: { withDocuments: boolean },
): Record<string, unknown> {
  const recipients: Record<string, WireRecipient[]> = {}
  state.roles.forEach((role, index) => {
    const recipientId = String(index + 1)
    const recipient: WireRecipient = {
      ...role.extra,
      recipientId,
      roleName: role.name.trim(),
      routingOrder: String(role.routingOrder),
    }
    if (role.delivery === 'SMS' && kindTakesDelivery(role.kind)) recipient.deliveryMethod = 'SMS'
    if (kindCarriesFields(role.kind)) recipient.tabs = tabsOfRole(state, role, recipientId).tabs
    recipients[role.kind] = [...(recipients[role.kind] ?? []), recipient]
  })
  const { settings } = state
  const notification = toWireNotification(settings.reminders)
  return {
    name: settings.name.trim(),
    description: settings.description,
    emailSubject: settings.emailSubject,
    emailBlurb: settings.emailBlurb,
    shared: settings.shared ? 'true' : 'false',
    messageLock: settings.messageLock ? 'true' : 'false',
    envelopeIdStamping: settings.envelopeIdStamping ? 'true' : 'false',
    useDisclosure: settings.useDisclosure ? 'true' : 'false',
    customFields: toWireCustomFields(settings.customFields),
    ...(notification ? { notification } : {}),
    recipients,
    ...(options.withDocuments
      ? {
          documents: state.documents.map((document) => ({
            documentId: document.documentId,
            name: document.name,
            fileExtension: document.fileExtension,
            documentBase64: document.base64 ?? '',
          })),
        }
      : {}),
  }
}

/** A template as `GET /templates/{id}` returns it, back into the builder's state. */
export function fromTemplate(template: Record<string, unknown>, newKey: () => string): BuilderState {
  const documents = ((template.documents as Record<string, unknown>[] | undefined) ?? []).map((document) => ({
    documentId: str(document.documentId),
    name: str(document.name),
    fileExtension: 'pdf',
  }))
  const roles: Role[] = []
  const fields: Field[] = []
  const anchors: AnchorField[] = []
  const lists = (template.recipients as Record<string, WireRecipient[] | undefined> | undefined) ?? {}
  for (const kind of ROLE_KINDS) {
    for (const recipient of lists[kind] ?? []) {
      const keptTabs: Record<string, WireTab[]> = {}
      const keep = (list: string, tab: WireTab) => {
        keptTabs[list] = [...(keptTabs[list] ?? []), tab]
      }
      for (const [list, tabs] of Object.entries(recipient.tabs ?? {})) {
        if (!(FIELD_TYPES as readonly string[]).includes(list.replace(/Tabs$/, ''))) {
          for (const tab of tabs) keep(list, tab)
        }
      }
      const role: Role = {
        key: newKey(),
        name: str(recipient.roleName),
        routingOrder: num(recipient.routingOrder, 1),
        kind,
        ...(roleDeliveryOf(recipient.deliveryMethod) === 'SMS' ? { delivery: 'SMS' as const } : {}),
        extra: without(recipient, MANAGED_RECIPIENT_KEYS),
        keptTabs,
      }
      roles.push(role)
      for (const type of FIELD_TYPES) {
        for (const tab of recipient.tabs?.[`${type}Tabs`] ?? []) {
          if (type === 'radioGroup') {
            const group = radioGroupFieldOf(tab, role.key, newKey)
            if (group) fields.push(group)
            else keep('radioGroupTabs', tab)
            continue
          }
          // An anchor with a position too is the server's own placement record: kept as it came.
          if (tab.anchorString !== undefined && tab.xPosition === undefined) {
            anchors.push(anchorFieldOf(tab, type, role.key, newKey()))
            continue
          }
          if (tab.anchorString !== undefined || tab.xPosition === undefined || tab.pageNumber === undefined) {
            keep(`${type}Tabs`, tab)
            continue
          }
          const size = DEFAULT_SIZE[type]
          fields.push({
            key: newKey(),
            type,
            roleKey: role.key,
            documentId: str(tab.documentId),
            pageNumber: num(tab.pageNumber, 1),
            x: num(tab.xPosition, 0),
            y: num(tab.yPosition, 0),
            width: num(tab.width, size.width),
            height: num(tab.height, size.height),
            required:
              type === 'signHere' || type === 'initialHere'
                ? tab.optional !== 'true'
                : tab.required !== 'false',
            tabLabel: str(tab.tabLabel),
            tooltip: str(tab.tooltip),
            fontSize: str(tab.fontSize),
            validationPattern: str(tab.validationPattern),
            validationMessage: str(tab.validationMessage),
            maxLength: str(tab.maxLength),
            listItems: ((tab.listItems as { text?: string }[] | undefined) ?? []).map((item) =>
              str(item.text),
            ),
            ...typedPropertiesOf(type, tab),
            extra: without(tab, managedKeysOf(type)),
          })
        }
      }
    }
  }
  roles.sort((a, b) => a.routingOrder - b.routingOrder)
  return {
    settings: {
      name: str(template.name),
      description: str(template.description),
      emailSubject: str(template.emailSubject),
      emailBlurb: str(template.emailBlurb),
      shared: template.shared === 'true',
      messageLock: template.messageLock === 'true',
      envelopeIdStamping: template.envelopeIdStamping !== 'false',
      useDisclosure: template.useDisclosure === 'true',
      customFields: fromWireCustomFields(template.customFields, newKey),
      reminders: fromWireNotification(template.notification),
    },
    documents,
    roles,
    fields,
    anchors,
  }
}

/** The extensions the service takes (converted to PDF on save, except PDF itself). */
export const ACCEPTED_EXTENSIONS = [
  'pdf',
  'docx',
  'doc',
  'odt',
  'rtf',
  'txt',
  'html',
  'htm',
  'xlsx',
  'xls',
  'ods',
  'png',
  'jpg',
  'jpeg',
] as const

export function extensionOf(fileName: string): string | undefined {
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase()
  return extension && (ACCEPTED_EXTENSIONS as readonly string[]).includes(extension) ? extension : undefined
}
