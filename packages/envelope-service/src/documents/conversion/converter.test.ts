import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { AppError } from 'platform'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveAnchors } from '../pdf-text/test-anchors.js'
import { makePdf } from '../test-pdfs.js'
import { createDocumentConverter, type DocumentConverter, FORMAT_CONVERSION_ERROR } from './converter.js'
import { chooseSandbox } from './sandbox.js'
import {
  ANCHOR,
  convertSample,
  libreOfficeWithoutImpress,
  odfPackage,
  officeSamples,
  pdfImageCount,
  presentationSamples,
  SECOND_ANCHOR,
  sampleJpeg,
  samplePng,
  sofficeAvailable,
} from './test-files.js'

const hasSoffice = await sofficeAvailable()
if (!hasSoffice) {
  console.warn('Skipping the LibreOffice conversion tests: soffice is not installed (.ci/run installs it)')
}
/** As the service runs by default: in the sandbox wherever bwrap works (sandbox.test.ts checks it does). */
const { sandbox } = await chooseSandbox('auto')

async function expectAnchorsOnPages(pdf: Uint8Array) {
  const placements = (
    await resolveAnchors(pdf, [{ anchorString: ANCHOR }, { anchorString: SECOND_ANCHOR }])
  ).flat()
  expect(new Set(placements.map((placement) => placement.anchor))).toEqual(new Set([0, 1]))
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
      sandbox,
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
      sandbox,
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
        await expectAnchorsOnPages(converted.pdf)
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

    describe('presentations, through LibreOffice Impress', () => {
      let presentations: Record<string, Uint8Array>
      beforeAll(async () => {
        presentations = await presentationSamples('Board presentation')
      }, 300_000)

      for (const extension of ['pptx', 'ppt', 'odp', 'ppsx', 'pps']) {
        it(`converts ${extension} to a PDF whose pages carry the anchors`, async () => {
          const original = presentations[extension] as Uint8Array
          const converted = await converter.toPdf(original, extension, 'documents[0]')
          expect(converted.pages).toBe(1)
          expect(converted.original).toEqual({ bytes: original, extension })
          await expectAnchorsOnPages(converted.pdf)
        }, 120_000)
      }

      it('answers a clear 400 naming Impress and the format when LibreOffice has no Impress', async () => {
        const dir = await mkdtemp(join(tmpdir(), 'esign-no-impress-'))
        const withoutImpress = await libreOfficeWithoutImpress(join(dir, 'libreoffice'))
        if (withoutImpress === undefined) return
        const writerOnly = createDocumentConverter({
          workers: 1,
          maxWaiting: 1,
          timeoutMs: 120_000,
          sofficeCommand: withoutImpress,
          sandbox,
        })
        try {
          // The same installation still converts text: only Impress is missing.
          const text = await writerOnly.toPdf(samples.txt as Uint8Array, 'txt', 'documents[0]')
          expect(text.pages).toBe(1)
          await expectError(
            writerOnly.toPdf(presentations.pptx as Uint8Array, 'pptx', 'documents[1]'),
            FORMAT_CONVERSION_ERROR,
            /^documents\[1\]: converting pptx documents to PDF needs LibreOffice Impress, which is not installed on this server/,
          )
        } finally {
          await writerOnly.close()
          await rm(dir, { recursive: true, force: true })
        }
      }, 240_000)

      it('still calls a corrupt presentation unreadable where Impress is installed', async () => {
        await expectError(
          converter.toPdf((presentations.pptx as Uint8Array).slice(0, 300), 'pptx', 'documents[0]'),
          FORMAT_CONVERSION_ERROR,
          /^documents\[0\] could not be converted from pptx to PDF/,
        )
      }, 120_000)
    })

    /**
     * A PNG the test writes to a temporary file, named by documents the way an uploader could name any
     * file of the server. Each case first converts the document with LibreOffice directly (as before
     * the documents were cleaned) to show that the image would end up in the PDF.
     */
    describe('local files named by a document', () => {
      let dir: string
      let secretUrl: string
      const inlinePng = `data:image/png;base64,${Buffer.from(samplePng(40, 20)).toString('base64')}`
      beforeAll(async () => {
        dir = await mkdtemp(join(tmpdir(), 'esign-local-file-'))
        await writeFile(join(dir, 'secret.png'), samplePng())
        secretUrl = pathToFileURL(join(dir, 'secret.png')).href
      })
      afterAll(() => rm(dir, { recursive: true, force: true }))

      const leakyHtml = () =>
        `<html><head><style>h1 { background-image: url(${secretUrl}) }</style>` +
        `<link rel="stylesheet" href="${secretUrl.replace('file:', 'FiLe:')}"></head>` +
        `<body background="${secretUrl}"><h1>Terms</h1><p>Signed by the client: ${ANCHOR}</p>` +
        `<img src="${secretUrl.replace('file:', '&#102;ile:')}"><img src=" \t${secretUrl}">` +
        `<table background="${secretUrl}"><tr><td style="background: url('${secretUrl}')">cell</td></tr></table>` +
        `<iframe src="${secretUrl}"></iframe></body></html>`

      it('leaves out every file: image of an HTML document', async () => {
        const html = new TextEncoder().encode(leakyHtml())
        expect(
          await pdfImageCount(await convertSample({ extension: 'html', content: html }, 'pdf')),
        ).toBeGreaterThan(0)
        const converted = await converter.toPdf(html, 'html', 'documents[0]')
        expect(await pdfImageCount(converted.pdf)).toBe(0)
        await expect(resolveAnchors(converted.pdf, [{ anchorString: ANCHOR }])).resolves.toHaveLength(1)
        expect(converted.original?.bytes).toBe(html)
      }, 240_000)

      it('keeps an image sent inline as a data: URL', async () => {
        const html = `<html><body><p>Logo ${ANCHOR}</p><img src="${inlinePng}"></body></html>`
        const converted = await converter.toPdf(new TextEncoder().encode(html), 'html', 'documents[0]')
        expect(await pdfImageCount(converted.pdf)).toBe(1)
      }, 120_000)

      it('leaves out the image a DOCX links to by an external relationship', async () => {
        const docx = await convertSample(
          {
            extension: 'html',
            content: `<html><body><p>${ANCHOR}</p><img src="${secretUrl}"></body></html>`,
          },
          'docx',
          'MS Word 2007 XML',
        )
        expect(await pdfImageCount(await convertSample({ extension: 'docx', content: docx }, 'pdf'))).toBe(1)
        const converted = await converter.toPdf(docx, 'docx', 'documents[0]')
        expect(await pdfImageCount(converted.pdf)).toBe(0)
        await expect(resolveAnchors(converted.pdf, [{ anchorString: ANCHOR }])).resolves.toHaveLength(1)
      }, 240_000)

      it('leaves out the image and the background an ODT links to', async () => {
        const odt = odfPackage(
          'application/vnd.oasis.opendocument.text',
          `<office:text><text:p text:style-name="P1">Signed by the client: ${ANCHOR}</text:p>` +
            `<text:p><draw:frame svg:width="4cm" svg:height="2cm"><draw:image xlink:href="${secretUrl}"/></draw:frame></text:p></office:text>`,
          '<style:style style:name="P1" style:family="paragraph"><style:paragraph-properties>' +
            `<style:background-image xlink:href="${secretUrl.replace('file:', 'file&#x3a;')}" style:repeat="repeat"/>` +
            '</style:paragraph-properties></style:style>',
        )
        expect(
          await pdfImageCount(await convertSample({ extension: 'odt', content: odt }, 'pdf')),
        ).toBeGreaterThan(1)
        const converted = await converter.toPdf(odt, 'odt', 'documents[0]')
        expect(await pdfImageCount(converted.pdf)).toBe(0)
        await expect(resolveAnchors(converted.pdf, [{ anchorString: ANCHOR }])).resolves.toHaveLength(1)
      }, 240_000)

      it('refuses an HTML page named as a Word document instead of letting LibreOffice read it as HTML', async () => {
        await expectError(
          converter.toPdf(new TextEncoder().encode(leakyHtml()), 'doc', 'documents[2]'),
          FORMAT_CONVERSION_ERROR,
          /^documents\[2\] could not be converted from doc to PDF: it is not a doc document$/,
        )
      })
    })

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
        sandbox,
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
