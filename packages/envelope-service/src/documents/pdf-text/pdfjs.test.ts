import { describe, expect, it } from 'vitest'
import { makePdf } from '../test-pdfs.js'

describe('loadPdfJs', () => {
  it("keeps Node's own JSON and Array#push while pdf.js works", async () => {
    const native = { stringify: JSON.stringify, parse: JSON.parse, push: Array.prototype.push }
    const { extractPageText } = await import('./page-text.js')
    const pages = await extractPageText(await makePdf(1, 'Sign here'))
    expect(pages[0]?.runs.map((run) => run.text).join(' ')).toContain('Sign here')
    expect(JSON.stringify).toBe(native.stringify)
    expect(JSON.parse).toBe(native.parse)
    expect(Array.prototype.push).toBe(native.push)
    // What Node 20 lacks stays added: pdf.js relies on it.
    expect(typeof (Promise as { withResolvers?: unknown }).withResolvers).toBe('function')
  }, 60_000)
})
