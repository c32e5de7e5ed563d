import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addMonths, dayNumberOf, isoDateOf, partsOf } from './dates.js'
import {
  evaluateFormula,
  FormulaDate,
  FormulaError,
  type FormulaNode,
  formatFormulaResult,
  operandOf,
  parseFormula,
  referencesOf,
} from './formula.js'

const LABELS = ['Price', 'Quantity', 'Tax rate', 'Line 1', 'a-b*c']
const VALUES: Record<string, number> = {
  Price: 12.5,
  Quantity: 3,
  'Tax rate': 0.19,
  'Line 1': -4,
  'a-b*c': 7,
}
const operandFor = (label: string) => VALUES[label] ?? 0

const treeArbitrary: fc.Arbitrary<FormulaNode> = fc.letrec<{ node: FormulaNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({
      kind: fc.constant('number' as const),
      value: fc.oneof(
        fc.nat(10_000),
        fc.integer({ min: 0, max: 99_999 }).map((n) => n / 100),
      ),
    }),
    fc.record({ kind: fc.constant('reference' as const), label: fc.constantFrom(...LABELS) }),
    fc.record({ kind: fc.constant('negate' as const), operand: tie('node') }),
    fc.record({
      kind: fc.constant('binary' as const),
      operator: fc.constantFrom('+' as const, '-' as const, '*' as const, '/' as const),
      left: tie('node'),
      right: tie('node'),
    }),
  ),
})).node

const PRECEDENCE = { '+': 1, '-': 1, '*': 2, '/': 2 } as const
const precedenceOf = (node: FormulaNode) => (node.kind === 'binary' ? PRECEDENCE[node.operator] : 3)

/** With every operation in parentheses. */
function printFull(node: FormulaNode, space: string): string {
  switch (node.kind) {
    case 'number':
      return String(node.value)
    case 'reference':
      return `[${node.label}]`
    case 'negate':
      return `-${space}(${printFull(node.operand, space)})`
    case 'binary':
      return `(${printFull(node.left, space)}${space}${node.operator}${space}${printFull(node.right, space)})`
    case 'call':
      return `${node.name}(${node.args.map((arg) => printFull(arg, space)).join(`,${space}`)})`
  }
}

/** With parentheses only where precedence and left-to-right order need them, as people write formulas. */
function printMinimal(node: FormulaNode): string {
  switch (node.kind) {
    case 'number':
      return String(node.value)
    case 'reference':
      return `[${node.label}]`
    case 'negate': {
      const operand = printMinimal(node.operand)
      return node.operand.kind === 'binary' ? `-(${operand})` : `-${operand}`
    }
    case 'binary': {
      const own = PRECEDENCE[node.operator]
      const left = printMinimal(node.left)
      const right = printMinimal(node.right)
      // A negation binds tighter than any operator, so it needs no parentheses on either side.
      const wrapLeft = precedenceOf(node.left) < own ? `(${left})` : left
      const wrapRight = precedenceOf(node.right) <= own ? `(${right})` : right
      return `${wrapLeft} ${node.operator} ${wrapRight}`
    }
    case 'call':
      return `${node.name}(${node.args.map(printMinimal).join(', ')})`
  }
}

/** The oracle: the tree's value computed directly. */
function valueOfTree(node: FormulaNode): number {
  switch (node.kind) {
    case 'number':
      return node.value
    case 'reference':
      return operandFor(node.label)
    case 'negate':
      return -valueOfTree(node.operand)
    case 'binary': {
      const [left, right] = [valueOfTree(node.left), valueOfTree(node.right)]
      return node.operator === '+'
        ? left + right
        : node.operator === '-'
          ? left - right
          : node.operator === '*'
            ? left * right
            : left / right
    }
    case 'call':
      throw new Error('The number oracle has no functions')
  }
}

function labelsOfTree(node: FormulaNode): string[] {
  if (node.kind === 'reference') return [node.label]
  if (node.kind === 'negate') return labelsOfTree(node.operand)
  if (node.kind === 'binary') return [...labelsOfTree(node.left), ...labelsOfTree(node.right)]
  if (node.kind === 'call') return node.args.flatMap(labelsOfTree)
  return []
}

