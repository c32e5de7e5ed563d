/**
 * The template's custom fields (envelope metadata the sender fills): the builder's form of them, their
 * wire shape, and the server's rules checked before saving — a name is given and used once across both
 * lists, and a list field's value is one of its items.
 */

export interface CustomField {
  key: string
  kind: 'text' | 'list'
  name: string
  value: string
  /** Only for list fields. */
  listItems: string[]
  show: boolean
  required: boolean
}

type WireCustomField = Record<string, unknown>

export type CustomFieldProblem =
  | { kind: 'blankName'; index: number }
  | { kind: 'duplicateName'; name: string }
  | { kind: 'valueNotInList'; name: string }

/** List items as sent: blank lines of the editor dropped, as a blank item is never meant. */
export const itemsOf = (field: Pick<CustomField, 'listItems'>) =>
  field.listItems.map((item) => item.trim()).filter((item) => item !== '')

/** What the server would refuse, in the order the fields are listed. */
export function customFieldProblems(fields: readonly CustomField[]): CustomFieldProblem[] {
  const problems: CustomFieldProblem[] = []
  const seen = new Set<string>()
  fields.forEach((field, index) => {
    const name = field.name.trim()
    if (!name) {
      problems.push({ kind: 'blankName', index })
      return
    }
    if (seen.has(name)) problems.push({ kind: 'duplicateName', name })
    seen.add(name)
    if (field.kind === 'list' && field.value !== '' && !itemsOf(field).includes(field.value)) {
      problems.push({ kind: 'valueNotInList', name })
    }
  })
  return problems
}

const flag = (value: boolean) => (value ? 'true' : 'false')

/** `customFields` of a template definition. */
export function toWireCustomFields(fields: readonly CustomField[]): {
  textCustomFields: WireCustomField[]
  listCustomFields: WireCustomField[]
} {
  const common = (field: CustomField) => ({
    name: field.name.trim(),
    value: field.value,
    show: flag(field.show),
    required: flag(field.required),
  })
  return {
    textCustomFields: fields.filter((field) => field.kind === 'text').map(common),
    listCustomFields: fields
      .filter((field) => field.kind === 'list')
      .map((field) => ({ ...common(field), listItems: itemsOf(field) })),
  }
}

const str = (value: unknown) => (typeof value === 'string' ? value : '')

/** A template's `customFields` as `GET /templates/{id}` returns them: text fields first, then lists. */
export function fromWireCustomFields(wire: unknown, newKey: () => string): CustomField[] {
  const lists = (wire ?? {}) as { textCustomFields?: WireCustomField[]; listCustomFields?: WireCustomField[] }
  const read = (kind: CustomField['kind'], field: WireCustomField): CustomField => ({
    key: newKey(),
    kind,
    name: str(field.name),
    value: str(field.value),
    listItems: Array.isArray(field.listItems) ? field.listItems.map(str) : [],
    show: field.show === 'true',
    required: field.required === 'true',
  })
  return [
    ...(lists.textCustomFields ?? []).map((field) => read('text', field)),
    ...(lists.listCustomFields ?? []).map((field) => read('list', field)),
  ]
}
