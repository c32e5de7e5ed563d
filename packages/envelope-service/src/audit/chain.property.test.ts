import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type AuditRecord,
  appendEntries,
  type ChainedAuditRecord,
  canonicalJson,
  verifyChain,
} from './chain.js'

const recordArbitrary: fc.Arbitrary<Omit<AuditRecord, 'sequence'>> = fc.record(
  {
    envelopeId: fc.uuid(),
    loggedAt: fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    action: fc.constantFrom('Sent Invitations', 'Viewed', 'Signed', 'Declined', 'Voided'),
    source: fc.constantFrom('API', 'Web', 'System'),
    userName: fc.string(),
    userId: fc.uuid(),
    recipientId: fc.nat(9).map(String),
    message: fc.string(),
    envelopeStatus: fc.constantFrom('sent', 'delivered', 'completed'),
    clientIpAddress: fc.ipV4(),
    userAgent: fc.string(),
    information: fc.string(),
  },
  { requiredKeys: ['envelopeId', 'loggedAt', 'action', 'source', 'userName', 'message', 'envelopeStatus'] },
)

const FIELDS = [
  'envelopeId',
  'sequence',
  'loggedAt',
  'action',
  'source',
  'userName',
  'userId',
  'recipientId',
  'message',
  'envelopeStatus',
  'clientIpAddress',
  'userAgent',
  'information',
  'previousHash',
  'hash',
] as const

/** A different value for the field: numbers move, strings change (hex hashes stay hex), absent ones appear. */
function mutated(
  entry: ChainedAuditRecord,
  field: (typeof FIELDS)[number],
  suffix: string,
): ChainedAuditRecord {
  const value = entry[field]
  if (typeof value === 'number') return { ...entry, [field]: value + 1 }
  if (field === 'hash' || field === 'previousHash') {
    const flipped = (value as string)[0] === 'a' ? 'b' : 'a'
    return { ...entry, [field]: flipped + (value as string).slice(1) }
  }
  return { ...entry, [field]: `${value ?? ''}${suffix}` }
}

describe('audit chain properties', () => {
  it('detects any single-field change at exactly the changed entry', () => {
    fc.assert(
      fc.property(
        fc.array(recordArbitrary, { minLength: 1, maxLength: 8 }),
        fc.nat(),
        fc.constantFrom(...FIELDS),
        fc.string({ minLength: 1 }),
        (records, pick, field, suffix) => {
          const entries = appendEntries(undefined, records)
          expect(verifyChain(entries).ok).toBe(true)
          const index = pick % entries.length
          const tampered = [...entries]
          tampered[index] = mutated(entries[index]!, field, suffix)
          const result = verifyChain(tampered)
          expect(result.ok).toBe(false)
          if (!result.ok) expect(result.index).toBe(index)
        },
      ),
    )
  })

  it('serializes exactly as the first implementation did, so stored chains keep verifying', () => {
    // The implementation the stored hashes were computed with, kept here as the reference.
    const reference = (value: unknown): string => {
      if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`
      if (value !== null && typeof value === 'object') {
        const fields = Object.entries(value)
          .filter(([, field]) => field !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([key, field]) => `${JSON.stringify(key)}:${reference(field)}`)
        return `{${fields.join(',')}}`
      }
      return JSON.stringify(value)
    }
    const withUndefined = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue({ maxDepth: 2 }),
        fc.constant(undefined),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(fc.string(), tie('value'), { maxKeys: 5 }),
      ),
    })).value
    fc.assert(
      fc.property(withUndefined, (value) => {
        expect(canonicalJson(value)).toBe(reference(value))
      }),
      { numRuns: 500 },
    )
  })
})
