import fc from 'fast-check'
import { InvalidRequestError } from 'platform'
import { describe, expect, it } from 'vitest'
import type { RecipientType } from '../tabs/model.js'
import type { TemplateRole } from './model.js'
import { addRoles, RECIPIENT_ID_TAKEN, removeRoles, updateRoles } from './recipient-changes.js'

/**
 * A template's role changes over generated roles: an update answers every named role in order, changes
 * only the known roles named in their own list, and leaves the rest as stored; a delete is all or none;
 * an add refuses an id the template has.
 */

const TYPES: RecipientType[] = ['signer', 'carbonCopy', 'certifiedDelivery', 'inPersonSigner']

const rolesArbitrary = fc
  .uniqueArray(fc.integer({ min: 1, max: 8 }), { maxLength: 5 })
  .chain((ids) =>
    fc.tuple(
      fc.constant(ids),
      fc.array(fc.constantFrom(...TYPES), { minLength: ids.length, maxLength: ids.length }),
    ),
  )
  .map(([ids, types]) =>
    ids.map(
      (id, index): TemplateRole => ({
        type: types[index] as RecipientType,
        recipientId: String(id),
        roleName: `Role ${id}`,
        routingOrder: '1',
        tabs: {},
      }),
    ),
  )

const updatesArbitrary = fc.uniqueArray(
  fc.record({
    id: fc.integer({ min: 1, max: 8 }),
    type: fc.constantFrom(...TYPES),
    roleName: fc.string({ minLength: 1 }),
  }),
  { minLength: 1, maxLength: 4, selector: (update) => update.id },
)

describe('template role changes', () => {
  it('answers every named role and changes exactly the known ones named in their own list', () => {
    fc.assert(
      fc.property(rolesArbitrary, updatesArbitrary, (roles, updates) => {
        const { roles: after, results } = updateRoles(
          roles,
          updates.map((update) => ({
            recipientId: String(update.id),
            type: update.type,
            roleName: update.roleName,
          })),
        )
        expect(results.map((result) => result.recipientId)).toEqual(
          updates.map((update) => String(update.id)),
        )
        updates.forEach((update, index) => {
          const stored = roles.find((role) => role.recipientId === String(update.id))
          const expected = !stored
            ? 'UNKNOWN_ENVELOPE_RECIPIENT'
            : stored.type !== update.type
              ? 'RECIPIENT_UPDATE_FAILED'
              : undefined
          expect(results[index]?.errorDetails?.errorCode).toBe(expected)
        })
        after.forEach((role, index) => {
          const update = updates.find((candidate) => String(candidate.id) === role.recipientId)
          const applied = update !== undefined && update.type === role.type
          expect(role.roleName).toBe(applied ? update.roleName : roles[index]?.roleName)
        })
      }),
    )
  })

  it('deletes all named roles or none, and adds only new ids', () => {
    fc.assert(
      fc.property(
        rolesArbitrary,
        fc.uniqueArray(fc.integer({ min: 1, max: 8 }).map(String), { minLength: 1, maxLength: 3 }),
        (roles, ids) => {
          const known = ids.every((id) => roles.some((role) => role.recipientId === id))
          if (!known) {
            expect(() => removeRoles(roles, ids)).toThrow(InvalidRequestError)
          } else {
            const { roles: kept, removed } = removeRoles(roles, ids)
            expect(removed.map((role) => role.recipientId).sort()).toEqual([...ids].sort())
            expect(kept).toHaveLength(roles.length - ids.length)
          }
          const added = ids.map(
            (id): TemplateRole => ({
              type: 'signer',
              recipientId: id,
              roleName: 'New',
              routingOrder: '1',
              tabs: {},
            }),
          )
          const clash = ids.some((id) => roles.some((role) => role.recipientId === id))
          if (clash) {
            let error: unknown
            try {
              addRoles(roles, added)
            } catch (caught) {
              error = caught
            }
            expect((error as InvalidRequestError).errorCode).toBe(RECIPIENT_ID_TAKEN)
          } else {
            expect(addRoles(roles, added)).toHaveLength(roles.length + ids.length)
          }
        },
      ),
    )
  })
})
