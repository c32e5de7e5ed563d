import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  conditionalProblems,
  formulaProblems,
  radioGroupProblems,
  tabProblemCode,
  tabProblemMessage,
} from './field-rules.js'
import type { TabsByType } from './model.js'

const label = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,8}$/)

describe('conditional display rule', () => {
  const parentOf = (type: string, values: string[]): TabsByType => {
    if (type === 'checkboxTabs') return { checkboxTabs: [{ tabLabel: 'Parent' }] }
    if (type === 'listTabs') {
      return {
        listTabs: [{ tabLabel: 'Parent', listItems: values.map((value) => ({ text: value, value })) }],
      }
    }
    if (type === 'radioGroupTabs') {
      return { radioGroupTabs: [{ groupName: 'Parent', radios: values.map((value) => ({ value })) }] }
    }
    return { textTabs: [{ tabLabel: 'Parent' }] }
  }
  const types = ['checkboxTabs', 'listTabs', 'radioGroupTabs', 'textTabs'] as const

  it('accepts exactly the values the parent can take, refusing others with DocuSign’s code', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...types),
        fc.uniqueArray(label, { minLength: 1, maxLength: 4 }),
        fc.oneof(label, fc.constantFrom('on', 'off', 'ON')),
        (type, values, value) => {
          const tabs: TabsByType = {
            ...parentOf(type, values),
            dateTabs: [
              { tabLabel: 'Child', conditionalParentLabel: 'Parent', conditionalParentValue: value },
            ],
          }
          const allowed =
            type === 'checkboxTabs'
              ? ['on', 'off'].includes(value.toLowerCase())
              : type === 'textTabs'
                ? true
                : values.includes(value)
          const problems = conditionalProblems(tabs)
          expect(problems.length === 0).toBe(allowed)
          for (const problem of problems) {
            expect(problem).toMatchObject({ type: 'dateTabs', index: 0, kind: 'conditionalValueInvalid' })
            expect(tabProblemCode(problem)).toBe('CONDITIONALTAB_HAS_INVALID_PARENT')
          }
        },
      ),
    )
  })

  it('refuses a parent the recipient does not have, the tab itself, and a missing value', () => {
    fc.assert(
      fc.property(label, label, (own, other) => {
        fc.pre(own !== other)
        const missing = conditionalProblems({
          textTabs: [{ tabLabel: own, conditionalParentLabel: other, conditionalParentValue: 'x' }],
        })
        expect(missing).toEqual([
          { type: 'textTabs', index: 0, kind: 'conditionalParentMissing', label: other },
        ])
        const itself = conditionalProblems({
          textTabs: [{ tabLabel: own, conditionalParentLabel: own, conditionalParentValue: 'x' }],
        })
        expect(itself.map((problem) => problem.kind)).toEqual(['conditionalParentMissing'])
        const noValue = conditionalProblems({
          checkboxTabs: [{ tabLabel: other }],
          textTabs: [{ tabLabel: own, conditionalParentLabel: other }],
        })
        expect(noValue.map((problem) => problem.kind)).toEqual(['conditionalValueMissing'])
      }),
    )
  })
})

describe('radio group rule', () => {
  it('refuses more than one selected radio and a blank value, nothing else', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ value: fc.constantFrom('a', 'b', ' ', ''), selected: fc.boolean() }), {
          minLength: 1,
          maxLength: 5,
        }),
        (radios) => {
          const problems = radioGroupProblems({
            radioGroupTabs: [
              {
                groupName: 'g',
                radios: radios.map((radio) => ({ value: radio.value, selected: String(radio.selected) })),
              },
            ],
          }).map((problem) => problem.kind)
          expect(problems.includes('radioValueBlank')).toBe(radios.some((radio) => radio.value === ''))
          expect(problems.includes('radioSelectedTwice')).toBe(
            radios.filter((radio) => radio.selected).length > 1,
          )
        },
      ),
    )
  })
})

describe('formula rule', () => {
  it('finds a circle of any length and names it, and accepts the same chain open', () => {
    fc.assert(
      fc.property(fc.uniqueArray(label, { minLength: 1, maxLength: 6 }), (labels) => {
        const chain = (closed: boolean): TabsByType => ({
          formulaTabs: labels.map((current, index) => {
            const next = labels[index + 1] ?? (closed ? labels[0] : undefined)
            return { tabLabel: current, formula: next === undefined ? '1' : `[${next}] + 1` }
          }),
        })
        expect(formulaProblems(chain(false))).toEqual([])
        const [problem] = formulaProblems(chain(true))
        expect(problem?.kind).toBe('formulaCircle')
        expect(problem && tabProblemMessage(problem, 'tabs')).toContain(
          `tabs.formulaTabs: formulas refer to one another in a circle (${[...labels, labels[0]].join(' -> ')})`,
        )
      }),
    )
  })

  it('gives the parser’s reason for a formula it cannot compute', () => {
    const [problem] = formulaProblems({ formulaTabs: [{ tabLabel: 'T', formula: 'Max([A], 2)' }] })
    expect(problem).toMatchObject({ type: 'formulaTabs', index: 0, kind: 'formulaInvalid' })
    expect(problem && tabProblemMessage(problem, 'signers[0].tabs')).toBe(
      'signers[0].tabs.formulaTabs[0].formula is not a formula this service computes: Unknown function "Max" (DocuSign\'s are AddDays, AddMonths, AddYears, DateDiff, Day, Days) at character 1',
    )
  })
})
