import type { Locator, Page } from 'playwright-core'

/** Shared by the template builder's browser tests: the mouse and keyboard on the builder's pages. */

type Box = { x: number; y: number; width: number; height: number }

/** Presses on `from`, moves the mouse in steps to `to` (a point in the page), releases. */
export async function dragTo(page: Page, from: Locator, to: { x: number; y: number }): Promise<void> {
  const box = (await from.boundingBox()) as Box
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width / 2 + 10, box.y + box.height / 2 + 10, { steps: 3 })
  await page.mouse.move(to.x, to.y, { steps: 8 })
  await page.mouse.up()
}

/**
 * A point on a page, `fx`/`fy` as fractions of its width and height; `documentId` picks the document when
 * several have a page of that number.
 */
export async function pointOn(
  page: Page,
  pageNumber: number,
  fx: number,
  fy: number,
  documentId?: string,
): Promise<{ x: number; y: number }> {
  const document = documentId === undefined ? '' : `[data-document="${documentId}"]`
  const surface = page.locator(`[data-page="${pageNumber}"]${document}`).first()
  await surface.scrollIntoViewIfNeeded()
  const box = (await surface.boundingBox()) as Box
  return { x: box.x + box.width * fx, y: box.y + box.height * fy }
}

/** A field's box on the page (its entry in the page's list of fields has the same name). */
export const placedField = (page: Page, name: string): Locator =>
  page.locator('[data-field]').and(page.getByRole('button', { name, exact: true }))

/** A field type in the builder's palette. */
export const paletteItem = (page: Page, name: string): Locator =>
  page.locator('.palette').getByRole('button', { name, exact: true })
