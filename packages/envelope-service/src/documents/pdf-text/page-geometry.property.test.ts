import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { normaliseRotation, type PageBox, toDisplaySpace, toUserSpace } from './page-geometry.js'

const boxes = fc.record({
  x: fc.integer({ min: -500, max: 500 }),
  y: fc.integer({ min: -500, max: 500 }),
  width: fc.integer({ min: 1, max: 2000 }),
  height: fc.integer({ min: 1, max: 2000 }),
  rotation: fc.constantFrom(0, 90, 180, 270) as fc.Arbitrary<PageBox['rotation']>,
})

/** Width and height of the page as displayed: what the displayed coordinates range over. */
function displaySize(box: PageBox): { width: number; height: number } {
  const turned = box.rotation === 90 || box.rotation === 270
  return turned ? { width: box.height, height: box.width } : { width: box.width, height: box.height }
}

describe('page geometry', () => {
  it('maps displayed points to user space and back unchanged', () => {
    fc.assert(
      fc.property(
        boxes,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (box, fx, fy) => {
          const size = displaySize(box)
          const point = { x: fx * size.width, y: fy * size.height }
          const back = toDisplaySpace(box, toUserSpace(box, point))
          expect(back.x).toBeCloseTo(point.x, 6)
          expect(back.y).toBeCloseTo(point.y, 6)
        },
      ),
    )
  })

  it('keeps every displayed point of the page inside the crop box', () => {
    fc.assert(
      fc.property(
        boxes,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (box, fx, fy) => {
          const size = displaySize(box)
          const user = toUserSpace(box, { x: fx * size.width, y: fy * size.height })
          expect(user.x).toBeGreaterThanOrEqual(box.x - 1e-9)
          expect(user.x).toBeLessThanOrEqual(box.x + box.width + 1e-9)
          expect(user.y).toBeGreaterThanOrEqual(box.y - 1e-9)
          expect(user.y).toBeLessThanOrEqual(box.y + box.height + 1e-9)
        },
      ),
    )
  })

  it('puts the displayed top-left corner where a clockwise /Rotate shows it', () => {
    const box = { x: 10, y: 20, width: 600, height: 800 }
    // Unrotated: the top-left of the crop box. Turned clockwise by 90: the bottom-left comes to the top-left.
    expect(toUserSpace({ ...box, rotation: 0 }, { x: 0, y: 0 })).toEqual({ x: 10, y: 820 })
    expect(toUserSpace({ ...box, rotation: 90 }, { x: 0, y: 0 })).toEqual({ x: 10, y: 20 })
    expect(toUserSpace({ ...box, rotation: 180 }, { x: 0, y: 0 })).toEqual({ x: 610, y: 20 })
    expect(toUserSpace({ ...box, rotation: 270 }, { x: 0, y: 0 })).toEqual({ x: 610, y: 820 })
    expect(displaySize({ ...box, rotation: 90 })).toEqual({ width: 800, height: 600 })
  })

  it('normalises any multiple of 90 degrees, negative included', () => {
    expect([0, 90, 180, 270, 360, 450, -90, -180].map(normaliseRotation)).toEqual([
      0, 90, 180, 270, 0, 90, 270, 180,
    ])
  })
})
