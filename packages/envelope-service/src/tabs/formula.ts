import { addMonths, daysInMonthOf, isoDateOf, parseDateText, partsOf } from './dates.js'

/**
 * DocuSign's formula tabs (calculated fields): `[TabLabel]` references to other tabs, decimal numbers,
 * `+ - * /`, unary minus and parentheses, with the usual precedence (`*` and `/` before `+` and `-`,
 * left to right), and the date functions DocuSign documents: `AddDays(d, n)`, `AddMonths(d, n)`,
 * `AddYears(d, n)`, `DateDiff(d1, d2)` (days from d2 to d1), `Day(d)` (day of the month) and `Days(d)`
 * (days in d's month). Parsed once into a tree; evaluated with the values the recipients entered. Pure.
 * Other functions (`Round`, `Max`...) are not DocuSign's and are refused when the tab is created.
 */

export type FormulaNode =
  | { kind: 'number'; value: number }
  | { kind: 'reference'; label: string }
  | { kind: 'negate'; operand: FormulaNode }
  | { kind: 'binary'; operator: '+' | '-' | '*' | '/'; left: FormulaNode; right: FormulaNode }
  | { kind: 'call'; name: FormulaFunction; args: FormulaNode[] }

/** A date inside a formula: a day number (see dates.ts), kept apart from plain numbers. */
export class FormulaDate {
  constructor(readonly day: number) {}
}

export type FormulaValue = number | FormulaDate

type Kind = 'number' | 'date'

/** Each function's argument kinds and result kind, as DocuSign's calculated-fields page lists them. */
const FUNCTIONS = {
  AddDays: { args: ['date', 'number'], result: 'date' },
  AddMonths: { args: ['date', 'number'], result: 'date' },
  AddYears: { args: ['date', 'number'], result: 'date' },
  DateDiff: { args: ['date', 'date'], result: 'number' },
  Day: { args: ['date'], result: 'number' },
  Days: { args: ['date'], result: 'number' },
} as const satisfies Record<string, { args: readonly Kind[]; result: Kind }>

export type FormulaFunction = keyof typeof FUNCTIONS
export const FORMULA_FUNCTIONS = Object.keys(FUNCTIONS) as FormulaFunction[]
const functionNamed = (name: string) =>
  FORMULA_FUNCTIONS.find((candidate) => candidate.toLowerCase() === name.toLowerCase())

export class FormulaError extends Error {}

export const MAX_FORMULA_DEPTH = 100

/** The formula's tree, or a FormulaError saying what is wrong and where (1-based character position). */
export function parseFormula(formula: string): FormulaNode {
  let position = 0
  let depth = 0

  const fail = (message: string): never => {
    throw new FormulaError(`${message} at character ${position + 1}`)
  }
  const skipSpaces = () => {
    while (position < formula.length && /\s/.test(formula.charAt(position))) position++
  }
  const peek = () => {
    skipSpaces()
    return formula.charAt(position)
  }

  function expression(): FormulaNode {
    let node = term()
    for (let next = peek(); next === '+' || next === '-'; next = peek()) {
      position++
      node = { kind: 'binary', operator: next, left: node, right: term() }
    }
    return node
  }

  function term(): FormulaNode {
    let node = factor()
    for (let next = peek(); next === '*' || next === '/'; next = peek()) {
      position++
      node = { kind: 'binary', operator: next, left: node, right: factor() }
    }
    return node
  }

  function factor(): FormulaNode {
    if (++depth > MAX_FORMULA_DEPTH) fail('The formula nests too deeply')
    try {
      const next = peek()
      if (next === '-' || next === '+') {
        position++
        const operand = factor()
        return next === '-' ? { kind: 'negate', operand } : operand
      }
      if (next === '(') {
        position++
        const inner = expression()
        if (peek() !== ')') fail('Expected ")"')
        position++
        return inner
      }
      if (next === '[') {
        const end = formula.indexOf(']', position + 1)
        if (end < 0) fail('A "[" has no closing "]"')
        const label = formula.slice(position + 1, end)
        if (label.trim() === '') fail('Empty tab reference "[]"')
        position = end + 1
        return { kind: 'reference', label }
      }
      const identifier = /^[A-Za-z]+/.exec(formula.slice(position))
      if (identifier) return call(identifier[0])
      const number = /^(?:\d+(?:\.\d+)?|\.\d+)/.exec(formula.slice(position))
      if (number) {
        position += number[0].length
        return { kind: 'number', value: Number(number[0]) }
      }
      return fail(next === '' ? 'The formula ends too early' : `Unexpected "${next}"`)
    } finally {
      depth--
    }
  }

  function call(identifier: string): FormulaNode {
    const name = functionNamed(identifier)
    if (!name) fail(`Unknown function "${identifier}" (DocuSign's are ${FORMULA_FUNCTIONS.join(', ')})`)
    const known = name as FormulaFunction
    position += identifier.length
    if (peek() !== '(') fail(`Expected "(" after ${known}`)
    position++
    const args = [expression()]
    while (peek() === ',') {
      position++
      args.push(expression())
    }
    if (peek() !== ')') fail('Expected ")"')
    const arity = FUNCTIONS[known].args.length
    if (args.length !== arity) fail(`${known} takes ${arity} argument(s), not ${args.length}`)
    position++
    return { kind: 'call', name: known, args }
  }

  const tree = expression()
  if (peek() !== '') fail(`Unexpected "${peek()}"`)
  return tree
}

