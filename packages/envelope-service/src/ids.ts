import { randomBytes, randomUUID } from 'node:crypto'

/**
 * A new time-ordered id: a GUID of version 7 (RFC 9562), whose first 48 bits are the creation time in
 * milliseconds and the rest random (74 bits). Envelopes (DocuSign's `envelopeId` is a GUID) and their child rows, and outbox rows, are
 * keyed by it, so new ids append to the ends of those indexes instead of touching random pages: on
 * SQLite, commits and WAL checkpoints write a fraction of the pages random GUIDs would (about twice the
 * creates per second). The random bits come from `randomUUID`, which draws from a pooled buffer.
 */
export function newTimeOrderedId(now: number): string {
  const random = randomUUID()
  const time = now.toString(16).padStart(12, '0')
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(15, 18)}-${random.slice(19)}`
}

/**
 * A generator of strictly increasing ids: 12 hex digits of milliseconds, 8 of a counter within the
 * millisecond, 8 random. Connect deliveries are sent in id order per envelope and target, so ids made in
 * one millisecond must not fall in random order (as GUIDs of version 7 do). Plain lowercase hex compares
 * the same under every collation. Each job that needs the order holds its own generator.
 */
export function sequentialIds(): (now: number) => string {
  let lastMs = 0
  let counter = 0
  return (now) => {
    const ms = Math.max(now, lastMs)
    counter = ms === lastMs ? counter + 1 : 0
    lastMs = ms
    return `${ms.toString(16).padStart(12, '0')}${counter.toString(16).padStart(8, '0')}${randomBytes(4).toString('hex')}`
  }
}
