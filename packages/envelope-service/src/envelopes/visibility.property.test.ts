import fc from 'fast-check'
import { AppError } from 'platform'
import { describe, expect, it } from 'vitest'
import type { TabsByType } from '../tabs/model.js'
import { checkExclusions, documentsWithTabs, visibleDocumentIds } from './visibility.js'

/** The document visibility rule (envelopes/visibility.ts) over arbitrary envelopes. */

const documentIdsArbitrary = fc
  .integer({ min: 1, max: 8 })
  .map((count) => Array.from({ length: count }, (_, index) => String(index + 1)))

const withExclusions = documentIdsArbitrary.chain((documentIds) =>
  fc.record({
    documentIds: fc.constant(documentIds),
    excluded: fc.subarray(documentIds),
    tabbed: fc.subarray(documentIds),
    enforced: fc.boolean(),
  }),
)

const tabsOn = (documentIds: readonly string[]): TabsByType => ({
  signHereTabs: documentIds.map((documentId) => ({
    documentId,
    pageNumber: '1',
    xPosition: '1',
    yPosition: '1',
  })),
})

describe('visibleDocumentIds', () => {
  it('is every document but the excluded ones when enforced, every document otherwise, in envelope order', () => {
    fc.assert(
      fc.property(withExclusions, ({ documentIds, excluded, enforced }) => {
        const visible = visibleDocumentIds(documentIds, { excludedDocuments: excluded }, enforced)
        const expected = enforced ? documentIds.filter((id) => !excluded.includes(id)) : documentIds
        expect(visible).toEqual(expected)
      }),
    )
  })
})

describe('checkExclusions', () => {
  it('refuses exclusions without enforcement, and a tabbed excluded document with CANNOT_EXCLUDE_DOCUMENT', () => {
    fc.assert(
      fc.property(withExclusions, ({ documentIds, excluded, tabbed, enforced }) => {
        const documents = documentIds.map((documentId) => ({ documentId, name: `Doc ${documentId}` }))
        const recipient = { name: 'Ana', excludedDocuments: excluded, tabs: tabsOn(tabbed) }
        const check = () => checkExclusions([recipient], documents, enforced)
        const clash = excluded.find((id) => tabbed.includes(id))
        if (excluded.length === 0 || (enforced && clash === undefined)) {
          expect(check).not.toThrow()
          return
        }
        if (!enforced) {
          expect(check).toThrow(/enforceSignerVisibility/)
          return
        }
        let thrown: unknown
        try {
          check()
        } catch (error) {
          thrown = error
        }
        expect(thrown).toBeInstanceOf(AppError)
        expect((thrown as AppError).errorCode).toBe('CANNOT_EXCLUDE_DOCUMENT')
        expect((thrown as AppError).statusCode).toBe(400)
        expect((thrown as AppError).message).toContain('Ana cannot be excluded from Document:Doc')
      }),
    )
  })
})

describe('documentsWithTabs', () => {
  it('names the documents of positioned tabs and radios, not of anchor tabs', () => {
    expect(
      documentsWithTabs({
        textTabs: [{ documentId: '2', pageNumber: '1', xPosition: '1', yPosition: '1' }],
        radioGroupTabs: [{ groupName: 'g', radios: [{ documentId: '3', value: 'a' }] }],
        signHereTabs: [{ anchorString: '/sn1/' }],
      }),
    ).toEqual(new Set(['2', '3']))
  })
})
