import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { chooseRecipient, holds } from './conditions.js'
import type { FilterOperator, RuleCondition } from './model.js'

/**
 * The conditional-recipient rule on random rules and random tab values: the option chosen is the one
 * of the first condition (by order, then as given) whose filters all hold, nobody when none holds, and
 * the operators mean what their names say.
 */

const OPERATORS: FilterOperator[] = ['equals', 'not_equals', 'greater_than', 'less_than']
const valueArbitrary = fc.constantFrom('true', 'false', 'TRUE', ' yes ', 'no', '', '10', '2.5', '-3', 'x10')
const labels = ['a', 'b', 'c']

const ruleArbitrary = fc.record({
  options: fc.constant(
    labels.map((recipientLabel) => ({
      recipientLabel,
      name: recipientLabel,
      email: `${recipientLabel}@x.test`,
    })),
  ),
  conditions: fc.array(
    fc.record({
      recipientLabel: fc.constantFrom(...labels),
      order: fc.integer({ min: 0, max: 3 }),
      filters: fc.array(
        fc.record({
          recipientId: fc.constantFrom('1', '2'),
          tabLabel: fc.constantFrom('amount', 'approve', 'team'),
          operator: fc.constantFrom(...OPERATORS),
          value: valueArbitrary,
        }),
        { minLength: 1, maxLength: 3 },
      ),
    }),
    { minLength: 1, maxLength: 5 },
  ),
})
const valuesArbitrary = fc.dictionary(
  fc.constantFrom('1/amount', '1/approve', '1/team', '2/amount', '2/approve', '2/team', '2/other'),
  valueArbitrary,
)
const lookupOf = (values: Record<string, string>) => (recipientId: string, tabLabel: string) =>
  values[`${recipientId}/${tabLabel}`]

describe('chooseRecipient (property)', () => {
  it('chooses the first condition by order whose filters all hold, or nobody when none holds', () => {
    fc.assert(
      fc.property(ruleArbitrary, valuesArbitrary, (rule, values) => {
        const tabValue = lookupOf(values)
        const holding = (condition: RuleCondition) =>
          condition.filters.every((filter) => holds(filter, tabValue(filter.recipientId, filter.tabLabel)))
        const chosen = chooseRecipient(rule, tabValue)
        const matching = rule.conditions
          .map((condition, index) => ({ condition, index }))
          .filter(({ condition }) => holding(condition))
        if (matching.length === 0) {
          expect(chosen).toBeUndefined()
          return
        }
        const first = matching.reduce((best, candidate) =>
          candidate.condition.order < best.condition.order ? candidate : best,
        )
        expect(chosen?.recipientLabel).toBe(first.condition.recipientLabel)
      }),
      { numRuns: 500 },
    )
  })

  it('ignores values no filter reads', () => {
    fc.assert(
      fc.property(ruleArbitrary, valuesArbitrary, valueArbitrary, (rule, values, noise) => {
        const before = chooseRecipient(rule, lookupOf(values))
        const after = chooseRecipient(rule, lookupOf({ ...values, '2/other': noise }))
        expect(after).toEqual(before)
      }),
    )
  })
})

describe('filter operators (property)', () => {
  it("equals and not_equals are each other's opposite and ignore case and surrounding blanks", () => {
    fc.assert(
      fc.property(fc.option(valueArbitrary, { nil: undefined }), valueArbitrary, (actual, value) => {
        expect(holds({ operator: 'equals', value }, actual)).toBe(
          !holds({ operator: 'not_equals', value }, actual),
        )
        expect(holds({ operator: 'equals', value }, ` ${value.toUpperCase()} `)).toBe(true)
      }),
    )
  })

  it('greater_than and less_than compare numbers, never hold together and never hold for a non-number', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -50, max: 50 }).map(String), valueArbitrary),
        fc.integer({ min: -50, max: 50 }),
        (actual, limit) => {
          const greater = holds({ operator: 'greater_than', value: String(limit) }, actual)
          const less = holds({ operator: 'less_than', value: String(limit) }, actual)
          expect(greater && less).toBe(false)
          const number = actual.trim() === '' ? Number.NaN : Number(actual)
          expect(greater).toBe(Number.isFinite(number) && number > limit)
          expect(less).toBe(Number.isFinite(number) && number < limit)
        },
      ),
    )
  })

  it('treats an empty or missing tab as the empty text', () => {
    expect(holds({ operator: 'equals', value: '' }, undefined)).toBe(true)
    expect(holds({ operator: 'not_equals', value: 'true' }, undefined)).toBe(true)
    expect(holds({ operator: 'greater_than', value: '0' }, undefined)).toBe(false)
  })
})
