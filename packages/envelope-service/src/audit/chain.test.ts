import { describe, expect, it } from 'vitest'
import {
  type AuditRecord,
  appendEntries,
  canonicalJson,
  chainEntry,
  describeVerification,
  GENESIS_HASH,
  verifyChain,
} from './chain.js'
import { toAuditEventsResponse } from './docusign.js'

const record = (action: string, extra: Partial<AuditRecord> = {}): Omit<AuditRecord, 'sequence'> => ({
  envelopeId: 'e1',
  loggedAt: '2026-11-22T10:00:00.000Z',
  action,
  source: 'API',
  userName: 'Sender',
  message: `${action} happened`,
  envelopeStatus: 'sent',
  ...extra,
})

const chain = () =>
  appendEntries(undefined, [
    record('Sent Invitations'),
    record('Viewed', { source: 'Web', recipientId: '1' }),
    record('Signed', { source: 'Web', recipientId: '1' }),
  ])

describe('chainEntry and appendEntries', () => {
  it('link each entry to the previous hash, starting from the genesis hash', () => {
    const entries = chain()
    expect(entries.map((entry) => entry.sequence)).toEqual([1, 2, 3])
    expect(entries[0]!.previousHash).toBe(GENESIS_HASH)
    expect(entries[1]!.previousHash).toBe(entries[0]!.hash)
    expect(entries[2]!.previousHash).toBe(entries[1]!.hash)
    expect(entries[0]!.hash).toMatch(/^[0-9a-f]{64}$/)
    expect(new Set(entries.map((entry) => entry.hash)).size).toBe(3)
  })

  it('continue an existing chain', () => {
    const first = chain()
    const more = appendEntries(first[2], [record('Completed')])
    expect(more[0]).toMatchObject({ sequence: 4, previousHash: first[2]!.hash })
    expect(verifyChain([...first, ...more])).toEqual({ ok: true, entries: 4 })
  })

  it('hash the canonical form: key order and absent fields do not matter', () => {
    const a = chainEntry(GENESIS_HASH, { ...record('Viewed'), sequence: 1, userId: undefined })
    const reordered = Object.fromEntries(Object.entries({ ...record('Viewed'), sequence: 1 }).reverse())
    const b = chainEntry(GENESIS_HASH, reordered as unknown as AuditRecord)
    expect(a.hash).toBe(b.hash)
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: undefined }] })).toBe('{"a":[{"d":2}],"b":1}')
  })
})

describe('verifyChain', () => {
  it('accepts an intact chain and an empty one', () => {
    expect(verifyChain(chain())).toEqual({ ok: true, entries: 3 })
    expect(verifyChain([])).toEqual({ ok: true, entries: 0 })
  })

  it('reports an edited entry as changed content at that entry', () => {
    const entries = chain()
    entries[1] = { ...entries[1]!, message: 'Nothing to see' }
    expect(verifyChain(entries)).toEqual({ ok: false, index: 1, sequence: 2, reason: 'content-changed' })
  })

  it('reports a removed entry as a broken link at the entry after it', () => {
    const entries = chain()
    entries.splice(1, 1)
    expect(verifyChain(entries)).toEqual({ ok: false, index: 1, sequence: 3, reason: 'broken-link' })
  })

  it('reports an entry rehashed after editing as a broken link at the next entry', () => {
    const entries = chain()
    entries[0] = chainEntry(GENESIS_HASH, { ...entries[0]!, message: 'forged' })
    expect(verifyChain(entries)).toMatchObject({ ok: false, index: 1, reason: 'broken-link' })
  })
})

describe('describeVerification', () => {
  it('says the chain is intact, or names the first broken entry and why', () => {
    expect(describeVerification('e1', verifyChain(chain()))).toBe(
      'Audit trail of envelope e1 is intact (3 entries).',
    )
    const entries = chain()
    entries[2] = { ...entries[2]!, message: 'edited' }
    expect(describeVerification('e1', verifyChain(entries))).toBe(
      'Audit trail of envelope e1 is broken at entry 3 (position 3): its content no longer matches its hash.',
    )
  })
})

describe('toAuditEventsResponse', () => {
  it("returns DocuSign's auditEvents shape with empty strings for absent values", () => {
    const [entry] = appendEntries(undefined, [record('Voided', { clientIpAddress: '127.0.0.1' })])
    const response = toAuditEventsResponse([entry!])
    const fields = Object.fromEntries(
      response.auditEvents[0]!.eventFields.map((field) => [field.name, field.value]),
    )
    expect(fields).toEqual({
      logTime: '2026-11-22T10:00:00.000Z',
      Source: 'API',
      UserName: 'Sender',
      UserId: '',
      Action: 'Voided',
      Message: 'Voided happened',
      EnvelopeStatus: 'sent',
      ClientIPAddress: '127.0.0.1',
      Information: '',
      GeoLocation: '',
      Language: 'english',
      PreviousEntryHash: GENESIS_HASH,
      EntryHash: entry!.hash,
      RecipientId: '',
    })
  })

  it('names the recipient an entry is about', () => {
    const [entry] = appendEntries(undefined, [record('Disclosure Accepted', { recipientId: '2' })])
    const fields = toAuditEventsResponse([entry!]).auditEvents[0]!.eventFields
    expect(fields.find((field) => field.name === 'RecipientId')?.value).toBe('2')
  })
})