describe('formula tabs: parsing and evaluation', () => {
  it('reads a fully parenthesised formula, with or without spaces, as the tree it prints', () => {
    fc.assert(
      fc.property(treeArbitrary, fc.constantFrom('', ' ', '  '), (tree, space) => {
        const parsed = parseFormula(printFull(tree, space))
        expect(evaluateFormula(parsed, operandFor)).toBe(valueOfTree(tree))
      }),
    )
  })

  it('applies * and / before + and -, left to right, when parentheses are left out', () => {
    fc.assert(
      fc.property(treeArbitrary, (tree) => {
        expect(evaluateFormula(parseFormula(printMinimal(tree)), operandFor)).toBe(valueOfTree(tree))
      }),
    )
  })

  it('lists each referenced label once, in order of appearance', () => {
    fc.assert(
      fc.property(treeArbitrary, (tree) => {
        expect(referencesOf(parseFormula(printMinimal(tree)))).toEqual([...new Set(labelsOfTree(tree))])
      }),
    )
  })

  it('refuses a formula with a parenthesis removed or an operator added, with a FormulaError', () => {
    const binaries = treeArbitrary.filter((tree) => tree.kind === 'binary')
    fc.assert(
      fc.property(binaries, fc.constantFrom('+', '-', '*', '/'), (tree, operator) => {
        const full = printFull(tree, '')
        expect(() => parseFormula(full.slice(0, -1))).toThrow(FormulaError)
        expect(() => parseFormula(`${full}${operator}`)).toThrow(FormulaError)
        expect(() => parseFormula(`${full})`)).toThrow(FormulaError)
      }),
    )
  })

  it('fails only with a FormulaError, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'[]()+-*/. 0123456789abc'.split('')), maxLength: 30 }),
        (text) => {
          try {
            parseFormula(text)
          } catch (error) {
            expect(error).toBeInstanceOf(FormulaError)
          }
        },
      ),
    )
  })

  it('names what is wrong and where', () => {
    expect(() => parseFormula('[Price] * ')).toThrow('The formula ends too early at character 11')
    expect(() => parseFormula('Round([Price])')).toThrow(
      'Unknown function "Round" (DocuSign\'s are AddDays, AddMonths, AddYears, DateDiff, Day, Days) at character 1',
    )
    expect(() => parseFormula('AddDays([Start])')).toThrow('AddDays takes 2 argument(s), not 1')
    expect(() => parseFormula('Day [Start]')).toThrow('Expected "(" after Day')
    expect(() => parseFormula('[Price')).toThrow('A "[" has no closing "]" at character 1')
    expect(() => parseFormula('[ ] + 1')).toThrow('Empty tab reference "[]"')
    expect(() => parseFormula('('.repeat(200))).toThrow('The formula nests too deeply')
  })
})

describe('formula tabs: operands and results', () => {
  it('reads plain decimals (thousands commas allowed) and counts anything else as 0', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.nat(99), (whole, cents) => {
        const text = `${whole}.${String(cents).padStart(2, '0')}`
        const expected = Number(text)
        expect(operandOf(text)).toBe(expected)
        expect(
          operandOf(` ${Number(whole).toLocaleString('en-US')}.${String(cents).padStart(2, '0')} `),
        ).toBe(expected)
      }),
    )
    for (const blank of [undefined, '', '  ', 'abc', '1e5', '12.', '$5']) expect(operandOf(blank)).toBe(0)
  })

  it('rounds to roundDecimalPlaces half away from zero and shows exactly that many decimals', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.integer({ min: 0, max: 4 }),
        (thousandths, places) => {
          const value = thousandths / 1000
          const text = formatFormulaResult(value, String(places)) as string
          const decimals = text.split('.')[1] ?? ''
          expect(decimals).toHaveLength(places)
          expect(Math.abs(Number(text) - value)).toBeLessThanOrEqual(0.5 / 10 ** places + 1e-9)
        },
      ),
    )
    expect(formatFormulaResult(1.005, '2')).toBe('1.01')
    expect(formatFormulaResult(-2.5, '0')).toBe('-3')
    expect(formatFormulaResult(0.1 + 0.2, undefined)).toBe('0.3')
    expect(formatFormulaResult(-0, undefined)).toBe('0')
  })

  it('gives no value for a division by zero', () => {
    expect(
      formatFormulaResult(evaluateFormula(parseFormula('[Price] / 0'), operandFor), undefined),
    ).toBeUndefined()
    expect(formatFormulaResult(evaluateFormula(parseFormula('0 / 0'), operandFor), '2')).toBeUndefined()
  })
})

