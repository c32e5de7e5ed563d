import { InvalidRequestError } from 'platform'
import type { EnvelopeOrderColumn } from './repository.js'

/** DocuSign's `order_by` names this service sorts by, and the column each one reads. */
const ORDER_COLUMNS: Record<string, EnvelopeOrderColumn> = {
  status_changed: 'status_changed_at',
  created: 'created_at',
  last_modified: 'updated_at',
}

/**
 * `order` and `order_by` of `GET /envelopes`: status change time, oldest first, unless they say otherwise.
 * Anything else is refused rather than ignored, so a client never pages through an order it did not ask for.
 */
export function listOrderOf(
  order: string | undefined,
  orderBy: string | undefined,
): { by: EnvelopeOrderColumn; descending: boolean } {
  const direction = (order ?? 'asc').toLowerCase()
  if (direction !== 'asc' && direction !== 'desc') throw new InvalidRequestError('order must be asc or desc')
  const by = ORDER_COLUMNS[(orderBy ?? 'status_changed').toLowerCase()]
  if (!by) {
    throw new InvalidRequestError(`order_by must be one of ${Object.keys(ORDER_COLUMNS).join(', ')}`)
  }
  return { by, descending: direction === 'desc' }
}
