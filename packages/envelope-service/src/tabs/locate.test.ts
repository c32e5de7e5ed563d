import { describe, expect, it } from 'vitest'
import { fixedPosition, locatorOf } from './locate.js'

describe('fixedPosition', () => {
  it('needs a document, a page from 1 and numeric coordinates', () => {
    expect(fixedPosition({ pageNumber: '2', xPosition: '1.5', yPosition: '3' }, '4')).toEqual({
      documentId: '4',
      pageNumber: 2,
      x: 1.5,
      y: 3,
    })
    expect(fixedPosition({ pageNumber: '0', xPosition: '1', yPosition: '1' }, '1')).toBeUndefined()
    expect(fixedPosition({ pageNumber: '1', xPosition: 'left', yPosition: '1' }, '1')).toBeUndefined()
    expect(fixedPosition({ pageNumber: '1', xPosition: '1', yPosition: '1' }, undefined)).toBeUndefined()
  })
})

describe('locatorOf', () => {
  const anchors = [{ anchorString: '/sig/' }, { anchorString: '/init/', anchorXOffset: '10' }]
  const placement = (anchor: number, pageNumber: number, xPosition: number, yPosition: number) => ({
    anchor,
    pageNumber,
    xPosition,
    yPosition,
  })
  const locate = locatorOf(anchors, [
    { document: { documentId: '1' }, placements: [placement(0, 1, 72, 700), placement(1, 2, 82, 90)] },
    { document: { documentId: '2' }, placements: [placement(1, 1, 110, 40)] },
  ])

  it('places an anchor tab at each placement of its anchor, in document then page order', () => {
    expect(locate({ anchorString: '/init/', anchorXOffset: '10' }, undefined)).toEqual([
      { documentId: '1', pageNumber: 2, x: 82, y: 90 },
      { documentId: '2', pageNumber: 1, x: 110, y: 40 },
    ])
    expect(locate({ anchorString: '/sig/' }, '2')).toEqual([
      { documentId: '1', pageNumber: 1, x: 72, y: 700 },
    ])
  })

  it('places a tab whose anchor fields differ nowhere, as that anchor was not searched', () => {
    expect(locate({ anchorString: '/init/' }, '1')).toEqual([])
  })

  it('places a positioned tab at its own position, in the document it or its group names', () => {
    expect(locate({ pageNumber: '3', xPosition: '5', yPosition: '6' }, '2')).toEqual([
      { documentId: '2', pageNumber: 3, x: 5, y: 6 },
    ])
    expect(locate({ documentId: '1', pageNumber: '1', xPosition: '5', yPosition: '6' }, '2')).toEqual([
      { documentId: '1', pageNumber: 1, x: 5, y: 6 },
    ])
    expect(locate({ xPosition: '5', yPosition: '6' }, '2')).toEqual([])
  })
})
