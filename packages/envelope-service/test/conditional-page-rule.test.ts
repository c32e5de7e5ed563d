import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { signingTabs } from '../src/signing/form.js'
import { hiddenTabIds } from '../src/tabs/conditional.js'
import type { LocateTab } from '../src/tabs/locate.js'
import type { Tab, TabsByType } from '../src/tabs/model.js'
import { hiddenTabs, initialValues } from '../web/signing/src/tabs.js'

/**
 * The signing page and the service must hide the same tabs: the page runs the rule on the session's
 * tabs (parents resolved to ids by the service), the service on the stored tabs when the recipient
 * finishes. Any mismatch would show a field the service drops, or require one the page hides.
 */

const locate: LocateTab = (tab, documentId) =>
  documentId ? [{ documentId, pageNumber: 1, x: Number(tab.xPosition ?? 0), y: 0 }] : []
const TYPES = ['checkboxTabs', 'textTabs', 'listTabs', 'radioGroupTabs'] as const
const OPTIONS = ['a', 'b']

/** Tabs labelled L0… of any of four types; some wait for another (any other, so circles happen too). */
const recipientTabs = fc
  .array(
    fc.record({
      type: fc.constantFrom(...TYPES),
      parent: fc.option(fc.nat(5), { nil: undefined }),
      expected: fc.constantFrom('on', 'off', 'a', 'b'),
      entry: fc.constantFrom(undefined, 'true', 'false', 'a', 'b', ''),
    }),
    { minLength: 1, maxLength: 6 },
  )
  .map((specs) => {
    const tabs: TabsByType = {}
    const entered: Record<string, string> = {}
    specs.forEach((spec, index) => {
      const label = `L${index}`
      const parentIndex = spec.parent === undefined ? undefined : spec.parent % specs.length
      const tab: Tab = {
        documentId: '1',
        xPosition: String(index),
        ...(spec.type === 'radioGroupTabs' ? { groupName: label } : { tabLabel: label }),
        ...(spec.type === 'listTabs' ? { listItems: OPTIONS.map((value) => ({ text: value, value })) } : {}),
        ...(spec.type === 'radioGroupTabs'
          ? { radios: OPTIONS.map((value) => ({ value, xPosition: '1', yPosition: '1' })) }
          : {}),
        ...(parentIndex !== undefined && parentIndex !== index
          ? { conditionalParentLabel: `L${parentIndex}`, conditionalParentValue: spec.expected }
          : {}),
      }
      tabs[spec.type] ??= []
      const list = tabs[spec.type] as Tab[]
      const fits =
        spec.entry !== undefined &&
        (spec.type === 'checkboxTabs' ? ['true', 'false'] : ['a', 'b', '']).includes(spec.entry)
      if (fits) entered[`${spec.type}-${list.length}`] = spec.entry as string
      list.push(tab)
    })
    return { tabs, entered }
  })

describe('the signing page and the service hide the same conditional tabs', () => {
  it('agrees for any tabs and entries (property)', () => {
    fc.assert(
      fc.property(recipientTabs, ({ tabs, entered }) => {
        const page = signingTabs(tabs, { name: 'Ann' }, {}, '1/1/2026', locate)
        const pageValues = { ...initialValues(page), ...entered }
        expect(hiddenTabs(page, pageValues)).toEqual(hiddenTabIds(tabs, entered))
      }),
    )
  })
})
