import type { ErrorDetails, Tabs } from 'esign-contract'
import { InvalidRequestError } from 'platform'
import type { Tab, TabOption, TabsByType } from './model.js'
import { checkConditionalParents, checkTabPlacement, readTabs } from './read-tabs.js'
import { assignTabIds } from './tab-ids.js'

/**
 * Changing one recipient's tabs by DocuSign's tab operations (`POST`, `PUT`, `DELETE .../recipients/{id}/tabs`,
 * for envelopes and templates alike), the pure rules. Added tabs go after the recipient's tabs of their
 * type, each with a new `tabId` (one the request gives is kept unless another tab of the recipient has it).
 * An update or a delete names each tab by `tabId` within its type; a radio group, which has no id in
 * DocuSign, by its `groupName` or the id of one of its radios. An update changes only the fields given
 * (radios by their id or value; a new radio is added to the group). A tab that names no tab of the
 * recipient is answered with DocuSign's `INVALID_TAB_OPERATION` in its `errorDetails` and changes
 * nothing; the others are applied. The answer lists the tabs of the request in request order: as stored
 * after the change (added, updated) or as they were (deleted), or as given with their `errorDetails`.
 */

export interface TabEditOutcome {
  /** The recipient's tabs after the change. */
  tabs: TabsByType
  /** DocuSign's answer: the tabs of the request, each as described above. */
  answer: Record<string, (Tab & { errorDetails?: ErrorDetails })[]>
  /** How many tabs of the request were applied and how many refused. */
  applied: number
  refused: number
}

const RADIO_GROUP = 'radioGroupTabs'

const text = (value: Tab[string] | undefined) =>
  typeof value === 'string' && value !== '' ? value : undefined
const radiosOf = (tab: Tab): TabOption[] => (Array.isArray(tab.radios) ? tab.radios : [])

/** Every id in the tabs (radios included). */
function idsOf(tabs: TabsByType): Set<string> {
  const ids = new Set<string>()
  for (const [type, list] of Object.entries(tabs)) {
    for (const tab of list) {
      const owners = type === RADIO_GROUP ? radiosOf(tab) : [tab]
      for (const owner of owners) if (typeof owner.tabId === 'string') ids.add(owner.tabId)
    }
  }
  return ids
}

/** The tab without ids another tab already has, so that the added tab gets a new one. */
function withoutTakenIds(tab: Tab, type: string, taken: Set<string>): Tab {
  const free = (owner: Tab | TabOption) => {
    const id = owner.tabId
    if (typeof id !== 'string' || !taken.has(id)) {
      if (typeof id === 'string') taken.add(id)
      return owner
    }
    const { tabId: _, ...rest } = owner
    return rest
  }
  if (type !== RADIO_GROUP) return free(tab) as Tab
  return { ...tab, radios: radiosOf(tab).map((radio) => free(radio) as TabOption) }
}

/** `POST .../tabs`: the tabs added after the recipient's own. */
export function addTabs(current: TabsByType, added: TabsByType): TabEditOutcome {
  const taken = idsOf(current)
  const merged: TabsByType = { ...current }
  const positions: [string, number][] = []
  for (const [type, list] of Object.entries(added)) {
    const existing = merged[type] ?? []
    positions.push(...list.map((_, n): [string, number] => [type, existing.length + n]))
    merged[type] = [...existing, ...list.map((tab) => withoutTakenIds(tab, type, taken))]
  }
  const tabs = assignTabIds(merged)
  const answer: TabEditOutcome['answer'] = {}
  for (const [type, index] of positions) {
    answer[type] ??= []
    answer[type].push(tabs[type]?.[index] as Tab)
  }
  return { tabs, answer, applied: positions.length, refused: 0 }
}

/** The index of the recipient's tab of `type` the request's tab names, or -1. */
function indexOfNamed(list: readonly Tab[], type: string, named: Tab): number {
  const id = text(named.tabId)
  if (type !== RADIO_GROUP) return id === undefined ? -1 : list.findIndex((tab) => tab.tabId === id)
  const groupName = text(named.groupName)
  const radioIds = new Set(radiosOf(named).flatMap((radio) => (radio.tabId ? [radio.tabId] : [])))
  return list.findIndex(
    (tab) =>
      (id !== undefined && radiosOf(tab).some((radio) => radio.tabId === id)) ||
      (groupName !== undefined && tab.groupName === groupName) ||
      radiosOf(tab).some((radio) => radio.tabId !== undefined && radioIds.has(radio.tabId)),
  )
}

function notFound(named: Tab, type: string, scope: string): Tab & { errorDetails: ErrorDetails } {
  const id = text(named.tabId)
  const which =
    type === RADIO_GROUP
      ? `Radio group ${text(named.groupName) ?? id ?? ''} not found in ${scope}.`
      : id === undefined
        ? 'A tabId is required to name the tab.'
        : `Tab ${id} (${type}) not found in ${scope}.`
  return {
    ...named,
    errorDetails: {
      errorCode: 'INVALID_TAB_OPERATION',
      message: `The Tab specified is not valid for the requested operation. ${which}`,
    },
  }
}

