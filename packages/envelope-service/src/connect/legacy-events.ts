import { ENVELOPE_STATUSES, RECIPIENT_STATUSES } from 'esign-contract'
import { InvalidRequestError } from 'platform'
import type { ConnectEvent } from './model.js'

/**
 * DocuSign's older Connect body names events by status instead of `events[]`: `envelopeEvents`
 * and `recipientEvents`, each item either a status string (what the SDK's ConnectCustomConfiguration
 * sends) or an object `{envelopeEventStatusCode}` / `{recipientEventStatusCode}` (the eventNotification
 * shape). Statuses are matched case-insensitively; one with no event here (e.g. `AuthenticationFailed`)
 * is refused by name rather than dropped.
 */
export type LegacyEnvelopeEvent = string | { envelopeEventStatusCode: string }
export type LegacyRecipientEvent = string | { recipientEventStatusCode: string }
type LegacyItem = string | Readonly<Record<string, unknown>>

/** A recipient's Connect events exist from `sent` on: a recipient `created` has not been invited. */
const RECIPIENT_EVENT_STATUSES = RECIPIENT_STATUSES.filter((status) => status !== 'created')

function mapStatuses(
  items: readonly LegacyItem[],
  field: 'envelopeEvents' | 'recipientEvents',
  codeField: string,
  statuses: readonly string[],
  prefix: 'envelope' | 'recipient',
): ConnectEvent[] {
  return items.map((item, index) => {
    const code = String(typeof item === 'string' ? item : item[codeField])
    const status = code.trim().toLowerCase()
    if (!statuses.includes(status)) {
      const path = typeof item === 'string' ? `${field}[${index}]` : `${field}[${index}].${codeField}`
      throw new InvalidRequestError(
        `${path} "${code}" is not a supported status; supported: ${statuses.map(capitalize).join(', ')}`,
      )
    }
    return `${prefix}-${status}` as ConnectEvent
  })
}

const capitalize = (status: string) => status.charAt(0).toUpperCase() + status.slice(1)

/** The `events[]` names that the older body's envelope and recipient statuses stand for, in order. */
export function eventsFromLegacyBody(body: {
  envelopeEvents?: readonly LegacyEnvelopeEvent[]
  recipientEvents?: readonly LegacyRecipientEvent[]
}): ConnectEvent[] {
  return [
    ...mapStatuses(
      body.envelopeEvents ?? [],
      'envelopeEvents',
      'envelopeEventStatusCode',
      ENVELOPE_STATUSES,
      'envelope',
    ),
    ...mapStatuses(
      body.recipientEvents ?? [],
      'recipientEvents',
      'recipientEventStatusCode',
      RECIPIENT_EVENT_STATUSES,
      'recipient',
    ),
  ]
}
