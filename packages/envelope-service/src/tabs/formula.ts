/**
 * DocuSign's formula tabs: `[TabLabel]` references to other tabs, decimal numbers, `+ - * /`, unary
 * minus and parentheses, with the usual precedence (`*` and `/` before `+` and `-`, left to right).
 * Parsed once into a tree; evaluated with the values the recipient entered. Pure. DocuSign's functions
 * (`Round(...)`, `Max(...)`, comparisons) are not supported: such a formula is refused when the tab is
 * created, so it never silently computes nothing.
 */

export type FormulaNode =
  | { kind: 'number'; value: number }
  | { kind: 'reference'; label: string }
  | { kind: 'negate'; operand: FormulaNode }
  | { kind: 'binary'; operator: '+' | '-' | '*' | '/'; left: FormulaNode; right: FormulaNode }

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
    }
  }
  visit(node)
  return [...labels]
}

/** The formula's value; `operandFor` gives each referenced tab's number. Division by zero gives a non-finite number. */
export function evaluateFormula(node: FormulaNode, operandFor: (label: string) => number): number {
  switch (node.kind) {
    case 'number':
      return node.value
    case 'reference':
      return operandFor(node.label)
    case 'negate':
      return -evaluateFormula(node.operand, operandFor)
    case 'binary': {
      const left = evaluateFormula(node.left, operandFor)
      const right = evaluateFormula(node.right, operandFor)
      if (node.operator === '+') return left + right
      if (node.operator === '-') return left - right
      if (node.operator === '*') return left * right
      return left / right
    }
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

/**
 * The value stored for a result: `roundDecimalPlaces` decimals when the tab sets them, else the number
 * without floating-point noise (`0.1 + 0.2` is `0.3`); undefined when it is not a finite number.
 */
export function formatFormulaResult(
  result: number,
  roundDecimalPlaces: string | undefined,
): string | undefined {
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
