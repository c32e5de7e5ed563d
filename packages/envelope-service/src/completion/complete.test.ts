import { PDFDocument } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import {
  type AnchorPlacementCache,
  createAnchorPlacementCache,
} from '../documents/pdf-text/placement-cache.js'
import { makePdf } from '../documents/test-pdfs.js'
import { type CompleteEnvelopeInput, completeEnvelope, sealedCertificate } from './complete.js'
import type { CompletionRecipient } from './model.js'
import { completionDocument, pdfWithText, testSeal, twoRecipients } from './test-fixtures.js'
import { pdfsig, pdftotext } from './test-poppler.js'

const VALID = 'Signature Validation: Signature is Valid.'

async function envelopeInput(overrides: Partial<CompleteEnvelopeInput> = {}): Promise<CompleteEnvelopeInput> {
  const [ada, jose] = twoRecipients('1') as [CompletionRecipient, CompletionRecipient]
  // Ada also initials every "/init/" anchor, which appears only in the second document.
  ada.initialsImage = ada.signatureImage
  ada.tabs.initialHereTabs = [{ anchorString: '/init/', anchorYOffset: '14' }]
  jose.tabs.textTabs = [{ anchorString: 'Account:', anchorXOffset: '80', value: 'ES91 2100 0418' }]
  return {
    envelope: {
      envelopeId: '0193a5b2-7c1d-7000-8000-00000000beef',
      emailSubject: 'Lease for flat 3B',
      status: 'completed',
      sentAt: new Date('2026-11-20T09:59:00Z'),
      completedAt: new Date('2026-11-20T11:02:00Z'),
    },
    documents: [
      completionDocument('1', 'Lease', await makePdf(3, 'Lease')),
      completionDocument(
        '2',
        'Direct debit',
        await pdfWithText([
          [
            { text: 'Account:', x: 72, baseline: 120 },
            { text: 'Initial here /init/', x: 72, baseline: 500 },
          ],
          [{ text: 'And here /init/', x: 72, baseline: 500 }],
        ]),
      ),
    ],
    recipients: [ada, jose],
    language: 'en',
    seal: testSeal(),
    anchorPlacements: createAnchorPlacementCache(),
    ...overrides,
  }
}

/** How many images each page of a PDF draws. */
async function imagesOn(bytes: Uint8Array): Promise<number[]> {
  const document = await PDFDocument.load(bytes)
  return document.getPages().map((page) => {
    const resources = page.node.Resources()
    return resources?.toString().match(/\/Image-/g)?.length ?? 0
  })
}

