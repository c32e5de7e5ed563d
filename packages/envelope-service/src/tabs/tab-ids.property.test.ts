import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Tab, TabsByType } from './model.js'
import { assignTabIds, newTabIds, withStoredTabIds } from './tab-ids.js'

/** Tab ids: unique within a recipient's tabs, kept once given, and the same on every read of a stored row. */

const idArbitrary = fc.option(fc.constantFrom('a', 'b', 'c', '', '7f1c0e9a-0000-4000-8000-000000000001'), {
  nil: undefined,
})
const tabArbitrary = fc
  .record({ tabLabel: fc.string({ maxLength: 4 }), tabId: idArbitrary })
  .map(({ tabId, ...tab }): Tab => (tabId === undefined ? tab : { ...tab, tabId }))
const radioGroupArbitrary = fc.array(idArbitrary, { minLength: 1, maxLength: 3 }).map(
  (ids): Tab => ({
    groupName: 'g',
    radios: ids.map(
      (tabId, r): Record<string, string> =>
        tabId === undefined ? { value: `${r}` } : { value: `${r}`, tabId },
    ),
  }),
)
const tabsArbitrary: fc.Arbitrary<TabsByType> = fc.record(
  {
    signHereTabs: fc.array(tabArbitrary, { maxLength: 4 }),
    textTabs: fc.array(tabArbitrary, { maxLength: 4 }),
    radioGroupTabs: fc.array(radioGroupArbitrary, { maxLength: 2 }),
  },
  { requiredKeys: [] },
)

/** Every id of the tabs, radios included, in type and list order. */
function idsOf(tabs: TabsByType): unknown[] {
  return Object.entries(tabs).flatMap(([type, list]) =>
    list.flatMap((tab) =>
      type === 'radioGroupTabs' ? (tab.radios as Tab[]).map((radio) => radio.tabId) : [tab.tabId],
    ),
  )
}

describe('assignTabIds', () => {
  it('gives every tab and radio a non-empty id, unique within the tabs', () => {
    fc.assert(
      fc.property(tabsArbitrary, (tabs) => {
        const ids = idsOf(assignTabIds(tabs))
        expect(ids.every((id) => typeof id === 'string' && id !== '')).toBe(true)
        expect(new Set(ids).size).toBe(ids.length)
      }),
    )
  })

  it('keeps the first occurrence of every given id and changes nothing else', () => {
    fc.assert(
      fc.property(tabsArbitrary, (tabs) => {
        const before = idsOf(tabs)
        const after = idsOf(assignTabIds(tabs))
        const seen = new Set<unknown>()
        before.forEach((id, n) => {
          if (typeof id === 'string' && id !== '' && !seen.has(id)) expect(after[n]).toBe(id)
          seen.add(id)
        })
        const strip = (all: TabsByType) =>
          JSON.stringify(all, (key, value) => (key === 'tabId' ? undefined : value))
        expect(strip(assignTabIds(tabs))).toBe(strip(tabs))
      }),
    )
  })

  it('is idempotent and leaves its input unchanged', () => {
    fc.assert(
      fc.property(tabsArbitrary, (tabs) => {
        const copy = structuredClone(tabs)
        const once = assignTabIds(tabs)
        expect(tabs).toEqual(copy)
        expect(assignTabIds(once)).toEqual(once)
      }),
    )
  })

  it('answers GUIDs for tabs without an id', () => {
    const [tab] = assignTabIds({ textTabs: [{ tabLabel: 'x' }] }).textTabs as Tab[]
    expect(tab?.tabId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
  })
})

describe('newTabIds', () => {
  it('gives every tab a new id, none of those it carried, unique within the tabs', () => {
    fc.assert(
      fc.property(tabsArbitrary, (tabs) => {
        const given = new Set(idsOf(tabs))
        const ids = idsOf(newTabIds(tabs))
        expect(ids.every((id) => typeof id === 'string' && !given.has(id))).toBe(true)
        expect(new Set(ids).size).toBe(ids.length)
      }),
    )
  })
})

describe('withStoredTabIds', () => {
  it('derives the same GUIDs on every read of a row stored without ids, distinct per scope', () => {
    fc.assert(
      fc.property(tabsArbitrary, fc.string({ maxLength: 6 }), (tabs, scope) => {
        const first = withStoredTabIds(tabs, `e/${scope}`)
        expect(withStoredTabIds(tabs, `e/${scope}`)).toEqual(first)
        const other = idsOf(withStoredTabIds(tabs, `f/${scope}`))
        idsOf(first).forEach((id, n) => {
          const given = idsOf(tabs)[n]
          if (given === undefined || given === '') expect(other[n]).not.toBe(id)
        })
      }),
    )
    const [tab] = withStoredTabIds({ textTabs: [{ tabLabel: 'x' }] }, 'e/1').textTabs as Tab[]
    expect(tab?.tabId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })
})