/** Every tab label the formula refers to, once each, in order of appearance. */
export function referencesOf(node: FormulaNode): string[] {
  const labels = new Set<string>()
  const visit = (current: FormulaNode): void => {
    if (current.kind === 'reference') labels.add(current.label)
    else if (current.kind === 'negate') visit(current.operand)
    else if (current.kind === 'binary') {
      visit(current.left)
      visit(current.right)
    } else if (current.kind === 'call') current.args.forEach(visit)
  }
  visit(node)
  return [...labels]
}

/**
 * What the formula gives, a number or a date, checked against `kindOf` (each referenced tab's kind,
 * undefined when unknown, such as another recipient's tab): dates combine only through the date
 * functions, and a formula draws on number tabs or date tabs, never both (DocuSign's rule). A
 * FormulaError says what does not fit.
 */
export function kindOfFormula(
  node: FormulaNode,
  kindOf: (label: string) => Kind | undefined,
): Kind | undefined {
  const inputs = new Set(
    referencesOf(node)
      .map(kindOf)
      .filter((kind) => kind !== undefined),
  )
  if (inputs.size > 1) {
    throw new FormulaError('A formula draws on number tabs or on date tabs, not both')
  }
  const check = (current: FormulaNode): Kind | undefined => {
    switch (current.kind) {
      case 'number':
        return 'number'
      case 'reference':
        return kindOf(current.label)
      case 'negate':
        return demand(check(current.operand), 'number', 'A date cannot be negated')
      case 'binary':
        demand(
          check(current.left),
          'number',
          `Dates cannot be combined with "${current.operator}"; use DateDiff or AddDays`,
        )
        demand(
          check(current.right),
          'number',
          `Dates cannot be combined with "${current.operator}"; use DateDiff or AddDays`,
        )
        return 'number'
      case 'call': {
        const signature = FUNCTIONS[current.name]
        current.args.forEach((arg, index) => {
          const wanted = signature.args[index] as Kind
          demand(check(arg), wanted, `${current.name} takes a ${wanted} as argument ${index + 1}`)
        })
        return signature.result
      }
    }
  }
  const demand = (kind: Kind | undefined, wanted: Kind, message: string) => {
    if (kind !== undefined && kind !== wanted) throw new FormulaError(message)
    return wanted
  }
  return check(node)
}

/**
 * The formula's value; `operandFor` gives each referenced tab's number or date (undefined: a date tab
 * with no date). A blank number counts as 0; a date where a number belongs, or a missing date, is a
 * FormulaError (the formula then has no value). Division by zero gives a non-finite number.
 */
