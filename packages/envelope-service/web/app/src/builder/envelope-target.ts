import { accountPath, call, getJson, sendJson } from '../api.js'
import { newKey } from './key.js'
import {
  type BuilderState,
  fromTemplate,
  kindCarriesFields,
  ROLE_KINDS,
  type Role,
  tabOf,
  type WireTab,
} from './model.js'

/**
 * The builder editing an envelope draft instead of a template. The draft is read with
 * `GET /envelopes/{id}?include=recipients,tabs,documents` and turned into the builder's state (a
 * recipient's name is its role's name); `draftChanges` compares what was loaded with what is on screen
 * and `saveEnvelopeDraft` sends only the differences, each to the endpoint DocuSign has for it. This file
 * is the only place that knows those endpoints, so it is the one seam to change as they are added.
 */

export interface EnvelopeDraft {
  status: string
  emailSubject: string
  state: BuilderState
  /** The envelope's recipient id of each role loaded (roles added on screen have none). */
  recipientIds: Record<string, string>
}

type WireRecipient = Record<string, unknown> & { recipientId?: string; name?: string; email?: string }

const envelopePath = (accountId: string, envelopeId: string, rest = '') =>
  accountPath(accountId, `/envelopes/${encodeURIComponent(envelopeId)}${rest}`)

/** A draft as the envelope read returns it, into the builder's state (pure: tested without a browser). */
export function draftFromEnvelope(
  envelope: Record<string, unknown>,
  key: () => string = newKey,
): EnvelopeDraft {
  const lists = (envelope.recipients ?? {}) as Record<string, WireRecipient[] | undefined>
  const asTemplate = {
    name: envelope.emailSubject,
    emailSubject: envelope.emailSubject,
    emailBlurb: envelope.emailBlurb,
    messageLock: envelope.messageLock,
    documents: ((envelope.envelopeDocuments ?? []) as { documentId: string; type?: string }[]).filter(
      (document) => document.type !== 'summary' && document.documentId !== 'certificate',
    ),
    // Only the recipient lists: `recipients` also carries counts (`recipientCount`, `currentRoutingOrder`).
    recipients: Object.fromEntries(
      ROLE_KINDS.map((kind) => [kind, lists[kind]] as const).map(([kind, recipients]) => [
        kind,
        (recipients ?? []).map((recipient) => ({
          ...recipient,
          roleName: recipient.name,
          // fromTemplate keeps a recipient's other properties in the role: the id comes back this way.
          recipientIdInEnvelope: recipient.recipientId,
        })),
      ]),
    ),
  }
  const state = fromTemplate(asTemplate, key)
  const recipientIds: Record<string, string> = {}
  for (const role of state.roles) {
    const recipientId = role.extra?.recipientIdInEnvelope
    if (typeof recipientId === 'string') recipientIds[role.key] = recipientId
  }
  return {
    status: String(envelope.status ?? ''),
    emailSubject: String(envelope.emailSubject ?? ''),
    state,
    recipientIds,
  }
}

export interface DraftChanges {
  /** `PUT /envelopes/{id}` (DocuSign's `Envelopes: update`): the subject and message, when changed. */
  message?: { emailSubject?: string; emailBlurb?: string }
  /** `PUT .../recipients` (DocuSign's correction, which a draft takes): name and email. */
  corrections: Record<string, { recipientId: string; name: string; email: string }[]>
  /** `POST .../recipients`: roles added on screen, with the ids they get. */
  added: Record<string, WireRecipient[]>
  /** `DELETE .../recipients/{recipientId}`. */
  removed: string[]
  /** Per recipient id: tabs to create (`POST .../tabs`), change (`PUT`) and delete (`DELETE`). */
  tabs: Record<
    string,
    {
      create: Record<string, WireTab[]>
      update: Record<string, WireTab[]>
      remove: Record<string, WireTab[]>
    }
  >
  /** `DELETE .../documents`: documents removed on screen. */
  removedDocuments: string[]
  /** `PUT .../documents`: documents added or replaced on screen (they carry their bytes). */
  addedDocuments: string[]
  /** The documents kept were put in another order: DocuSign has no call that only reorders. */
  reordered: boolean
}

