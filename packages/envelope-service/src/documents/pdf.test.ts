import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { decodeBase64Strict } from './pdf.js'

describe('decodeBase64Strict', () => {
  it('decodes every padding form', () => {
    for (const text of ['YWJj', 'YWJjZA==', 'YWJjZGU=']) {
      expect(Buffer.from(decodeBase64Strict(text, 'x')).toString()).toBe(
        Buffer.from(text, 'base64').toString(),
      )
    }
  })

  it('rejects misplaced or excess padding', () => {
    for (const text of ['YW=j', 'Y===', '====', 'YWJjZA=a', '=WJj', 'YWJjZ===']) {
      expect(() => decodeBase64Strict(text, 'f')).toThrow('f is not valid base64')
    }
  })

  it('rejects characters outside the standard alphabet, including URL-safe ones and whitespace', () => {
    for (const text of ['YWJ-', 'YWJ_', 'YW J', 'YWJj\r\n', 'YWJj\u0000AAA']) {
      expect(() => decodeBase64Strict(text, 'f')).toThrow('f is not valid base64')
    }
  })

  it('decodes 25 MiB without overflowing the stack, byte for byte', () => {
    const bytes = randomBytes(25 * 1024 * 1024)
    const decoded = decodeBase64Strict(bytes.toString('base64'), 'f')
    expect(decoded).toBeInstanceOf(Uint8Array)
    expect(Buffer.compare(Buffer.from(decoded), bytes)).toBe(0)
  })

  it('rejects one bad character at the end of a large text', () => {
    const text = `${randomBytes(6 * 1024 * 1024)
      .toString('base64')
      .slice(0, -4)}AAA!`
    expect(() => decodeBase64Strict(text, 'f')).toThrow('f is not valid base64')
  })
})
