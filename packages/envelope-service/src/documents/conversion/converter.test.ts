import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { AppError } from 'platform'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveAnchors } from '../../completion/anchors.js'
import { makePdf } from '../test-pdfs.js'
import { createDocumentConverter, type DocumentConverter, FORMAT_CONVERSION_ERROR } from './converter.js'
import {
  ANCHOR,
  officeSamples,
  SECOND_ANCHOR,
  sampleJpeg,
  samplePng,
  sofficeAvailable,
} from './test-files.js'

const hasSoffice = await sofficeAvailable()
if (!hasSoffice) {
  console.warn('Skipping the LibreOffice conversion tests: soffice is not installed (.ci/run installs it)')
}

/** Rejects with an AppError whose errorCode and message match. */
async function expectError(promise: Promise<unknown>, errorCode: string | undefined, message: RegExp) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(AppError)
  expect((error as AppError).statusCode).toBe(400)
  expect((error as AppError).errorCode).toBe(errorCode)
  expect((error as AppError).message).toMatch(message)
}

describe('document conversion', () => {
  let converter: DocumentConverter
  beforeAll(() => {
    converter = createDocumentConverter({
      workers: 2,
      maxWaiting: 10,
      timeoutMs: 120_000,
      sofficeCommand: 'soffice',
    })
  })
  afterAll(() => converter.close())

  it('keeps a PDF as sent, without an original', async () => {
    const pdf = await makePdf(3)
    const converted = await converter.toPdf(pdf, 'pdf', 'documents[0]')
    expect(converted.pdf).toBe(pdf)
    expect(converted.pages).toBe(3)
    expect(converted.original).toBeUndefined()
  })

  it('places a PNG and a JPEG on one Letter page and keeps the image as the original', async () => {
    const png = samplePng()
    const fromPng = await converter.toPdf(png, 'png', 'documents[0]')
    expect(fromPng.pages).toBe(1)
    expect(fromPng.original).toEqual({ bytes: png, extension: 'png' })
    expect(Buffer.from(fromPng.pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-')

    const jpeg = await sampleJpeg()
    const fromJpeg = await converter.toPdf(jpeg, 'jpg', 'documents[1]')
    expect(fromJpeg.pages).toBe(1)
    expect(fromJpeg.original?.extension).toBe('jpg')
  }, 60_000)

  it('answers 400 FORMAT_CONVERSION_ERROR for bytes that are not the image their extension says', async () => {
    await expectError(
      converter.toPdf(new TextEncoder().encode('not a picture'), 'png', 'documents[2]'),
      FORMAT_CONVERSION_ERROR,
      /^documents\[2\] could not be converted from png to PDF: not a readable PNG image$/,
    )
  })

  it('answers 400 naming the supported formats for an extension it does not accept', async () => {
    await expectError(
      converter.toPdf(new Uint8Array([1, 2, 3]), 'exe', 'documents[0]'),
      undefined,
      /^documents\[0\]\.fileExtension "exe" is not a supported document format \(supported: pdf, png, jpg, .*docx/,
    )
  })

  it('answers a clear 400 naming LibreOffice when it is not installed', async () => {
    const without = createDocumentConverter({
      workers: 1,
      maxWaiting: 1,
      timeoutMs: 10_000,
      sofficeCommand: '/nonexistent/soffice',
    })
    try {
      await expectError(
        without.toPdf(new TextEncoder().encode('hello'), 'txt', 'documents[0]'),
        FORMAT_CONVERSION_ERROR,
        /converting txt documents to PDF needs LibreOffice \("\/nonexistent\/soffice"\), which is not installed/,
      )
    } finally {
      await without.close()
    }
  })

  describe.skipIf(!hasSoffice)('with LibreOffice', () => {
    let samples: Record<string, Uint8Array>
    beforeAll(async () => {
      samples = await officeSamples('Service agreement')
    }, 300_000)

    for (const extension of ['txt', 'html', 'rtf', 'docx', 'odt', 'doc', 'xlsx']) {
      it(`converts ${extension} to a PDF whose pages carry the anchors`, async () => {
        const original = samples[extension] as Uint8Array
        const converted = await converter.toPdf(original, extension, 'documents[0]')
        expect(converted.pages).toBeGreaterThanOrEqual(1)
        expect(converted.original).toEqual({ bytes: original, extension })
        const placements = (
          await resolveAnchors(converted.pdf, [{ anchorString: ANCHOR }, { anchorString: SECOND_ANCHOR }])
        ).flat()
        expect(new Set(placements.map((placement) => placement.anchor))).toEqual(new Set([0, 1]))
      }, 120_000)
    }

    it('does not fetch the remote resources a document names', async () => {
      const requested: string[] = []
      const receiver = createServer((request, response) => {
        requested.push(request.url ?? '')
        response.writeHead(404).end()
      })
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
      const origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
      try {
        const html =
          `<html><head><link rel="stylesheet" href="${origin}/style.css"></head><body>` +
          `<p>Logo below ${ANCHOR}</p><img src="${origin}/logo.png"></body></html>`
        const converted = await converter.toPdf(new TextEncoder().encode(html), 'html', 'documents[0]')
        expect(converted.pages).toBe(1)
        expect(requested).toEqual([])
      } finally {
        await new Promise((resolve) => receiver.close(resolve))
      }
    }, 120_000)

    it('answers 400 FORMAT_CONVERSION_ERROR for a corrupt DOCX', async () => {
      const corrupt = (samples.docx as Uint8Array).slice(0, 200)
      await expectError(
        converter.toPdf(corrupt, 'docx', 'documents[1]'),
        FORMAT_CONVERSION_ERROR,
        /^documents\[1\] could not be converted from docx to PDF/,
      )
    }, 120_000)

    it('kills a conversion that exceeds the timeout and says so', async () => {
      const impatient = createDocumentConverter({
        workers: 1,
        maxWaiting: 1,
        timeoutMs: 1,
        sofficeCommand: 'soffice',
      })
      try {
        await expectError(
          impatient.toPdf(samples.txt as Uint8Array, 'txt', 'documents[0]'),
          FORMAT_CONVERSION_ERROR,
          /conversion took longer than 1 ms/,
        )
      } finally {
        await impatient.close()
      }
    }, 120_000)
  })
})
