import { type CustomFields as CustomFieldsInput, MAX_CUSTOM_FIELDS } from 'esign-contract'
import { InvalidRequestError } from 'platform'
import type { customFieldsOf } from '../../envelopes/service.js'
import { LifecycleError } from '../../lifecycle/errors.js'

/**
 * Envelope custom fields after creation (`POST`, `PUT`, `DELETE .../custom_fields`), DocuSign's rules:
 * allowed on draft and in-process envelopes; every field of an envelope has its own name; the service
 * numbers fields (`fieldId`), and an update or delete names them by it. A list field's value is one of
 * its items. Each plan is all or nothing and says which rows to write; the request's order is kept.
 */

export interface StoredField {
  fieldId: string
  kind: 'text' | 'list'
  name: string
  value: string
  listItems: string[]
  show: boolean
  required: boolean
}

export interface FieldChanges {
  added: StoredField[]
  updated: StoredField[]
  deleted: StoredField[]
}

const EDITABLE = new Set(['created', 'sent', 'delivered'])

export function checkEnvelopeEditable(status: string): void {
  if (!EDITABLE.has(status)) {
    throw new LifecycleError(
      'ENVELOPE_INVALID_STATUS',
      `Custom fields can be changed on a draft, sent or delivered envelope; this one is '${status}'.`,
    )
  }
}

export function storedFields(fields: Awaited<ReturnType<typeof customFieldsOf>>): StoredField[] {
  return [
    ...fields.textCustomFields.map((field) => ({ ...field, kind: 'text' as const, listItems: [] })),
    ...fields.listCustomFields.map((field) => ({ ...field, kind: 'list' as const })),
  ]
}

type InputField = NonNullable<CustomFieldsInput['listCustomFields']>[number] & { listItems?: string[] }

function inputFields(body: CustomFieldsInput): { kind: 'text' | 'list'; field: InputField; at: string }[] {
  return [
    ...(body.textCustomFields ?? []).map((field, n) => ({
      kind: 'text' as const,
      field: field as InputField,
      at: `textCustomFields[${n}]`,
    })),
    ...(body.listCustomFields ?? []).map((field, n) => ({
      kind: 'list' as const,
      field,
      at: `listCustomFields[${n}]`,
    })),
  ]
}

function requireSome(body: CustomFieldsInput): void {
  if (inputFields(body).length === 0) {
    throw new InvalidRequestError('Name at least one field in textCustomFields or listCustomFields')
  }
}

const flag = (value: string | undefined, current: boolean) =>
  value === undefined ? current : value === 'true'

function checkListValue(field: StoredField, at: string): void {
  if (field.kind === 'list' && field.value !== '' && !field.listItems.includes(field.value)) {
    throw new InvalidRequestError(`${at}.value must be one of its listItems`)
  }
}

function checkUniqueNames(fields: readonly StoredField[]): void {
  const seen = new Set<string>()
  for (const field of fields) {
    const key = field.name.toLowerCase()
    if (seen.has(key))
      throw new InvalidRequestError(`The envelope already has a custom field named ${field.name}`)
    seen.add(key)
  }
}

export function planAdd(existing: readonly StoredField[], body: CustomFieldsInput): FieldChanges {
  requireSome(body)
  let next = Math.max(0, ...existing.map((field) => Number(field.fieldId) || 0))
  const added = inputFields(body).map(({ kind, field, at }): StoredField => {
    if (field.fieldId !== undefined) {
      throw new InvalidRequestError(`${at}.fieldId is assigned by the service; update a field with PUT`)
    }
    if (kind === 'text' && field.listItems !== undefined) {
      throw new InvalidRequestError(`${at}.listItems belongs to listCustomFields`)
    }
    next += 1
    const stored: StoredField = {
      fieldId: String(next),
      kind,
      name: field.name,
      value: field.value ?? '',
      listItems: [...(field.listItems ?? [])],
      show: flag(field.show, false),
      required: flag(field.required, false),
    }
    checkListValue(stored, at)
    return stored
  })
  const all = [...existing, ...added]
  if (all.length > MAX_CUSTOM_FIELDS) {
    throw new InvalidRequestError(`An envelope has at most ${MAX_CUSTOM_FIELDS} custom fields`)
  }
  checkUniqueNames(all)
  return { added, updated: [], deleted: [] }
}

/** The stored field a request entry names by `fieldId`, of the same kind (text or list). */
function namedField(
  existing: readonly StoredField[],
  kind: 'text' | 'list',
  field: { fieldId?: string | undefined },
  at: string,
): StoredField {
  if (field.fieldId === undefined) throw new InvalidRequestError(`${at}.fieldId is required`)
  const found = existing.find((candidate) => candidate.fieldId === field.fieldId && candidate.kind === kind)
  if (!found) {
    throw new InvalidRequestError(
      `${at}.fieldId ${field.fieldId} is not a ${kind} custom field of this envelope`,
    )
  }
  return found
}

function requireDistinct(entries: readonly { field: { fieldId?: string | undefined } }[]): void {
  const ids = entries.map((entry) => entry.field.fieldId)
  if (new Set(ids).size !== ids.length)
    throw new InvalidRequestError('A custom field is named more than once')
}

export function planUpdate(existing: readonly StoredField[], body: CustomFieldsInput): FieldChanges {
  requireSome(body)
  const entries = inputFields(body)
  requireDistinct(entries)
  const updated = entries.map(({ kind, field, at }): StoredField => {
    const current = namedField(existing, kind, field, at)
    const changed: StoredField = {
      ...current,
      name: field.name,
      value: field.value ?? current.value,
      listItems: field.listItems !== undefined ? [...field.listItems] : current.listItems,
      show: flag(field.show, current.show),
      required: flag(field.required, current.required),
    }
    checkListValue(changed, at)
    return changed
  })
  const byId = new Map(updated.map((field) => [field.fieldId, field]))
  checkUniqueNames(existing.map((field) => byId.get(field.fieldId) ?? field))
  return { added: [], updated, deleted: [] }
}

export function planDelete(existing: readonly StoredField[], body: CustomFieldsInput): FieldChanges {
  requireSome(body)
  const entries = inputFields(body)
  requireDistinct(entries)
  return {
    added: [],
    updated: [],
    deleted: entries.map(({ kind, field, at }) => namedField(existing, kind, field, at)),
  }
}
