import type { customFieldsOf } from '../../envelopes/service.js'
import { LifecycleError } from '../../lifecycle/errors.js'
import type { StoredField } from '../../templates/custom-fields/rules.js'

/**
 * What envelope custom fields add to the shared rules (templates/custom-fields/rules.ts): they change
 * only on a draft or in-process envelope, and are read from the envelope's rows.
 */

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
