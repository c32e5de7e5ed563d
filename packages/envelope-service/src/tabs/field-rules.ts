import { FormulaError, type FormulaNode, kindOfFormula, parseFormula, referencesOf } from './formula.js'
import { followedLocale } from './locale-format.js'
import type { Tab, TabOption, TabsByType } from './model.js'

/**
 * The rules one recipient's tabs must keep, as pure functions that return problems instead of throwing:
 * the service refuses the first one with a 400 (read-tabs.ts), and the template builder runs the same
 * functions in the browser to show them before saving. Formulas: each parses, uses dates and numbers
 * where they belong, draws on number tabs or date tabs but not both, reads numericalTabs that share one
 * localePolicy, and no formulas refer to one another in a circle. Conditional display: the parent is
 * another tab of the same recipient, and the value one it can take (`on`/`off` for a checkbox, an item
 * of a list, a radio of a group, any text otherwise), DocuSign's `CONDITIONALTAB_HAS_INVALID_PARENT`
 * otherwise. Radio groups: at most one radio selected, each with a value (the wire schema's `minLength`,
 * said here too so the builder shows it).
 */

export type TabProblemKind =
  | { kind: 'formulaInvalid'; detail: string }
  | { kind: 'formulaCircle'; labels: string[] }
  | { kind: 'formulaLocaleMismatch' }
  | { kind: 'conditionalParentMissing'; label: string }
  | { kind: 'conditionalValueMissing'; label: string }
  | { kind: 'conditionalValueInvalid'; label: string; allowed: string[] }
  | { kind: 'radioSelectedTwice' }
  | { kind: 'radioValueBlank' }

/** A problem of the tab at `type[index]` (no index: the list as a whole). */
export type TabProblem = TabProblemKind & { type: string; index?: number }

const string = (tab: Tab | TabOption, field: string) => {
  const value = tab[field]
  return typeof value === 'string' ? value : undefined
}
const optionsOf = (tab: Tab, field: 'listItems' | 'radios'): TabOption[] =>
  Array.isArray(tab[field]) ? (tab[field] as TabOption[]) : []

/** Every problem of one recipient's tabs, formulas first. */
export function tabProblems(tabs: TabsByType): TabProblem[] {
  return [...formulaProblems(tabs), ...conditionalProblems(tabs), ...radioGroupProblems(tabs)]
}

export function formulaProblems(tabs: TabsByType): TabProblem[] {
  const formulas = tabs.formulaTabs ?? []
  const problems: TabProblem[] = []
  const trees = new Map<number, FormulaNode>()
  const referencesByLabel = new Map<string, string[]>()
  formulas.forEach((tab, index) => {
    const formula = string(tab, 'formula')
    if (formula === undefined) return
    try {
      const tree = parseFormula(formula)
      trees.set(index, tree)
      const label = string(tab, 'tabLabel')
      if (label !== undefined) referencesByLabel.set(label, referencesOf(tree))
    } catch (error) {
      if (!(error instanceof FormulaError)) throw error
      problems.push({ type: 'formulaTabs', index, kind: 'formulaInvalid', detail: error.message })
    }
  })
  const circle = circleOf(referencesByLabel)
  if (circle) problems.push({ type: 'formulaTabs', kind: 'formulaCircle', labels: circle })
  const kindOf = kindsByLabel(tabs, trees)
  for (const [index, tree] of trees) {
    try {
      kindOfFormula(tree, kindOf)
    } catch (error) {
      if (!(error instanceof FormulaError)) throw error
      problems.push({ type: 'formulaTabs', index, kind: 'formulaInvalid', detail: error.message })
      continue
    }
    if (followedLocale(formulas[index] as Tab, tabs) === 'mismatch') {
      problems.push({ type: 'formulaTabs', index, kind: 'formulaLocaleMismatch' })
    }
  }
  return problems
}

/** The first circle of formulas referring to one another, as the labels around it; undefined if none. */
function circleOf(referencesByLabel: Map<string, string[]>): string[] | undefined {
  const finished = new Set<string>()
  const visiting: string[] = []
  const visit = (label: string): string[] | undefined => {
    if (finished.has(label)) return undefined
    if (visiting.includes(label)) return [...visiting.slice(visiting.indexOf(label)), label]
    visiting.push(label)
    for (const reference of referencesByLabel.get(label) ?? []) {
      const found = visit(reference)
      if (found) return found
    }
    visiting.pop()
    finished.add(label)
    return undefined
  }
  for (const label of referencesByLabel.keys()) {
    const found = visit(label)
    if (found) return found
  }
  return undefined
}

const DATE_TAB_TYPES = new Set(['dateTabs', 'dateSignedTabs'])

