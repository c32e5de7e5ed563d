import { createHash, randomUUID } from 'node:crypto'
import type { Tab, TabOption, TabsByType } from './model.js'

/**
 * Tab ids (DocuSign's `tabId`, a GUID): what the tab write operations (`PUT`/`DELETE .../tabs`) name a tab
 * by. Every tab gets one when it is created (envelope create, composite merge, template save, tab add),
 * and keeps it for as long as it exists. A radio group has no id of its own in DocuSign (its `groupName`
 * names it); each of its radios has one.
 *
 * Rows stored before tab ids existed are not migrated: `withStoredTabIds` gives their tabs ids derived
 * from where they sit (the envelope or template, the recipient, the tab type and index), so every read
 * returns the same ids without a write, and the first tab write of the recipient stores them. A data
 * migration would have had to rewrite the JSON of every recipient row of every envelope and template
 * at once, on both databases, for ids that nobody may ever ask for.
 */

/** Makes a new id for the tab at `index` of the `type` list. */
export type NewTabId = (type: string, index: number) => string

const randomTabId: NewTabId = () => randomUUID()

/**
 * The tabs with an id on every tab (every radio of a radio group): an id a tab already has is kept,
 * unless an earlier tab (in type order, then list order) has it too, when the later one gets a new id,
 * so that ids are unique within the tabs given. The input is not changed.
 */
export function assignTabIds(
  tabs: TabsByType,
  newId: NewTabId = randomTabId,
  options: { keep: boolean } = { keep: true },
): TabsByType {
  const seen = new Set<string>()
  const claim = (owner: Tab | TabOption, type: string, index: number): string => {
    const existing = options.keep ? owner.tabId : undefined
    let id = typeof existing === 'string' && existing !== '' && !seen.has(existing) ? existing : undefined
    // A generator that repeats itself (or repeats an id given by a client) still yields unique ids.
    while (id === undefined || seen.has(id)) id = id === undefined ? newId(type, index) : randomUUID()
    seen.add(id)
    return id
  }
  const assigned: TabsByType = {}
  for (const [type, list] of Object.entries(tabs)) {
    assigned[type] = list.map((tab, index) => {
      if (type !== 'radioGroupTabs') return { ...tab, tabId: claim(tab, type, index) }
      const radios = Array.isArray(tab.radios) ? tab.radios : []
      return {
        ...tab,
        radios: radios.map((radio, r) => ({ ...radio, tabId: claim(radio, `${type}-${index}`, r) })),
      }
    })
  }
  return assigned
}

/**
 * The tabs with new ids on every tab, whatever ids they carried: an envelope's tabs when it is created,
 * so that two envelopes made from one template (whose tabs have ids) never share a tab id, as in
 * DocuSign, where a tab's id is its own in its envelope.
 */
export function newTabIds(tabs: TabsByType): TabsByType {
  return assignTabIds(tabs, () => randomUUID(), { keep: false })
}

/**
 * The stored tabs of one recipient with their ids: stored ids as they are, ids derived from `scope`
 * (`<envelope or template id>/<recipient id>`) and the tab's place for tabs stored before tab ids.
 */
export function withStoredTabIds(tabs: TabsByType, scope: string): TabsByType {
  return assignTabIds(tabs, (type, index) => derivedTabId(`${scope}/${type}/${index}`))
}

/** A GUID-shaped id (version 5 layout) from the SHA-256 of `seed`: the same seed, the same id. */
function derivedTabId(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex')
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}
