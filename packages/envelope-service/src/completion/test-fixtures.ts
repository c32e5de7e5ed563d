import { deflateSync } from 'node:zlib'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { blobIdOf } from '../documents/blobs/repository.js'
import { developmentSealP12 } from './development-seal.js'
import type { CompletionDocument, CompletionRecipient } from './model.js'
import { loadSeal, type Seal } from './seal.js'

/** Fixtures for the completion tests and benchmark: PDFs with known text, signature images, a seal. */

export const SEAL_PASSWORD = 'test seal password'

let seal: Seal | undefined
/** One development seal per process: creating it is the slow part (an RSA key). */
export function testSeal(): Seal {
  seal ??= loadSeal(developmentSealP12(SEAL_PASSWORD), SEAL_PASSWORD)
  return seal
}

/** A document to complete, with the blob id its bytes would be stored under. */
export function completionDocument(documentId: string, name: string, bytes: Uint8Array): CompletionDocument {
  return { documentId, name, bytes, blobId: blobIdOf(bytes) }
}

export interface TextLine {
  text: string
  /** Displayed top-left position of the line's baseline start, in points. */
  x: number
  baseline: number
  size?: number
}

/** A Letter PDF whose pages carry the given lines (displayed coordinates), optionally rotated. */
export async function pdfWithText(
  pages: TextLine[][],
  options: { rotate?: number } = {},
): Promise<Uint8Array> {
  const document = await PDFDocument.create()
  const font = await document.embedFont(StandardFonts.Courier)
  for (const lines of pages) {
    const page = document.addPage([612, 792])
    for (const line of lines) {
      page.drawText(line.text, { x: line.x, y: 792 - line.baseline, size: line.size ?? 12, font })
    }
    if (options.rotate) page.setRotation({ type: 'degrees', angle: options.rotate } as never)
  }
  return document.save()
}

/** A real PNG (RGBA) of `width` × `height` with a diagonal ink stroke, like a drawn signature. */
export function signaturePng(width = 300, height = 80): string {
  const raw = Buffer.alloc((width * 4 + 1) * height)
  for (let y = 0; y < height; y++) {
    const row = y * (width * 4 + 1)
    raw[row] = 0
    for (let x = 0; x < width; x++) {
      const onStroke =
        Math.abs(y - (height * x) / width) < 3 || Math.abs(y - height / 2 - 10 * Math.sin(x / 15)) < 2
      const offset = row + 1 + x * 4
      raw[offset] = 10
      raw[offset + 1] = 20
      raw[offset + 2] = 90
      raw[offset + 3] = onStroke ? 255 : 0
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 6, 0, 0, 0], 8)
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
  return `data:image/png;base64,${png.toString('base64')}`
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Buffer): number {
  let c = 0xffffffff
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

/** Two signers: one by email, one by SMS, each with a signature and a few filled tabs. */
export function twoRecipients(documentId = '1'): CompletionRecipient[] {
  const signed = new Date('2026-11-20T10:15:00Z')
  return [
    {
      recipientId: '1',
      type: 'signer',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      deliveryMethod: 'email',
      routingOrder: '1',
      status: 'completed',
      ipAddress: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
      sentAt: new Date('2026-11-20T10:00:00Z'),
      viewedAt: new Date('2026-11-20T10:05:00Z'),
      signedAt: signed,
      signatureImage: signaturePng(),
      tabs: {
        signHereTabs: [{ documentId, pageNumber: '1', xPosition: '100', yPosition: '600' }],
        textTabs: [
          {
            documentId,
            pageNumber: '1',
            xPosition: '100',
            yPosition: '200',
            value: 'ACME-42',
            tabLabel: 'ref',
          },
        ],
        dateSignedTabs: [{ documentId, pageNumber: '1', xPosition: '300', yPosition: '650' }],
        checkboxTabs: [{ documentId, pageNumber: '1', xPosition: '100', yPosition: '300', selected: 'true' }],
      },
    },
    {
      recipientId: '2',
      type: 'signer',
      name: 'José Núñez',
      phone: '+34600111222',
      deliveryMethod: 'SMS',
      routingOrder: '2',
      status: 'completed',
      ipAddress: '198.51.100.20',
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Safari/604.1',
      sentAt: new Date('2026-11-20T10:16:00Z'),
      viewedAt: new Date('2026-11-20T11:00:00Z'),
      signedAt: new Date('2026-11-20T11:02:00Z'),
      signatureImage: signaturePng(240, 60),
      authenticationEvents: [{ method: 'SMS code', result: 'passed', at: new Date('2026-11-20T10:59:00Z') }],
      tabs: {
        signHereTabs: [{ documentId, pageNumber: '1', xPosition: '350', yPosition: '600' }],
        fullNameTabs: [{ documentId, pageNumber: '1', xPosition: '350', yPosition: '680' }],
      },
    },
  ]
}