/** Each label's kind for a formula: date tabs give dates, formulas their result, other tabs numbers. */
function kindsByLabel(tabs: TabsByType, trees: Map<number, FormulaNode>) {
  const first = new Map<string, { type: string; index: number }>()
  for (const [type, list] of Object.entries(tabs)) {
    list.forEach((tab, index) => {
      const label = string(tab, 'tabLabel')
      if (label !== undefined && !first.has(label)) first.set(label, { type, index })
    })
  }
  const resolving = new Set<string>()
  const kindOf = (label: string): 'number' | 'date' | undefined => {
    const found = first.get(label)
    if (!found) return undefined
    if (DATE_TAB_TYPES.has(found.type)) return 'date'
    if (found.type !== 'formulaTabs') return 'number'
    const tree = trees.get(found.index)
    if (!tree || resolving.has(label)) return undefined
    resolving.add(label)
    try {
      return kindOfFormula(tree, kindOf)
    } catch {
      return undefined
    } finally {
      resolving.delete(label)
    }
  }
  return kindOf
}

/**
 * The values a conditional child may wait for on each parent label of the recipient: undefined for
 * any text (text, number, date... parents). A label several tabs share takes the first one's rule.
 */
export function conditionalParents(tabs: TabsByType): Map<string, { type: string; values?: string[] }> {
  const parents = new Map<string, { type: string; values?: string[] }>()
  for (const [type, list] of Object.entries(tabs)) {
    for (const tab of list) {
      const label = type === 'radioGroupTabs' ? string(tab, 'groupName') : string(tab, 'tabLabel')
      if (label === undefined || label === '' || parents.has(label)) continue
      const values =
        type === 'checkboxTabs'
          ? ['on', 'off']
          : type === 'listTabs'
            ? optionsOf(tab, 'listItems').map((item) => item.value ?? '')
            : type === 'radioGroupTabs'
              ? optionsOf(tab, 'radios').map((radio) => radio.value ?? '')
              : undefined
      parents.set(label, values === undefined ? { type } : { type, values })
    }
  }
  return parents
}

export function conditionalProblems(tabs: TabsByType): TabProblem[] {
  const parents = conditionalParents(tabs)
  const problems: TabProblem[] = []
  for (const [type, list] of Object.entries(tabs)) {
    list.forEach((tab, index) => {
      const label = string(tab, 'conditionalParentLabel')
      if (label === undefined || label === '') return
      const own = type === 'radioGroupTabs' ? string(tab, 'groupName') : string(tab, 'tabLabel')
      const parent = parents.get(label)
      if (!parent || own === label) {
        problems.push({ type, index, kind: 'conditionalParentMissing', label })
        return
      }
      const value = string(tab, 'conditionalParentValue') ?? ''
      if (value === '') problems.push({ type, index, kind: 'conditionalValueMissing', label })
      else if (
        parent.values &&
        !parent.values.includes(parent.type === 'checkboxTabs' ? value.toLowerCase() : value)
      ) {
        problems.push({ type, index, kind: 'conditionalValueInvalid', label, allowed: parent.values })
      }
    })
  }
  return problems
}

export function radioGroupProblems(tabs: TabsByType): TabProblem[] {
  const problems: TabProblem[] = []
  ;(tabs.radioGroupTabs ?? []).forEach((tab, index) => {
    const radios = optionsOf(tab, 'radios')
    if (radios.some((radio) => (radio.value ?? '') === '')) {
      problems.push({ type: 'radioGroupTabs', index, kind: 'radioValueBlank' })
    }
    if (radios.filter((radio) => radio.selected === 'true').length > 1) {
      problems.push({ type: 'radioGroupTabs', index, kind: 'radioSelectedTwice' })
    }
  })
  return problems
}

/** The service's message for a problem, after the path of the recipient's tabs (`signers[0].tabs`). */
export function tabProblemMessage(problem: TabProblem, path: string): string {
  const at = `${path}.${problem.type}${problem.index === undefined ? '' : `[${problem.index}]`}`
  switch (problem.kind) {
    case 'formulaInvalid':
      return `${at}.formula is not a formula this service computes: ${problem.detail}`
    case 'formulaCircle':
      return `${at}: formulas refer to one another in a circle (${problem.labels.join(' -> ')})`
    case 'formulaLocaleMismatch':
      return `${at} reads numericalTabs with different localePolicy values; DocuSign requires one`
    case 'conditionalParentMissing':
      return `${at}.conditionalParentLabel '${problem.label}' is not another tab of this recipient`
    case 'conditionalValueMissing':
      return `${at}.conditionalParentValue is required with conditionalParentLabel '${problem.label}'`
    case 'conditionalValueInvalid':
      return `${at}.conditionalParentValue must be one of ${problem.allowed.map((value) => `'${value}'`).join(', ')} (the values of '${problem.label}')`
    case 'radioSelectedTwice':
      return `${at}.radios has more than one selected radio`
    case 'radioValueBlank':
      return `${at}.radios: every radio needs a value`
  }
}

/** DocuSign's error code of a problem, where it has one. */
export function tabProblemCode(problem: TabProblem): string | undefined {
  if (problem.kind === 'formulaLocaleMismatch') return 'FORMULA_LOCALE_POLICY_MISMATCH'
  if (problem.kind.startsWith('conditional')) return 'CONDITIONALTAB_HAS_INVALID_PARENT'
  return undefined
}
