import fc from 'fast-check'
import { InvalidRequestError } from 'platform'
import { describe, expect, it } from 'vitest'
import { addedRecipients, RECIPIENT_ID_TAKEN } from './composite-merge.js'

/**
 * Recipients added to a stored envelope over generated ids: the caller's ids are kept (as decimal text),
 * one the envelope has is a 400 `INVALID_RECIPIENT_ID`, two alike in the request a 400, and recipients
 * without an id get the lowest numbers neither the envelope nor the request uses.
 */

const documents = [{ documentId: '1', pages: 2 }]
const idArbitrary = fc.option(fc.integer({ min: 1, max: 10 }).map(String), { nil: undefined, freq: 2 })

describe('addedRecipients', () => {
  it('keeps the caller’s ids, refuses taken ones, and numbers the rest from the lowest free', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 10 }).map(String), { maxLength: 5 }),
        fc.array(idArbitrary, { minLength: 1, maxLength: 5 }),
        (existing, ids) => {
          const signers = ids.map((recipientId, n) => ({
            name: `Person ${n}`,
            email: `p${n}@example.test`,
            ...(recipientId === undefined ? {} : { recipientId }),
            tabs: { signHereTabs: [{ documentId: '1', pageNumber: '2', xPosition: '1', yPosition: '1' }] },
          }))
          const given = ids.filter((id): id is string => id !== undefined)
          // The first id, in order, that the envelope has or the request already used decides the error.
          const seen = new Set<string>()
          const refusal = given
            .map((id) => {
              const outcome = existing.includes(id) ? 'taken' : seen.has(id) ? 'repeated' : undefined
              seen.add(id)
              return outcome
            })
            .find((outcome) => outcome !== undefined)
          const run = () => addedRecipients({ signers }, documents, new Set(existing), true)
          if (refusal !== undefined) {
            let error: unknown
            try {
              run()
            } catch (caught) {
              error = caught
            }
            expect(error).toBeInstanceOf(InvalidRequestError)
            expect((error as InvalidRequestError).errorCode === RECIPIENT_ID_TAKEN).toBe(refusal === 'taken')
            return
          }
          const added = run()
          const finalIds = added.map((recipient) => recipient.recipientId)
          ids.forEach((id, index) => {
            if (id !== undefined) expect(finalIds[index]).toBe(id)
          })
          expect(new Set([...finalIds, ...existing]).size).toBe(finalIds.length + existing.length)
          const generated = finalIds.filter((_, index) => ids[index] === undefined).map(Number)
          const used = new Set([...existing, ...given].map(Number))
          let expected = 1
          for (const id of generated) {
            while (used.has(expected)) expected += 1
            expect(id).toBe(expected)
            used.add(expected)
          }
          for (const recipient of added) {
            expect(recipient.tabs.signHereTabs?.[0]?.documentId).toBe('1')
          }
        },
      ),
    )
  })

  it('refuses a tab on a page the envelope lacks, naming it', () => {
    expect(() =>
      addedRecipients(
        {
          signers: [
            {
              name: 'A',
              email: 'a@example.test',
              tabs: { signHereTabs: [{ documentId: '1', pageNumber: '3', xPosition: '1', yPosition: '1' }] },
            },
          ],
        },
        documents,
        new Set(),
        false,
      ),
    ).toThrow(/recipients\.signers\[0\]\.tabs/)
  })
})
