import type { EnvelopeStatus } from 'esign-contract'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  impliedFolder,
  parseFolderId,
  placementAfterMove,
  type StoredPlacement,
  SYSTEM_FOLDERS,
  type SystemFolder,
  voidsWhenDeleted,
} from './folder.js'

const NOW = new Date('2026-11-20T10:00:00.000Z')
const STATUSES: EnvelopeStatus[] = ['created', 'sent', 'delivered', 'completed', 'declined', 'voided']
const statusArbitrary = fc.constantFrom(...STATUSES)
const folderArbitrary = fc.constantFrom(...SYSTEM_FOLDERS)
/** Placements the rules can produce: the bin always with its time, elsewhere never. */
const placementArbitrary: fc.Arbitrary<StoredPlacement> = fc.oneof(
  fc.constant({ folder: 'recyclebin' as const, deletedAt: '2026-11-01T00:00:00.000Z' }),
  fc.constantFrom<SystemFolder | null>(null, 'draft', 'inbox', 'sentitems').map((folder) => ({
    folder,
    deletedAt: null,
  })),
)

/** The test's oracle of where an envelope sits: the folder a client moved it to, else its implied one. */
const folderOf = (envelope: { status: EnvelopeStatus; folder: SystemFolder | null }) =>
  envelope.folder ?? impliedFolder(envelope.status)

describe('parseFolderId', () => {
  it('accepts the folder types in any case, with surrounding spaces', () => {
    expect(parseFolderId('RecycleBin')).toBe('recyclebin')
    expect(parseFolderId(' SENTITEMS ')).toBe('sentitems')
    expect(parseFolderId('draft')).toBe('draft')
  })

  it('refuses anything else', () => {
    for (const value of ['', 'templates', 'normal', 'recycle bin', '00000000-0000-4000-8000-000000000000']) {
      expect(parseFolderId(value)).toBeUndefined()
    }
  })
})

describe('the folder an envelope sits in', () => {
  it('is draft for drafts and sentitems for everything else when nobody moved it', () => {
    expect(STATUSES.map((status) => [status, folderOf({ status, folder: null })])).toEqual([
      ['created', 'draft'],
      ['sent', 'sentitems'],
      ['delivered', 'sentitems'],
      ['completed', 'sentitems'],
      ['declined', 'sentitems'],
      ['voided', 'sentitems'],
    ])
  })

  it('is the folder a client moved it to, whatever its status', () => {
    expect(folderOf({ status: 'created', folder: 'recyclebin' })).toBe('recyclebin')
    expect(folderOf({ status: 'completed', folder: 'inbox' })).toBe('inbox')
  })

  it('voids only envelopes in flight when they are deleted', () => {
    expect(STATUSES.filter(voidsWhenDeleted)).toEqual(['sent', 'delivered'])
  })
})

describe('placementAfterMove', () => {
  it('deletes with the time of the move and an audit entry', () => {
    expect(placementAfterMove({ folder: null, deletedAt: null }, 'completed', 'recyclebin', NOW)).toEqual({
      folder: 'recyclebin',
      deletedAt: NOW.toISOString(),
      audit: 'Deleted',
    })
  })

  it('leaves an envelope already in the bin alone, keeping its purge clock', () => {
    const inBin = { folder: 'recyclebin' as const, deletedAt: '2026-11-01T00:00:00.000Z' }
    expect(placementAfterMove(inBin, 'voided', 'recyclebin', NOW)).toBeUndefined()
  })

  it('restores to the implied folder as null, so a restored draft follows its status again', () => {
    const inBin = { folder: 'recyclebin' as const, deletedAt: '2026-11-01T00:00:00.000Z' }
    expect(placementAfterMove(inBin, 'created', 'draft', NOW)).toEqual({
      folder: null,
      deletedAt: null,
      audit: 'Restored',
    })
    expect(placementAfterMove(inBin, 'created', 'inbox', NOW)).toEqual({
      folder: 'inbox',
      deletedAt: null,
      audit: 'Restored',
    })
  })

  it('moves between the other folders without an audit entry', () => {
    expect(placementAfterMove({ folder: null, deletedAt: null }, 'sent', 'inbox', NOW)).toEqual({
      folder: 'inbox',
      deletedAt: null,
    })
    expect(placementAfterMove({ folder: null, deletedAt: null }, 'sent', 'sentitems', NOW)).toBeUndefined()
  })

  it('always leaves the envelope in the target folder, in the bin exactly when it has a purge time', () => {
    fc.assert(
      fc.property(placementArbitrary, statusArbitrary, folderArbitrary, (current, status, target) => {
        const next = placementAfterMove(current, status, target, NOW) ?? current
        expect(folderOf({ status, folder: next.folder })).toBe(target)
        expect(next.deletedAt !== null).toBe(next.folder === 'recyclebin')
        expect(next.folder).not.toBe(impliedFolder(status))
      }),
    )
  })

  it('audits exactly the moves into and out of the bin, and changes nothing when already there', () => {
    fc.assert(
      fc.property(placementArbitrary, statusArbitrary, folderArbitrary, (current, status, target) => {
        const placement = placementAfterMove(current, status, target, NOW)
        const wasDeleted = current.folder === 'recyclebin'
        const isDeleted = target === 'recyclebin'
        const expectedAudit = wasDeleted === isDeleted ? undefined : isDeleted ? 'Deleted' : 'Restored'
        expect(placement?.audit).toBe(expectedAudit)
        const alreadyThere = folderOf({ status, folder: current.folder }) === target
        expect(placement === undefined).toBe(alreadyThere && current.folder !== impliedFolder(status))
      }),
    )
  })
})