describe('completeEnvelope', () => {
  it('produces a sealed combined PDF: the documents with their values, then the certificate', async () => {
    const result = await completeEnvelope(await envelopeInput())
    const combined = await PDFDocument.load(result.combinedPdf)
    expect(combined.getPageCount()).toBe(3 + 2 + 1)

    const report = await pdfsig(result.combinedPdf)
    expect(report).toContain(VALID)
    expect(report).toContain('Total document signed')

    const lease = await pdftotext(result.combinedPdf, { first: 1, last: 1 })
    expect(lease).toContain('ACME-42')
    expect(lease).toContain('11/20/2026')
    expect(lease).toContain('José Núñez')
    const debit = await pdftotext(result.combinedPdf, { first: 4, last: 4 })
    expect(debit).toContain('ES91 2100 0418')

    const certificate = await pdftotext(result.combinedPdf, { first: 6, last: 6 })
    expect(certificate).toContain('Certificate of Completion')
    expect(certificate).toContain('Ada Lovelace (Signer)')
    expect(certificate).toContain('ada@example.com')
    expect(certificate).toContain('José Núñez (Signer)')
    expect(certificate).toContain('+34600111222')
    expect(certificate).toContain('Lease (3 pages); Direct debit (2 pages)')
  })

  it('prints the envelope id at the top of every document page, in the certificate language', async () => {
    const input = await envelopeInput()
    const { envelopeId } = input.envelope
    const result = await completeEnvelope(input)
    for (const page of [1, 2, 3, 4, 5]) {
      const text = await pdftotext(result.combinedPdf, { first: page, last: page })
      expect(text.trimStart().startsWith(`Envelope Id: ${envelopeId}`), text).toBe(true)
    }
    const document = await pdftotext(result.documents[1]?.bytes as Uint8Array, { first: 2, last: 2 })
    expect(document).toContain(`Envelope Id: ${envelopeId}`)
    const spanish = await completeEnvelope({ ...input, language: 'es' })
    expect(await pdftotext(spanish.combinedPdf, { first: 1, last: 1 })).toContain(
      `Id. del sobre: ${envelopeId}`,
    )
  })

  it('prints no envelope id when envelopeIdStamping is false', async () => {
    const input = await envelopeInput()
    const result = await completeEnvelope({
      ...input,
      envelope: { ...input.envelope, envelopeIdStamping: false },
    })
    const documents = await pdftotext(result.combinedPdf, { first: 1, last: 5 })
    expect(documents).not.toContain(input.envelope.envelopeId)
    expect(documents).toContain('ES91 2100 0418')
  })

  it('draws anchor tabs at every occurrence across documents, and positioned tabs once', async () => {
    const input = await envelopeInput()
    const plain = await completeEnvelope({
      ...input,
      recipients: input.recipients.map((recipient) => ({ ...recipient, tabs: {} })),
    })
    const stamped = await completeEnvelope(input)
    // Lease page 1: two signatures; direct debit pages 1 and 2: one initials image each.
    expect((await imagesOn(stamped.combinedPdf)).slice(0, 5)).toEqual([2, 0, 0, 1, 1])
    expect((await imagesOn(plain.combinedPdf)).slice(0, 5)).toEqual([0, 0, 0, 0, 0])
  })

  it('places anchor tabs where the kept placements say, without reading the documents again', async () => {
    const input = await envelopeInput()
    const asked: string[] = []
    // The cache of a process that sent the envelope: "/init/" kept on the direct debit's second page only.
    const kept: AnchorPlacementCache = {
      async find(document, anchors) {
        asked.push(document.blobId)
        if (document.blobId !== input.documents[1]?.blobId) return []
        return anchors.map((anchor, index) => ({
          anchor: index,
          pageNumber: anchor.anchorString === '/init/' ? 2 : 1,
          xPosition: 100,
          yPosition: 200,
        }))
      },
    }
    const stamped = await completeEnvelope({ ...input, anchorPlacements: kept })
    expect(asked).toEqual(input.documents.map((document) => document.blobId))
    expect((await imagesOn(stamped.combinedPdf)).slice(0, 5)).toEqual([2, 0, 0, 0, 1])
  })

  it('seals each document and the certificate on their own', async () => {
    const result = await completeEnvelope(await envelopeInput())
    expect(result.documents.map(({ documentId, name }) => [documentId, name])).toEqual([
      ['1', 'Lease'],
      ['2', 'Direct debit'],
    ])
    for (const bytes of [...result.documents.map((document) => document.bytes), result.certificatePdf]) {
      expect(await pdfsig(bytes)).toContain(VALID)
    }
    expect((await PDFDocument.load(result.documents[1]?.bytes ?? new Uint8Array())).getPageCount()).toBe(2)
    expect(await pdftotext(result.documents[1]?.bytes ?? new Uint8Array())).toContain('ES91 2100 0418')
    const certificate = await pdftotext(result.certificatePdf)
    expect(certificate).toContain('Ada Lovelace (Signer)')
    expect(certificate).toContain('José Núñez (Signer)')
  })

  it('fails with ANCHOR_TAB_STRING_NOT_FOUND when an anchor is in no document, unless it may be absent', async () => {
    const input = await envelopeInput()
    const [ada] = input.recipients as [CompletionRecipient]
    ada.tabs.textTabs = [{ anchorString: '/nowhere/', value: 'x' }]
    await expect(completeEnvelope(input)).rejects.toMatchObject({ errorCode: 'ANCHOR_TAB_STRING_NOT_FOUND' })
    ada.tabs.textTabs = [{ anchorString: '/nowhere/', value: 'x', anchorIgnoreIfNotPresent: 'true' }]
    expect(await pdfsig((await completeEnvelope(input)).combinedPdf)).toContain(VALID)
  })

  it('refuses a tab on a document the envelope does not have', async () => {
    const input = await envelopeInput()
    const [ada] = input.recipients as [CompletionRecipient]
    ada.tabs.textTabs = [{ documentId: '9', pageNumber: '1', xPosition: '1', yPosition: '1', value: 'x' }]
    await expect(completeEnvelope(input)).rejects.toThrow('document 9')
  })
})

describe('sealedCertificate', () => {
  it('seals the certificate of an envelope still in progress', async () => {
    const input = await envelopeInput()
    const bytes = await sealedCertificate(
      {
        envelope: { ...input.envelope, status: 'sent' },
        recipients: input.recipients,
        documents: [{ name: 'Lease', pages: 3 }],
        language: 'en',
      },
      input.seal,
      new Date('2026-11-20T10:30:00Z'),
    )
    expect(await pdfsig(bytes)).toContain(VALID)
    expect(await pdftotext(bytes)).toContain('Sent')
  })
})
