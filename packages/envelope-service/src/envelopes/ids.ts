import { randomBytes } from 'node:crypto'

/**
 * A new envelope id: a GUID of version 7 (RFC 9562), whose first 48 bits are the creation time in
 * milliseconds and the rest random (74 bits). Envelopes and their child rows are keyed by it, so
 * time-ordered ids append to the ends of those indexes instead of touching random pages: on SQLite,
 * commits and WAL checkpoints write a fraction of the pages random GUIDs would (about twice the
 * creates per second).
 */
export function newEnvelopeId(now: number): string {
  const bytes = randomBytes(16)
  bytes.writeUIntBE(now, 0, 6)
  bytes[6] = 0x70 | ((bytes[6] as number) & 0x0f)
  bytes[8] = 0x80 | ((bytes[8] as number) & 0x3f)
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