const emailOf = (role: Role) => (typeof role.extra?.email === 'string' ? role.extra.email : '')

function tabsByList(state: BuilderState, role: Role, recipientId: string): Record<string, WireTab[]> {
  const lists: Record<string, WireTab[]> = {}
  if (!kindCarriesFields(role.kind)) return lists
  for (const field of state.fields.filter((candidate) => candidate.roleKey === role.key)) {
    const list = `${field.type}Tabs`
    lists[list] = [...(lists[list] ?? []), tabOf(field, recipientId)]
  }
  return lists
}

const push = (target: Record<string, WireTab[]>, list: string, tab: WireTab) => {
  target[list] = [...(target[list] ?? []), tab]
}

/** What differs between the draft as loaded and the builder's state now (pure). */
export function draftChanges(loaded: EnvelopeDraft, now: BuilderState): DraftChanges {
  const present = new Set(now.documents.map((document) => document.documentId))
  const changes: DraftChanges = {
    corrections: {},
    added: {},
    removed: [],
    tabs: {},
    removedDocuments: loaded.state.documents
      .map((document) => document.documentId)
      .filter((documentId) => !present.has(documentId)),
    addedDocuments: now.documents
      .filter((document) => document.base64)
      .map((document) => document.documentId),
    reordered: false,
  }
  const message = {
    ...(now.settings.emailSubject !== loaded.state.settings.emailSubject
      ? { emailSubject: now.settings.emailSubject }
      : {}),
    ...(now.settings.emailBlurb !== loaded.state.settings.emailBlurb
      ? { emailBlurb: now.settings.emailBlurb }
      : {}),
  }
  if (Object.keys(message).length) changes.message = message
  const kept = (documents: BuilderState['documents'], among: Set<string>) =>
    documents.map((document) => document.documentId).filter((documentId) => among.has(documentId))
  const before = new Set(loaded.state.documents.map((document) => document.documentId))
  changes.reordered =
    kept(now.documents, before).join('\u0000') !== kept(loaded.state.documents, present).join('\u0000')
  const rolesBefore = new Map(loaded.state.roles.map((role) => [role.key, role]))
  const usedIds = new Set(Object.values(loaded.recipientIds).map(Number))
  let nextId = Math.max(0, ...usedIds) + 1
  for (const role of now.roles) {
    const recipientId = loaded.recipientIds[role.key]
    const original = rolesBefore.get(role.key)
    if (!recipientId || !original) {
      const id = String(nextId++)
      const tabs = tabsByList(now, role, id)
      changes.added[role.kind] = [
        ...(changes.added[role.kind] ?? []),
        {
          recipientId: id,
          name: role.name.trim(),
          email: emailOf(role),
          routingOrder: String(role.routingOrder),
          ...(Object.keys(tabs).length ? { tabs } : {}),
        },
      ]
      continue
    }
    if (original.name !== role.name || emailOf(original) !== emailOf(role)) {
      changes.corrections[role.kind] = [
        ...(changes.corrections[role.kind] ?? []),
        { recipientId, name: role.name.trim(), email: emailOf(role).trim() },
      ]
    }
    const was = tabsByList(loaded.state, original, recipientId)
    const is = tabsByList(now, role, recipientId)
    const create: Record<string, WireTab[]> = {}
    const update: Record<string, WireTab[]> = {}
    const remove: Record<string, WireTab[]> = {}
    // A tab as it was is unchanged (the read may give no tab ids); one with a known id was changed.
    for (const list of new Set([...Object.keys(was), ...Object.keys(is)])) {
      const unmatched = [...(was[list] ?? [])]
      for (const tab of is[list] ?? []) {
        const same = unmatched.findIndex((old) => JSON.stringify(old) === JSON.stringify(tab))
        const byId =
          same >= 0 || tab.tabId === undefined ? -1 : unmatched.findIndex((old) => old.tabId === tab.tabId)
        if (same >= 0) unmatched.splice(same, 1)
        else if (byId >= 0) {
          unmatched.splice(byId, 1)
          push(update, list, tab)
        } else push(create, list, tab)
      }
      for (const old of unmatched) push(remove, list, old.tabId === undefined ? old : { tabId: old.tabId })
    }
    if ([create, update, remove].some((part) => Object.keys(part).length)) {
      changes.tabs[recipientId] = { create, update, remove }
    }
  }
  const still = new Set(now.roles.map((role) => role.key))
  for (const [key, recipientId] of Object.entries(loaded.recipientIds)) {
    if (!still.has(key)) changes.removed.push(recipientId)
  }
  return changes
}

