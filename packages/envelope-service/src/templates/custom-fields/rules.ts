import {
  type CustomFields as CustomFieldsInput,
  type CustomFieldsOutput,
  flagOr,
  MAX_CUSTOM_FIELDS,
} from 'esign-contract'
import { InvalidRequestError } from 'platform'

/**
 * Custom fields after creation, DocuSign's rules, for an envelope (`POST`, `PUT`, `DELETE
 * .../envelopes/{envelopeId}/custom_fields`) and a template (`.../templates/{templateId}/custom_fields`)
 * alike: every field of its owner has its own name (compared without case); the service numbers fields
 * (`fieldId`), and an update or delete names them by it. A list field's value is one of its items. Each
 * plan is all or nothing and says which fields to write; the request's order is kept. Pure: the owner's
 * write path stores what a plan says.
 */

/** Whose fields a plan changes, for its messages. */
export type FieldOwner = 'envelope' | 'template'

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

function checkListValue(field: StoredField, at: string): void {
  if (field.kind === 'list' && field.value !== '' && !field.listItems.includes(field.value)) {
    throw new InvalidRequestError(`${at}.value must be one of its listItems`)
  }
}

function checkUniqueNames(fields: readonly StoredField[], owner: FieldOwner): void {
  const seen = new Set<string>()
  for (const field of fields) {
    const key = field.name.toLowerCase()
    if (seen.has(key))
      throw new InvalidRequestError(`The ${owner} already has a custom field named ${field.name}`)
    seen.add(key)
  }
}

export function planAdd(
  existing: readonly StoredField[],
  body: CustomFieldsInput,
  owner: FieldOwner = 'envelope',
): FieldChanges {
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
      show: flagOr(field.show, false),
      required: flagOr(field.required, false),
    }
    checkListValue(stored, at)
    return stored
  })
  const all = [...existing, ...added]
  if (all.length > MAX_CUSTOM_FIELDS) {
    throw new InvalidRequestError(`A ${owner} has at most ${MAX_CUSTOM_FIELDS} custom fields`)
  }
  checkUniqueNames(all, owner)
  return { added, updated: [], deleted: [] }
}

/** The stored field a request entry names by `fieldId`, of the same kind (text or list). */
function namedField(
  existing: readonly StoredField[],
  kind: 'text' | 'list',
  field: { fieldId?: string | undefined },
  at: string,
  owner: FieldOwner,
): StoredField {
  if (field.fieldId === undefined) throw new InvalidRequestError(`${at}.fieldId is required`)
  const found = existing.find((candidate) => candidate.fieldId === field.fieldId && candidate.kind === kind)
  if (!found) {
    throw new InvalidRequestError(
      `${at}.fieldId ${field.fieldId} is not a ${kind} custom field of this ${owner}`,
    )
  }
  return found
}

function requireDistinct(entries: readonly { field: { fieldId?: string | undefined } }[]): void {
  const ids = entries.map((entry) => entry.field.fieldId)
  if (new Set(ids).size !== ids.length)
    throw new InvalidRequestError('A custom field is named more than once')
}

export function planUpdate(
  existing: readonly StoredField[],
  body: CustomFieldsInput,
  owner: FieldOwner = 'envelope',
): FieldChanges {
  requireSome(body)
  const entries = inputFields(body)
  requireDistinct(entries)
  const updated = entries.map(({ kind, field, at }): StoredField => {
    const current = namedField(existing, kind, field, at, owner)
    const changed: StoredField = {
      ...current,
      name: field.name,
      value: field.value ?? current.value,
      listItems: field.listItems !== undefined ? [...field.listItems] : current.listItems,
      show: flagOr(field.show, current.show),
      required: flagOr(field.required, current.required),
    }
    checkListValue(changed, at)
    return changed
  })
  const byId = new Map(updated.map((field) => [field.fieldId, field]))
  checkUniqueNames(
    existing.map((field) => byId.get(field.fieldId) ?? field),
    owner,
  )
  return { added: [], updated, deleted: [] }
}

export function planDelete(
  existing: readonly StoredField[],
  body: CustomFieldsInput,
  owner: FieldOwner = 'envelope',
): FieldChanges {
  requireSome(body)
  const entries = inputFields(body)
  requireDistinct(entries)
  return {
    added: [],
    updated: [],
    deleted: entries.map(({ kind, field, at }) => namedField(existing, kind, field, at, owner)),
  }
}

/**
 * Fields as the plans take them: a field keeps its `fieldId`; one stored without (a template's fields
 * written by `POST` or `PUT /templates`) gets the next number after the highest, in order, so the same
 * stored fields are always numbered alike.
 */
export function numberedFields<T extends { fieldId?: string }>(
  fields: readonly T[],
): (T & { fieldId: string })[] {
  let next = Math.max(0, ...fields.map((field) => Number(field.fieldId) || 0))
  return fields.map((field) => ({
    ...field,
    fieldId: field.fieldId ?? String(++next),
  }))
}

/** The fields a plan wrote, as answered: added, then updated, then deleted, each list in that order. */
export function changedFieldsOutput(changes: FieldChanges): CustomFieldsOutput {
  const fields = [...changes.added, ...changes.updated, ...changes.deleted]
  const common = (field: StoredField) => ({
    fieldId: field.fieldId,
    name: field.name,
    value: field.value,
    show: String(field.show),
    required: String(field.required),
  })
  return {
    textCustomFields: fields.filter((field) => field.kind === 'text').map(common),
    listCustomFields: fields
      .filter((field) => field.kind === 'list')
      .map((field) => ({ ...common(field), listItems: field.listItems })),
  }
}

/** The fields after a plan: deleted ones gone, updated ones replaced in place, added ones last. */
export function applyFieldChanges(existing: readonly StoredField[], changes: FieldChanges): StoredField[] {
  const deleted = new Set(changes.deleted.map((field) => field.fieldId))
  const updated = new Map(changes.updated.map((field) => [field.fieldId, field]))
  return [
    ...existing
      .filter((field) => !deleted.has(field.fieldId))
      .map((field) => updated.get(field.fieldId) ?? field),
    ...changes.added,
  ]
}
