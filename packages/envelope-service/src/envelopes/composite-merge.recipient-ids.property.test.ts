import fc from 'fast-check'
import { InvalidRequestError } from 'platform'
import { describe, expect, it } from 'vitest'
import type { InlineDocumentContent } from './composite-layers.js'
import { mergeEnvelopeDefinition } from './composite-merge.js'
import type { EnvelopeDefinitionInput } from './schema.js'
import { signerRole, template, templateMap } from './testing/fixtures.js'

/**
 * Recipient ids over generated requests: the caller's ids are kept (as decimal text), a clash is a
 * 400 naming the id, and only recipients without an id get one, never one already in use.
 */

const documents = [{ documentId: '1', name: 'a.pdf', documentBase64: 'JVBERi0=' }]
const stored = new Map<string, InlineDocumentContent>([['documents[0]', { pages: 1, blobId: 'blob-a' }]])

/** Small numbers, some with leading zeros, so clashes and `"05"`/`"5"` happen often. */
const idArbitrary = fc.option(
  fc
    .tuple(fc.integer({ min: 0, max: 12 }), fc.constantFrom('', '0', '00'))
    .map(([n, zeros]) => `${zeros}${n}`),
  { nil: undefined, freq: 3 },
)

const recipientsArbitrary = fc.record({
  signers: fc.array(idArbitrary, { maxLength: 5 }),
  carbonCopies: fc.array(idArbitrary, { maxLength: 4 }),
  certifiedDeliveries: fc.array(idArbitrary, { maxLength: 3 }),
})

type Lists = {
  signers: Array<string | undefined>
  carbonCopies: Array<string | undefined>
  certifiedDeliveries: Array<string | undefined>
}

/** Everyone a different person, so no two are merged as the same person. */
function requestOf(lists: Lists): EnvelopeDefinitionInput {
  let n = 0
  const people = (ids: Array<string | undefined>, withTab: boolean) =>
    ids.map((recipientId) => {
      n += 1
      return {
        name: `Person ${n}`,
        email: `p${n}@example.test`,
        ...(recipientId === undefined ? {} : { recipientId }),
        ...(withTab
          ? { tabs: { signHereTabs: [{ documentId: '1', pageNumber: '1', xPosition: '1', yPosition: '1' }] } }
          : {}),
      }
    })
  return {
    status: 'created',
    documents,
    recipients: {
      signers: people(lists.signers, true),
      carbonCopies: people(lists.carbonCopies, false),
      certifiedDeliveries: people(lists.certifiedDeliveries, false),
    },
  }
}

describe('recipient ids (property)', () => {
  it("keeps every caller's id, refuses a clash, and generates unique ids for the rest", () => {
    fc.assert(
      fc.property(recipientsArbitrary, (lists) => {
        const given = [...lists.signers, ...lists.carbonCopies, ...lists.certifiedDeliveries].map((id) =>
          id === undefined ? undefined : String(Number(id)),
        )
        const named = given.filter((id): id is string => id !== undefined)
        const duplicate = named.find((id, index) => named.indexOf(id) !== index)
        const merge = () => mergeEnvelopeDefinition(requestOf(lists), new Map(), stored)
        if (duplicate !== undefined) {
          expect(merge).toThrow(InvalidRequestError)
          expect(merge).toThrow(`recipientId ${duplicate} is used by another recipient`)
          return
        }
        const ids = merge().recipients.map((recipient) => recipient.recipientId)
        expect(ids).toHaveLength(given.length)
        given.forEach((id, index) => {
          if (id !== undefined) expect(ids[index]).toBe(id)
          else expect(named).not.toContain(ids[index])
        })
        expect(new Set(ids).size).toBe(ids.length)
        for (const recipient of merge().recipients) {
          for (const tab of recipient.tabs.signHereTabs ?? [])
            expect(tab.recipientId ?? recipient.recipientId).toBe(recipient.recipientId)
        }
      }),
    )
  })

  it("keeps the inline template's ids over the server template's, whatever the template numbered", () => {
    const roles = ['A', 'B', 'C']
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 6 }).map(String), { minLength: 3, maxLength: 3 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 99 }).map(String), { minLength: 3, maxLength: 3 }),
        fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
        (templateIds, callerIds, filled) => {
          const stored = template('t', {
            documents: [{ documentId: '1' }],
            roles: roles.map((roleName, index) => ({
              ...signerRole(roleName),
              recipientId: templateIds[index] ?? '1',
            })),
          })
          const signers = roles.flatMap((roleName, index) =>
            filled[index]
              ? [{ roleName, recipientId: callerIds[index], name: roleName, email: `${roleName}@x.test` }]
              : [],
          )
          const result = mergeEnvelopeDefinition(
            {
              status: 'created',
              compositeTemplates: [
                {
                  serverTemplates: [{ sequence: '1', templateId: 't' }],
                  inlineTemplates: [{ sequence: '2', recipients: { signers } }],
                },
              ],
            },
            templateMap(stored),
            new Map(),
          )
          const ids = result.recipients.map((recipient) => recipient.recipientId)
          expect(new Set(ids).size).toBe(3)
          roles.forEach((roleName, index) => {
            const recipient = result.recipients.find((candidate) => candidate.roleName === roleName)
            if (filled[index]) expect(recipient?.recipientId).toBe(callerIds[index])
            for (const tab of recipient?.tabs.signHereTabs ?? [])
              expect(tab.recipientId).toBe(recipient?.recipientId)
          })
        },
      ),
    )
  })
})
