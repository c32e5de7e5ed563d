import fc from 'fast-check'
import { InvalidRequestError } from 'platform'
import { describe, expect, it } from 'vitest'
import type { TabsByType } from './model.js'
import { checkTabPlacement, readTabs } from './read-tabs.js'
import { everyTabType } from './testing/every-tab-type.js'

const pages = new Map([
  ['1', 2],
  ['2', 5],
])
const check = (tabs: TabsByType, updates?: TabsByType) =>
  checkTabPlacement(tabs, 'tabs', pages, 'the template', updates)

describe('readTabs', () => {
  it('copies every supported tab type, option lists included, without sharing them with the input', () => {
    const input = everyTabType('1')
    const tabs = readTabs(input, 'tabs')
    expect(tabs).toEqual(input)
    expect(tabs.listTabs?.[0]?.listItems).not.toBe(input.listTabs[0]?.listItems)
  })

  it('takes a tab with no properties at all as absent, as null is, and keeps a tab with any', () => {
    const tab = { documentId: '1', pageNumber: '1', xPosition: '1', yPosition: '1', tabLabel: 'a' }
    expect(readTabs({ textTabs: [{}, tab, {}] }, 'tabs')).toEqual({ textTabs: [tab] })
    expect(readTabs({ textTabs: [{}], signHereTabs: [{}] }, 'tabs')).toEqual({})
    expect(readTabs({ textTabs: [{ value: 'Ana' }] }, 'tabs')).toEqual({ textTabs: [{ value: 'Ana' }] })
    expect(() => check(readTabs({ textTabs: [{ value: 'Ana' }] }, 'tabs'))).toThrow(InvalidRequestError)
  })

  it('keeps localePolicy objects without sharing them with the input', () => {
    const input = everyTabType('1')
    const tabs = readTabs(input, 'tabs')
    expect(tabs.numericalTabs?.[0]?.localePolicy).toEqual(input.numericalTabs[0]?.localePolicy)
    expect(tabs.numericalTabs?.[0]?.localePolicy).not.toBe(input.numericalTabs[0]?.localePolicy)
  })

  it('refuses a formula it cannot compute, naming the tab and the place', () => {
    expect(() =>
      readTabs({ formulaTabs: [{ tabLabel: 'x', formula: 'Max([a], 2)' }] }, 'signers[0].tabs'),
    ).toThrow(
      'signers[0].tabs.formulaTabs[0].formula is not a formula this service computes: Unknown function "Max"',
    )
  })

  it("accepts DocuSign's date functions over date tabs, and refuses dates used as numbers or mixed with numbers", () => {
    const dated =
      (formula: string, extra = {}) =>
      () =>
        readTabs(
          {
            dateTabs: [{ tabLabel: 'Start' }, { tabLabel: 'End' }],
            dateSignedTabs: [{ tabLabel: 'Signed' }],
            numberTabs: [{ tabLabel: 'Qty' }],
            formulaTabs: [{ tabLabel: 'f', formula }],
            ...extra,
          },
          'signers[0].tabs',
        )
    for (const formula of [
      'AddDays([Signed], 30)',
      'DateDiff([End], [Start]) * 2',
      'Day([Start]) + Days(AddMonths([End], -1))',
      'AddYears([Start], 1 + 1)',
      '[Qty] * 2 + [Elsewhere]',
    ]) {
      expect(dated(formula)).not.toThrow()
    }
    const refusals: [string, string][] = [
      ['[End] - [Start]', 'Dates cannot be combined with "-"; use DateDiff or AddDays'],
      ['AddDays([Start], [Qty])', 'draws on number tabs or on date tabs, not both'],
      ['AddDays(30, [Start])', 'AddDays takes a date as argument 1'],
      ['Day([Qty])', 'Day takes a date as argument 1'],
      ['-[Start]', 'A date cannot be negated'],
    ]
    for (const [formula, message] of refusals) expect(dated(formula)).toThrow(message)
    // Another formula's kind counts: a date formula is a date input.
    expect(
      dated('DateDiff([g], [Start])', {
        formulaTabs: [
          { tabLabel: 'f', formula: 'DateDiff([g], [Start])' },
          { tabLabel: 'g', formula: 'AddDays([Start], 3)' },
        ],
      }),
    ).not.toThrow()
  })

  it('refuses a formula reading currency numericalTabs with different localePolicy values', () => {
    const read = (second: Record<string, string>) => () =>
      readTabs(
        {
          numericalTabs: [
            { tabLabel: 'A', validationType: 'Currency', localePolicy: { cultureName: 'de_de' } },
            { tabLabel: 'B', validationType: 'Currency', localePolicy: second },
          ],
          formulaTabs: [{ tabLabel: 'T', formula: '[A] + [B]' }],
        },
        'signers[0].tabs',
      )
    expect(read({ cultureName: 'de_de' })).not.toThrow()
    expect(read({ cultureName: 'en_us' })).toThrow(
      expect.objectContaining({
        errorCode: 'FORMULA_LOCALE_POLICY_MISMATCH',
        message: expect.stringContaining('signers[0].tabs.formulaTabs[0] reads numericalTabs'),
      }),
    )
  })

  it('refuses formulas that refer to one another in a circle, and accepts a chain', () => {
    const formula = (tabLabel: string, text: string) => ({ tabLabel, formula: text })
    expect(() =>
      readTabs(
        { formulaTabs: [formula('a', '[b] + 1'), formula('b', '[c] * 2'), formula('c', '[a]')] },
        'tabs',
      ),
    ).toThrow('tabs.formulaTabs: formulas refer to one another in a circle (a -> b -> c -> a)')
    expect(() =>
      readTabs(
        { formulaTabs: [formula('a', '[b] + 1'), formula('b', '[c] * 2'), formula('c', '[d]')] },
        'tabs',
      ),
    ).not.toThrow()
  })

  it('refuses a numerical tab whose minimum exceeds its maximum', () => {
    expect(() =>
      readTabs({ numericalTabs: [{ minNumericalValue: '10', maxNumericalValue: '9.5' }] }, 'tabs'),
    ).toThrow('tabs.numericalTabs[0].minNumericalValue must not exceed maxNumericalValue')
  })

  it('refuses a validation pattern that is not a regular expression, and keeps one that is', () => {
    // Not declared by esign-contract's Tab: kept as one of the tab's other properties.
    const wrong = { textTabs: [{ tabLabel: 'Zip' }, { validationPattern: '([0-9]' }] } as never
    expect(() => readTabs(wrong, 'signers[0].tabs')).toThrow(
      'signers[0].tabs.textTabs[1].validationPattern is not a regular expression: ([0-9]',
    )
    const right = { textTabs: [{ validationPattern: '^[0-9]{5}$' }] } as never
    expect(readTabs(right, 'tabs').textTabs).toEqual([{ validationPattern: '^[0-9]{5}$' }])
  })

  it('refuses a pattern that could backtrack for minutes, or is longer than a field rule needs', () => {
    for (const pattern of ['(a+)+$', '^(\\w+\\s?)*$', `^${'[0-9]'.repeat(100)}$`]) {
      expect(
        () => readTabs({ textTabs: [{ validationPattern: pattern }] } as never, 'tabs'),
        pattern,
      ).toThrow(/^tabs\.textTabs\[0\]\.validationPattern could take too long to check/)
    }
    for (const pattern of ['^[A-Z]{2}-\\d{4}$', '^\\d{3}-\\d{2}-\\d{4}$', '@example\\.com$'])
      expect(readTabs({ textTabs: [{ validationPattern: pattern }] } as never, 'tabs').textTabs).toHaveLength(
        1,
      )
  })

  it('names an unknown tab type', () => {
    expect(() => readTabs({ stampTabs: [] } as never, 'signers[0].tabs')).toThrow(
      /^signers\[0\]\.tabs\.stampTabs is not a supported tab type \(supported: signHereTabs, /,
    )
  })
})

describe('checkTabPlacement', () => {
  it('accepts a tab exactly when its page is within its document (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom('1', '2'), fc.integer({ min: 0, max: 9 }), (documentId, page) => {
        const tabs = {
          textTabs: [{ documentId, pageNumber: String(page), xPosition: '1', yPosition: '1' }],
        }
        const inside = page >= 1 && page <= (pages.get(documentId) as number)
        if (inside) expect(() => check(tabs)).not.toThrow()
        else {
          expect(() => check(tabs)).toThrow(InvalidRequestError)
          expect(() => check(tabs)).toThrow(
            `tabs.textTabs[0].pageNumber ${page} is outside document ${documentId}`,
          )
        }
      }),
    )
  })

  it('accepts an anchor instead of a position', () => {
    expect(() => check({ signHereTabs: [{ anchorString: '/sig/' }] })).not.toThrow()
  })

  it('places each radio of a group on the group document', () => {
    const group = (radio: Record<string, string>) => ({
      radioGroupTabs: [{ documentId: '1', groupName: 'g', radios: [radio] }],
    })
    expect(() => check(group({ value: 'a', pageNumber: '2', xPosition: '1', yPosition: '1' }))).not.toThrow()
    expect(() => check(group({ value: 'a', pageNumber: '3', xPosition: '1', yPosition: '1' }))).toThrow(
      'tabs.radioGroupTabs[0].radios[0].pageNumber 3 is outside document 1, which has 2 page(s)',
    )
  })

  it('refuses two selected radios or list items', () => {
    const radio = { pageNumber: '1', xPosition: '1', yPosition: '1', selected: 'true' }
    expect(() =>
      check({
        radioGroupTabs: [
          {
            documentId: '1',
            groupName: 'g',
            radios: [
              { ...radio, value: 'a' },
              { ...radio, value: 'b' },
            ],
          },
        ],
      }),
    ).toThrow('tabs.radioGroupTabs[0].radios has more than one selected radio')
    const at = { documentId: '1', pageNumber: '1', xPosition: '1', yPosition: '1' }
    const items = [
      { text: 'A', value: 'a', selected: 'true' },
      { text: 'B', value: 'b', selected: 'true' },
    ]
    expect(() => check({ listTabs: [{ ...at, listItems: items }] })).toThrow(
      'tabs.listTabs[0].listItems has more than one selected item',
    )
  })

  it('lets a label-only tab through only when it updates a tab of the same type and label', () => {
    const update = { textTabs: [{ tabLabel: 'case', value: 'C-1' }] }
    const placed = { documentId: '1', pageNumber: '1', xPosition: '1', yPosition: '1' }
    expect(() => check(update, { textTabs: [{ ...placed, tabLabel: 'case' }] })).not.toThrow()
    expect(() => check(update, { textTabs: [{ ...placed, tabLabel: 'other' }] })).toThrow(
      'tabs.textTabs[0].documentId is required when the tab has no anchorString',
    )
    expect(() => check(update, { numberTabs: [{ ...placed, tabLabel: 'case' }] })).toThrow(
      InvalidRequestError,
    )
  })
})