/** Reads the draft and its documents' bytes. */
export async function loadEnvelopeDraft(
  accountId: string,
  envelopeId: string,
): Promise<{ draft: EnvelopeDraft; bytes: Record<string, Uint8Array> }> {
  const envelope = await getJson<Record<string, unknown>>(
    envelopePath(accountId, envelopeId, '?include=recipients,tabs,documents'),
  )
  const draft = draftFromEnvelope(envelope)
  const entries = await Promise.all(
    draft.state.documents.map(async (document) => {
      const response = await call(
        envelopePath(accountId, envelopeId, `/documents/${encodeURIComponent(document.documentId)}`),
      )
      return [document.documentId, new Uint8Array(await response.arrayBuffer())] as const
    }),
  )
  return { draft, bytes: Object.fromEntries(entries) }
}

/**
 * Saves the differences: the subject and message, then documents (a tab names its document), then recipients (a new tab needs
 * its recipient), then tabs. Each call is DocuSign's own, so the first one the service refuses stops the
 * save with the service's message and nothing later is attempted.
 */
export async function saveEnvelopeDraft(
  accountId: string,
  envelopeId: string,
  changes: DraftChanges,
  state: BuilderState,
): Promise<void> {
  const path = (rest: string) => envelopePath(accountId, envelopeId, rest)
  if (changes.message) await sendJson('PUT', path(''), changes.message)
  if (changes.removedDocuments.length) {
    await sendJson('DELETE', path('/documents'), {
      documents: changes.removedDocuments.map((documentId) => ({ documentId })),
    })
  }
  const uploads = state.documents.filter((document) => changes.addedDocuments.includes(document.documentId))
  if (uploads.length) {
    await sendJson('PUT', path('/documents'), {
      documents: uploads.map((document) => ({
        documentId: document.documentId,
        name: document.name,
        fileExtension: document.fileExtension,
        documentBase64: document.base64,
      })),
    })
  }
  if (Object.keys(changes.corrections).length) await sendJson('PUT', path('/recipients'), changes.corrections)
  for (const recipientId of changes.removed) {
    await call(path(`/recipients/${encodeURIComponent(recipientId)}`), { method: 'DELETE' })
  }
  if (Object.keys(changes.added).length) await sendJson('POST', path('/recipients'), changes.added)
  for (const [recipientId, { create, update, remove }] of Object.entries(changes.tabs)) {
    const tabsPath = path(`/recipients/${encodeURIComponent(recipientId)}/tabs`)
    if (Object.keys(remove).length) await sendJson('DELETE', tabsPath, remove)
    if (Object.keys(update).length) await sendJson('PUT', tabsPath, update)
    if (Object.keys(create).length) await sendJson('POST', tabsPath, create)
  }
}

/** `PUT /envelopes/{id}` with `status: "sent"`. */
export const sendDraft = (accountId: string, envelopeId: string) =>
  sendJson('PUT', envelopePath(accountId, envelopeId), { status: 'sent' })