describe('formula tabs: date functions', () => {
  const day = fc.integer({ min: -600_000, max: 2_800_000 })
  const dates = (start: number, end: number) => (label: string) =>
    label === 'Start' ? new FormulaDate(start) : label === 'End' ? new FormulaDate(end) : undefined
  const run = (formula: string, operands: (label: string) => FormulaDate | undefined) =>
    evaluateFormula(parseFormula(formula), operands)

  it('DateDiff undoes AddDays, whatever the dates and the day count', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: -20_000, max: 20_000 }), (start, days) => {
        const added = run(`AddDays([Start], ${days < 0 ? `-${-days}` : days})`, dates(start, start))
        expect(added).toEqual(new FormulaDate(start + days))
        expect(run(`DateDiff(AddDays([Start], ${Math.abs(days)}), [Start])`, dates(start, start))).toBe(
          Math.abs(days),
        )
        expect(run('DateDiff([End], [Start])', dates(start, start + days))).toBe(days)
      }),
    )
  })

  it('AddMonths and AddYears keep the day of the month, or take the last day of a shorter month', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: -240, max: 240 }), (start, months) => {
        const result = addMonths(start, months) as number
        const [from, to] = [partsOf(start), partsOf(result)]
        expect((to.year - from.year) * 12 + (to.month - from.month)).toBe(months)
        expect(to.day).toBe(Math.min(from.day, to.day === from.day ? from.day : to.day))
        if (to.day !== from.day) expect(partsOf(result + 1).month).not.toBe(to.month)
      }),
    )
    const jan31 = dayNumberOf({ year: 2024, month: 1, day: 31 }) as number
    expect(isoDateOf((run('AddMonths([Start], 1)', dates(jan31, 0)) as FormulaDate).day)).toBe('2024-02-29')
    expect(isoDateOf((run('AddYears(AddDays([Start], 29), 1)', dates(jan31, 0)) as FormulaDate).day)).toBe(
      '2025-02-28',
    )
  })

  it('Day gives the day of the month and Days the length of the month', () => {
    const feb = dayNumberOf({ year: 2028, month: 2, day: 17 }) as number
    expect(run('Day([Start])', dates(feb, 0))).toBe(17)
    expect(run('Days([Start])', dates(feb, 0))).toBe(29)
    expect(run('days(AddMonths([Start], 1)) + DAY([Start])', dates(feb, 0))).toBe(31 + 17)
  })

  it('gives no value (a FormulaError) for a missing date or a date used as a number', () => {
    expect(() => run('AddDays([Nowhere], 1)', dates(0, 0))).toThrow(FormulaError)
    expect(() => run('[Start] + 1', dates(0, 0))).toThrow(FormulaError)
    expect(() => run('AddDays(1, 1)', dates(0, 0))).toThrow(FormulaError)
    expect(() => run('AddYears([Start], 9000)', dates(0, 0))).toThrow('AddYears goes outside the calendar')
  })

  it('stores a date result as yyyy-MM-dd', () => {
    fc.assert(
      fc.property(day, (value) => {
        const stored = formatFormulaResult(new FormulaDate(value), '2') as string
        expect(stored).toMatch(/^\d{4}-\d{2}-\d{2}$/)
        expect(dayNumberOf({ ...partsOf(value) })).toBe(value)
        expect(isoDateOf(value)).toBe(stored)
      }),
    )
  })
})
