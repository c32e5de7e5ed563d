import { randomUUID } from 'node:crypto'

/**
 * A new time-ordered id: a GUID of version 7 (RFC 9562), whose first 48 bits are the creation time in
 * milliseconds and the rest random (74 bits). Envelopes and their child rows, and outbox rows, are
 * keyed by it, so new ids append to the ends of those indexes instead of touching random pages: on
 * SQLite, commits and WAL checkpoints write a fraction of the pages random GUIDs would (about twice the
 * creates per second). The random bits come from `randomUUID`, which draws from a pooled buffer.
 */
export function newTimeOrderedId(now: number): string {
  const random = randomUUID()
  const time = now.toString(16).padStart(12, '0')
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(15, 18)}-${random.slice(19)}`
}

/** A new envelope id (DocuSign's `envelopeId` is a GUID): time-ordered, see `newTimeOrderedId`. */
export const newEnvelopeId = newTimeOrderedId
