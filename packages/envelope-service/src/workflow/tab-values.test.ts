import { describe, expect, it } from 'vitest'
import type { TabsByType } from '../tabs/model.js'
import { tabValueLookup } from './tab-values.js'

describe('the tab values a conditional rule reads', () => {
  const tabs: TabsByType = {
    textTabs: [
      { tabLabel: 'amount', value: '100' },
      { tabLabel: 'amount', value: 'second tab with the label, ignored' },
      { tabLabel: 'note', value: 'from the sender' },
    ],
    checkboxTabs: [
      { tabLabel: 'approve', selected: 'false' },
      { tabLabel: 'preset', selected: 'true' },
    ],
    radioGroupTabs: [
      {
        groupName: 'team',
        radios: [
          { value: 'boats', selected: 'false' },
          { value: 'cars', selected: 'true' },
        ],
      },
    ],
    formulaTabs: [{ tabLabel: 'double', formula: '[amount] * 2' }],
  }
  const lookup = tabValueLookup([
    {
      recipientId: '1',
      tabs,
      values: { 'textTabs-0': '250', 'checkboxTabs-0': 'true', 'radioGroupTabs-0': 'boats' },
    },
  ])

  it('reads what the recipient entered, by tabLabel (a radio group by groupName)', () => {
    expect(lookup('1', 'amount')).toBe('250')
    expect(lookup('1', 'approve')).toBe('true')
    expect(lookup('1', 'team')).toBe('boats')
  })

  it("falls back to a formula's result, then to the sender's value or selection", () => {
    expect(lookup('1', 'double')).toBe('500')
    expect(lookup('1', 'note')).toBe('from the sender')
    expect(lookup('1', 'preset')).toBe('true')
  })

  it('reads nothing for an unknown label or recipient', () => {
    expect(lookup('1', 'missing')).toBeUndefined()
    expect(lookup('2', 'amount')).toBeUndefined()
  })

  it("reads the sender's selection of a radio group nobody changed", () => {
    const untouched = tabValueLookup([{ recipientId: '1', tabs, values: {} }])
    expect(untouched('1', 'team')).toBe('cars')
    expect(untouched('1', 'approve')).toBe('false')
  })
})