/** A radio group's radios with the given ones applied: by id, else by value; new ones appended. */
function mergeRadios(existing: TabOption[], given: TabOption[]): TabOption[] {
  const radios = existing.map((radio) => ({ ...radio }))
  for (const change of given) {
    const at = radios.findIndex((radio) =>
      change.tabId !== undefined ? radio.tabId === change.tabId : radio.value === change.value,
    )
    if (at === -1) radios.push({ ...change })
    else radios[at] = { ...radios[at], ...change, tabId: radios[at]?.tabId as string }
  }
  return radios
}

function updated(tab: Tab, change: Tab, type: string): Tab {
  if (type !== RADIO_GROUP) return { ...tab, ...change, tabId: tab.tabId as string }
  const { tabId: _, ...groupChange } = change
  const given = radiosOf(change)
  return {
    ...tab,
    ...groupChange,
    radios: given.length > 0 ? mergeRadios(radiosOf(tab), given) : radiosOf(tab),
  }
}

/** `PUT .../tabs`: each named tab takes the fields given. `scope` names where tabs are looked for. */
export function updateTabs(current: TabsByType, changes: TabsByType, scope: string): TabEditOutcome {
  const tabs: TabsByType = Object.fromEntries(
    Object.entries(current).map(([type, list]) => [type, [...list]]),
  )
  const answered: { type: string; index?: number; refused?: Tab }[] = []
  for (const [type, list] of Object.entries(changes)) {
    for (const change of list) {
      const stored = tabs[type] ?? []
      const index = indexOfNamed(stored, type, change)
      if (index === -1) {
        answered.push({ type, refused: notFound(change, type, scope) })
        continue
      }
      stored[index] = updated(stored[index] as Tab, change, type)
      answered.push({ type, index })
    }
  }
  const withIds = assignTabIds(tabs)
  const answer: TabEditOutcome['answer'] = {}
  for (const { type, index, refused } of answered) {
    answer[type] ??= []
    answer[type].push(refused ?? (withIds[type]?.[index as number] as Tab))
  }
  const refusedCount = answered.filter((entry) => entry.refused).length
  return { tabs: withIds, answer, applied: answered.length - refusedCount, refused: refusedCount }
}

/** `DELETE .../tabs`: the named tabs removed. */
export function deleteTabs(current: TabsByType, named: TabsByType, scope: string): TabEditOutcome {
  const removed = new Map<string, Set<number>>()
  const answer: TabEditOutcome['answer'] = {}
  let refused = 0
  for (const [type, list] of Object.entries(named)) {
    const stored = current[type] ?? []
    for (const tab of list) {
      const index = indexOfNamed(stored, type, tab)
      answer[type] ??= []
      if (index === -1 || removed.get(type)?.has(index)) {
        answer[type].push(notFound(tab, type, scope))
        refused += 1
        continue
      }
      removed.set(type, (removed.get(type) ?? new Set()).add(index))
      answer[type].push(stored[index] as Tab)
    }
  }
  const tabs: TabsByType = {}
  for (const [type, list] of Object.entries(current)) {
    const kept = list.filter((_, index) => !removed.get(type)?.has(index))
    if (kept.length > 0) tabs[type] = kept
  }
  const applied = [...removed.values()].reduce((sum, indexes) => sum + indexes.size, 0)
  return { tabs, answer, applied, refused }
}

export type TabOperation = 'create' | 'update' | 'delete'

/** The request's tabs: known tab types (400 naming another), at least one tab. */
export function readTabRequest(body: Tabs | null | undefined): TabsByType {
  const requested = readTabs(body ?? undefined, 'tabs')
  if (Object.keys(requested).length === 0) {
    throw new InvalidRequestError('No tabs given: list the tabs by type, e.g. {"textTabs": [{...}]}')
  }
  return requested
}

/**
 * One tab operation on a recipient's tabs, checked: when no tab of the request could be applied the whole
 * request is a 400 (`INVALID_TAB_OPERATION`, the first tab's reason); the recipient's tabs after the
 * change must read as a create request's would (formulas, numerical ranges, conditional parents), and the tabs added or
 * changed must sit on pages of `pagesOf` (the documents of `scope`).
 */
export function applyTabOperation(input: {
  operation: TabOperation
  current: TabsByType
  requested: TabsByType
  scope: string
  pagesOf: ReadonlyMap<string, number>
}): TabEditOutcome {
  const { operation, current, requested, scope } = input
  const outcome =
    operation === 'create'
      ? addTabs(current, requested)
      : operation === 'update'
        ? updateTabs(current, requested, scope)
        : deleteTabs(current, requested, scope)
  if (outcome.applied === 0) {
    const first = Object.values(outcome.answer).flat()[0]
    throw new InvalidRequestError(first?.errorDetails?.message ?? 'No tab was changed', {
      errorCode: 'INVALID_TAB_OPERATION',
    })
  }
  const after = readTabs(outcome.tabs as Tabs, 'tabs (after the change)')
  checkConditionalParents(after, 'tabs (after the change)')
  if (operation !== 'delete') {
    const touched: TabsByType = {}
    for (const [type, list] of Object.entries(outcome.answer)) {
      const changed = list.filter((tab) => tab.errorDetails === undefined)
      if (changed.length > 0) touched[type] = changed
    }
    checkTabPlacement(touched, 'tabs', input.pagesOf, scope)
  }
  return outcome
}
