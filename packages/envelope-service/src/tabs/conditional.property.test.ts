import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type ConditionalNode, hiddenIds, hiddenTabIds } from './conditional.js'
import type { TabsByType } from './model.js'

const word = fc.stringMatching(/^[A-Za-z0-9]{1,6}$/)

/** A chain of text tabs, each waiting for its predecessor to hold `go`; which hold it is arbitrary. */
const chain = fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }).map((holdsGo) =>
  holdsGo.map(
    (holds, index): ConditionalNode => ({
      id: `t${index}`,
      checkbox: false,
      value: holds ? 'go' : 'stop',
      ...(index === 0 ? {} : { parent: { id: `t${index - 1}`, value: 'go' } }),
    }),
  ),
)

describe('conditional display rule (hiddenIds)', () => {
  it('shows a tab without a parent whatever it holds', () => {
    fc.assert(
      fc.property(fc.array(fc.option(word, { nil: undefined }), { maxLength: 6 }), (values) => {
        const nodes = values.map((value, index) => ({ id: `t${index}`, checkbox: false, value }))
        expect(hiddenIds(nodes).size).toBe(0)
      }),
    )
  })

  it('hides every link of a chain after the first one whose parent does not hold the value', () => {
    fc.assert(
      fc.property(chain, (nodes) => {
        const firstBreak = nodes.findIndex((node, index) => index < nodes.length - 1 && node.value !== 'go')
        const hidden = hiddenIds(nodes)
        nodes.forEach((node, index) => {
          expect(hidden.has(node.id)).toBe(firstBreak !== -1 && index > firstBreak)
        })
      }),
    )
  })

  it('hides the children of a hidden parent even when the parent holds their value', () => {
    const nodes: ConditionalNode[] = [
      { id: 'box', checkbox: true, value: 'false' },
      { id: 'text', checkbox: false, value: 'yes', parent: { id: 'box', value: 'on' } },
      { id: 'child', checkbox: false, value: 'x', parent: { id: 'text', value: 'yes' } },
    ]
    expect([...hiddenIds(nodes)].sort()).toEqual(['child', 'text'])
  })

  it('reads a checkbox as on when checked and off otherwise, in any case', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('true', 'false', undefined),
        fc.constantFrom('on', 'off', 'ON', 'Off'),
        (value, expected) => {
          const nodes: ConditionalNode[] = [
            { id: 'box', checkbox: true, value },
            { id: 'child', checkbox: false, value: undefined, parent: { id: 'box', value: expected } },
          ]
          const holds = value === 'true' ? 'on' : 'off'
          expect(hiddenIds(nodes).has('child')).toBe(expected.toLowerCase() !== holds)
        },
      ),
    )
  })

  it('compares any other parent’s value exactly', () => {
    fc.assert(
      fc.property(fc.option(word, { nil: undefined }), word, (value, expected) => {
        const nodes: ConditionalNode[] = [
          { id: 'parent', checkbox: false, value },
          { id: 'child', checkbox: false, value: undefined, parent: { id: 'parent', value: expected } },
        ]
        expect(hiddenIds(nodes).has('child')).toBe(value !== expected)
      }),
    )
  })

  it('hides a tab waiting for a missing tab, itself, or a circle, and terminates', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), (size) => {
        const circle = Array.from(
          { length: size },
          (_, index): ConditionalNode => ({
            id: `c${index}`,
            checkbox: false,
            value: 'go',
            parent: { id: `c${(index + 1) % size}`, value: 'go' },
          }),
        )
        const nodes: ConditionalNode[] = [
          ...circle,
          { id: 'orphan', checkbox: false, value: 'go', parent: { id: 'nowhere', value: 'go' } },
          { id: 'below', checkbox: false, value: 'x', parent: { id: 'c0', value: 'go' } },
        ]
        expect(hiddenIds(nodes)).toEqual(new Set([...circle.map((node) => node.id), 'orphan', 'below']))
      }),
    )
  })
})

describe('conditional display on stored tabs (hiddenTabIds)', () => {
  const tabs: TabsByType = {
    checkboxTabs: [{ tabLabel: 'Pets' }],
    listTabs: [
      {
        tabLabel: 'Plan',
        listItems: [
          { text: 'Basic', value: 'basic' },
          { text: 'Plus', value: 'plus', selected: 'true' },
        ],
      },
    ],
    radioGroupTabs: [{ groupName: 'Size', radios: [{ value: 's' }, { value: 'l' }] }],
    textTabs: [
      { tabLabel: 'Pet name', conditionalParentLabel: 'Pets', conditionalParentValue: 'on' },
      { tabLabel: 'Extras', conditionalParentLabel: 'Plan', conditionalParentValue: 'plus' },
      { tabLabel: 'Large', conditionalParentLabel: 'Size', conditionalParentValue: 'l' },
      { tabLabel: 'Breed', conditionalParentLabel: 'Pet name', conditionalParentValue: 'Rex' },
    ],
  }

  it('reads entries by tab id, else what the tab holds (the list’s selected item)', () => {
    expect(hiddenTabIds(tabs)).toEqual(new Set(['textTabs-0', 'textTabs-2', 'textTabs-3']))
    const entered = {
      'checkboxTabs-0': 'true',
      'listTabs-0': 'basic',
      'radioGroupTabs-0': 'l',
      'textTabs-0': 'Rex',
    }
    expect(hiddenTabIds(tabs, entered)).toEqual(new Set(['textTabs-1']))
  })

  it('hides the chain again when the checkbox is unchecked, whatever the child holds', () => {
    const entered = { 'checkboxTabs-0': 'false', 'textTabs-0': 'Rex' }
    expect(hiddenTabIds(tabs, entered)).toEqual(new Set(['textTabs-0', 'textTabs-2', 'textTabs-3']))
  })

  it('reads a checked checkbox and a selected radio the sender stored', () => {
    const stored: TabsByType = {
      ...tabs,
      checkboxTabs: [{ tabLabel: 'Pets', selected: 'true' }],
      radioGroupTabs: [{ groupName: 'Size', radios: [{ value: 's' }, { value: 'l', selected: 'true' }] }],
    }
    expect(hiddenTabIds(stored)).toEqual(new Set(['textTabs-3']))
  })
})