export function evaluateFormula(
  node: FormulaNode,
  operandFor: (label: string) => FormulaValue | undefined,
): FormulaValue {
  const numberOf = (current: FormulaNode): number => {
    const value = evaluateFormula(current, operandFor)
    if (value instanceof FormulaDate) throw new FormulaError('A date is used where a number belongs')
    return value
  }
  const dateOf = (current: FormulaNode): number => {
    const value =
      current.kind === 'reference' ? operandFor(current.label) : evaluateFormula(current, operandFor)
    if (!(value instanceof FormulaDate))
      throw new FormulaError('A number or a blank is used where a date belongs')
    return value.day
  }
  switch (node.kind) {
    case 'number':
      return node.value
    case 'reference':
      return operandFor(node.label) ?? 0
    case 'negate':
      return -numberOf(node.operand)
    case 'binary': {
      const left = numberOf(node.left)
      const right = numberOf(node.right)
      if (node.operator === '+') return left + right
      if (node.operator === '-') return left - right
      if (node.operator === '*') return left * right
      return left / right
    }
    case 'call':
      return callFunction(node.name, node.args, dateOf, numberOf)
  }
}

function callFunction(
  name: FormulaFunction,
  args: FormulaNode[],
  dateOf: (node: FormulaNode) => number,
  numberOf: (node: FormulaNode) => number,
): FormulaValue {
  const [first, second] = args as [FormulaNode, FormulaNode]
  const shifted = (day: number | undefined) => {
    if (day === undefined || partsOf(day).year < 1 || partsOf(day).year > 9999) {
      throw new FormulaError(`${name} goes outside the calendar`)
    }
    return new FormulaDate(day)
  }
  switch (name) {
    case 'AddDays':
      return shifted(dateOf(first) + Math.trunc(numberOf(second)))
    case 'AddMonths':
      return shifted(addMonths(dateOf(first), numberOf(second)))
    case 'AddYears':
      return shifted(addMonths(dateOf(first), Math.trunc(numberOf(second)) * 12))
    case 'DateDiff':
      return dateOf(first) - dateOf(second)
    case 'Day':
      return partsOf(dateOf(first)).day
    case 'Days':
      return daysInMonthOf(dateOf(first))
  }
}

/**
 * A tab's text as a formula operand: a plain decimal number (thousands commas allowed, as DocuSign's
 * number fields show them); blank or anything else counts as 0, as in DocuSign.
 */
export function operandOf(text: string | undefined): number {
  const plain = (text ?? '').trim().replace(/,/g, '')
  return /^-?(?:\d+(?:\.\d+)?|\.\d+)$/.test(plain) ? Number(plain) : 0
}

/** A stored formula result as an operand of another formula: a date when it is one (`yyyy-MM-dd`). */
export function resultOperandOf(text: string | undefined): FormulaValue {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text ?? '') ? parseDateText(text) : undefined
  return day === undefined ? operandOf(text) : new FormulaDate(day)
}

/**
 * The value stored for a result: a date as `yyyy-MM-dd`; a number with `roundDecimalPlaces` decimals
 * when the tab sets them, else without floating-point noise (`0.1 + 0.2` is `0.3`); undefined when it
 * is not a finite number.
 */
export function formatFormulaResult(
  result: FormulaValue,
  roundDecimalPlaces: string | undefined,
): string | undefined {
  if (result instanceof FormulaDate) return isoDateOf(result.day)
  if (!Number.isFinite(result)) return undefined
  if (roundDecimalPlaces !== undefined && /^\d$/.test(roundDecimalPlaces)) {
    const places = Number(roundDecimalPlaces)
    const factor = 10 ** places
    // Half away from zero on the decimal value: 1.005 is 1.01, although 1.005 * 100 is 100.49999999999999.
    const scaled = Math.round(Number((Math.abs(result) * factor).toPrecision(15)))
    const rounded = (Math.sign(result) * scaled) / factor
    return (Object.is(rounded, -0) ? 0 : rounded).toFixed(places)
  }
  const cleaned = Number(result.toPrecision(15))
  return String(Object.is(cleaned, -0) ? 0 : cleaned)
}
