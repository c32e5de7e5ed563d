import fc from 'fast-check'
import { InvalidRequestError } from 'platform'
import { describe, expect, it } from 'vitest'
import type { TabsByType } from '../../tabs/model.js'
import type { TemplateDocument } from '../model.js'
import {
  DOCUMENT_DOES_NOT_EXIST,
  type DocumentPut,
  putDocuments,
  removeDocuments,
  tabsOnDocuments,
} from './changes.js'

/** The document-write rule over generated documents: ids kept unique, positions 1..N, tabs follow. */

const stored = (documentId: string, order: number, pages = 1): TemplateDocument => ({
  documentId,
  name: `Stored ${documentId}`,
  fileExtension: 'pdf',
  pages,
  order,
  blobId: `blob-${documentId}`,
})
const put = (documentId: string, pages = 1, order?: number): DocumentPut => ({
  documentId,
  name: `Put ${documentId}`,
  fileExtension: 'pdf',
  pages,
  blobId: `new-${documentId}`,
  ...(order !== undefined ? { order } : {}),
})
const ids = fc.uniqueArray(fc.integer({ min: 1, max: 12 }).map(String), { maxLength: 8 })
const errorOf = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected a refusal')
}

describe('putDocuments', () => {
  it('replaces documents in place, appends new ones in request order and numbers positions 1..N', () => {
    fc.assert(
      fc.property(ids, ids, (existingIds, putIds) => {
        const existing = existingIds.map((id, index) => stored(id, index + 1))
        const result = putDocuments(
          existing,
          putIds.map((id) => put(id)),
        )
        const added = putIds.filter((id) => !existingIds.includes(id))
        expect(result.map((document) => document.documentId)).toEqual([...existingIds, ...added])
        expect(result.map((document) => document.order)).toEqual(result.map((_, index) => index + 1))
        for (const document of result) {
          expect(document.blobId).toBe(
            putIds.includes(document.documentId)
              ? `new-${document.documentId}`
              : `blob-${document.documentId}`,
          )
        }
      }),
    )
  })

  it('with explicit orders, keeps every id once, numbers 1..N and keeps the others in their relative order', () => {
    fc.assert(
      fc.property(
        ids,
        ids,
        fc.array(fc.option(fc.integer({ min: 0, max: 15 }), { nil: undefined })),
        (existingIds, putIds, orders) => {
          const existing = existingIds.map((id, index) => stored(id, index + 1))
          const puts = putIds.map((id, index) => put(id, 1, orders[index]))
          const result = putDocuments(existing, puts)
          const ids = result.map((document) => document.documentId)
          expect(new Set(ids)).toEqual(new Set([...existingIds, ...putIds]))
          expect(ids).toHaveLength(new Set([...existingIds, ...putIds]).size)
          expect(result.map((document) => document.order)).toEqual(result.map((_, index) => index + 1))
          const moved = new Set(
            puts.filter((document) => document.order !== undefined).map((document) => document.documentId),
          )
          const unmoved = existingIds.filter((id) => !moved.has(id))
          expect(ids.filter((id) => unmoved.includes(id))).toEqual(unmoved)
        },
      ),
    )
  })

  it('moves a document to an explicit order', () => {
    const existing = [stored('1', 1), stored('2', 2), stored('3', 3)]
    expect(putDocuments(existing, [put('4', 1, 1)]).map((document) => document.documentId)).toEqual([
      '4',
      '1',
      '2',
      '3',
    ])
    expect(putDocuments(existing, [put('1', 1, 9)]).map((document) => document.documentId)).toEqual([
      '2',
      '3',
      '1',
    ])
  })

  it('refuses a documentId twice in one request, and more documents than the limit', () => {
    expect(errorOf(() => putDocuments([], [put('1'), put('1')]))).toBeInstanceOf(InvalidRequestError)
    const many = Array.from({ length: 50 }, (_, index) => stored(String(index + 1), index + 1))
    expect(() => putDocuments(many, [put('51')])).toThrow('at most 50')
    expect(putDocuments(many, [put('50')])).toHaveLength(50)
  })
})

describe('removeDocuments', () => {
  it('removes exactly the named documents when all exist, else refuses with DOCUMENT_DOES_NOT_EXIST', () => {
    fc.assert(
      fc.property(ids, ids, (existingIds, named) => {
        const existing = existingIds.map((id, index) => stored(id, index + 1))
        if (named.some((id) => !existingIds.includes(id))) {
          const error = errorOf(() => removeDocuments(existing, named)) as InvalidRequestError
          expect(error).toBeInstanceOf(InvalidRequestError)
          expect(error.errorCode).toBe(DOCUMENT_DOES_NOT_EXIST)
          return
        }
        const result = removeDocuments(existing, named)
        expect(result.map((document) => document.documentId)).toEqual(
          existingIds.filter((id) => !named.includes(id)),
        )
        expect(result.map((document) => document.order)).toEqual(result.map((_, index) => index + 1))
      }),
    )
  })
})

describe('tabsOnDocuments', () => {
  const sign = (documentId: string, pageNumber: string) => ({
    documentId,
    pageNumber,
    xPosition: '10',
    yPosition: '10',
  })

  it('drops exactly the tabs on documents no longer there and keeps anchor tabs', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('1', '2', '3'), { maxLength: 6 }),
        fc.subarray(['1', '2', '3']),
        (tabDocuments, kept) => {
          const tabs: TabsByType = {
            signHereTabs: tabDocuments.map((documentId) => sign(documentId, '1')),
            textTabs: [{ anchorString: '/t1/', tabLabel: 'anchored' }],
          }
          const documents = kept.map((id, index) => stored(id, index + 1))
          const result = tabsOnDocuments(tabs, documents, 'tabs')
          expect((result.signHereTabs ?? []).map((tab) => tab.documentId)).toEqual(
            tabDocuments.filter((id) => kept.includes(id)),
          )
          expect(result.textTabs).toEqual(tabs.textTabs)
        },
      ),
    )
  })

  it('refuses a tab left beyond the pages of a replaced document, naming it', () => {
    const tabs: TabsByType = { signHereTabs: [sign('1', '3')] }
    expect(tabsOnDocuments(tabs, [stored('1', 1, 3)], 'tabs')).toEqual(tabs)
    expect(() => tabsOnDocuments(tabs, [stored('1', 1, 2)], 'the tabs of recipient 1')).toThrow(
      'the tabs of recipient 1.signHereTabs[0].pageNumber 3 is outside document 1, which now has 2 page(s)',
    )
  })

  it('checks the radios of a radio group against the pages', () => {
    const tabs: TabsByType = {
      radioGroupTabs: [
        {
          documentId: '1',
          groupName: 'g',
          radios: [
            { pageNumber: '1', value: 'a' },
            { pageNumber: '2', value: 'b' },
          ],
        },
      ],
    }
    expect(() => tabsOnDocuments(tabs, [stored('1', 1, 1)], 'tabs')).toThrow('pageNumber 2')
    expect(tabsOnDocuments(tabs, [stored('2', 1, 1)], 'tabs')).toEqual({})
  })
})
