import fc from 'fast-check'
import { AppError } from 'platform'
import { describe, expect, it } from 'vitest'
import type { Tab, TabsByType } from './model.js'
import { addTabs, applyTabOperation, deleteTabs, updateTabs } from './tab-edits.js'
import { assignTabIds } from './tab-ids.js'

/** The tab operations on one recipient's tabs, over generated tabs and requests. */

const at = (x: number): Tab => ({ documentId: '1', pageNumber: '1', xPosition: String(x), yPosition: '10' })
const tabsArbitrary: fc.Arbitrary<TabsByType> = fc
  .record(
    {
      signHereTabs: fc.array(fc.integer({ min: 0, max: 500 }).map(at), { maxLength: 3 }),
      textTabs: fc.array(
        fc.integer({ min: 0, max: 500 }).map((x) => ({ ...at(x), tabLabel: `t${x}` })),
        { maxLength: 4 },
      ),
    },
    { requiredKeys: [] },
  )
  .map((tabs) => assignTabIds(tabs))

const allIds = (tabs: TabsByType) => Object.values(tabs).flatMap((list) => list.map((tab) => tab.tabId))

describe('addTabs', () => {
  it('keeps every tab and id, appends the added tabs with new unique ids', () => {
    fc.assert(
      fc.property(tabsArbitrary, tabsArbitrary, (current, added) => {
        // Added tabs asking for ids the recipient has: they must get others.
        const { tabs, answer, applied } = addTabs(current, added)
        const ids = allIds(tabs)
        expect(new Set(ids).size).toBe(ids.length)
        for (const [type, list] of Object.entries(current)) {
          expect(tabs[type]?.slice(0, list.length)).toEqual(list)
        }
        expect(applied).toBe(Object.values(added).flat().length)
        expect(
          Object.values(answer)
            .flat()
            .every((tab) => !allIds(current).includes(tab.tabId)),
        ).toBe(true)
      }),
    )
  })
})

describe('updateTabs and deleteTabs', () => {
  it('change or remove exactly the named tabs, answering the others with INVALID_TAB_OPERATION', () => {
    fc.assert(
      fc.property(tabsArbitrary, fc.array(fc.boolean(), { maxLength: 8 }), (current, picks) => {
        const known = (current.textTabs ?? []).filter((_, n) => picks[n])
        const named = [...known.map((tab) => ({ tabId: tab.tabId as string })), { tabId: 'unknown' }]
        const update = updateTabs(
          current,
          { textTabs: named.map((tab) => ({ ...tab, value: 'v' })) },
          'the envelope',
        )
        expect(update.applied).toBe(known.length)
        expect(update.refused).toBe(1)
        expect(update.answer.textTabs?.at(-1)?.errorDetails?.errorCode).toBe('INVALID_TAB_OPERATION')
        for (const tab of update.tabs.textTabs ?? []) {
          expect(tab.value === 'v').toBe(known.some((candidate) => candidate.tabId === tab.tabId))
        }
        expect(allIds(update.tabs)).toEqual(allIds(current))

        const removal = deleteTabs(current, { textTabs: named }, 'the envelope')
        expect(removal.applied).toBe(known.length)
        const left = (removal.tabs.textTabs ?? []).map((tab) => tab.tabId)
        expect(left).toEqual(
          (current.textTabs ?? []).filter((tab) => !known.includes(tab)).map((tab) => tab.tabId),
        )
        expect(removal.tabs.signHereTabs ?? []).toEqual(current.signHereTabs ?? [])
      }),
    )
  })

  it('names a radio group by groupName and changes its radios by value, keeping their ids', () => {
    const current = assignTabIds({
      radioGroupTabs: [
        {
          groupName: 'plan',
          documentId: '1',
          radios: [
            { ...at(1), value: 'a' },
            { ...at(2), value: 'b' },
          ],
        },
      ],
    })
    const radios = current.radioGroupTabs?.[0]?.radios as Tab[]
    const { tabs } = updateTabs(
      current,
      { radioGroupTabs: [{ groupName: 'plan', radios: [{ value: 'b', selected: 'true' }] }] },
      'the envelope',
    )
    expect(tabs.radioGroupTabs?.[0]?.radios).toEqual([radios[0], { ...radios[1], selected: 'true' }])
    expect(deleteTabs(current, { radioGroupTabs: [{ groupName: 'plan' }] }, 'the envelope').tabs).toEqual({})
  })
})

describe('applyTabOperation', () => {
  const pagesOf = new Map([['1', 1]])
  const codeOf = (run: () => unknown) => {
    try {
      run()
      return undefined
    } catch (error) {
      expect(error).toBeInstanceOf(AppError)
      return (error as AppError).errorCode ?? (error as AppError).kind
    }
  }

  it('is a 400 INVALID_TAB_OPERATION exactly when no tab of the request names a tab', () => {
    fc.assert(
      fc.property(tabsArbitrary, fc.boolean(), (current, nameOne) => {
        const first = current.textTabs?.[0]
        const named = nameOne && first ? [{ tabId: first.tabId as string }] : [{ tabId: 'unknown' }]
        const code = codeOf(() =>
          applyTabOperation({
            operation: 'delete',
            current,
            requested: { textTabs: named },
            scope: 'the envelope',
            pagesOf,
          }),
        )
        expect(code).toBe(nameOne && first ? undefined : 'INVALID_TAB_OPERATION')
      }),
    )
  })

  it('refuses added or changed tabs off the pages, and a formula the changed tabs break', () => {
    const current = assignTabIds({ textTabs: [{ ...at(1), tabLabel: 'a' }] })
    const run = (operation: 'create' | 'update', requested: TabsByType) => () =>
      applyTabOperation({ operation, current, requested, scope: 'the envelope', pagesOf })
    expect(codeOf(run('create', { textTabs: [{ ...at(1), pageNumber: '2' }] }))).toBe('invalid_request')
    expect(codeOf(run('create', { formulaTabs: [{ ...at(1), tabLabel: 'f', formula: '[a] +' }] }))).toBe(
      'invalid_request',
    )
    const tabId = current.textTabs?.[0]?.tabId as string
    expect(codeOf(run('update', { textTabs: [{ tabId, pageNumber: '3' }] }))).toBe('invalid_request')
    expect(codeOf(run('update', { textTabs: [{ tabId, value: 'fine' }] }))).toBeUndefined()
  })
})
