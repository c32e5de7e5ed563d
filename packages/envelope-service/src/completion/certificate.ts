import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib'
import { CERTIFICATE_LABELS, type CertificateLabels } from './labels.js'
import type { AgreedDisclosure, CertificateInput, CompletionRecipient } from './model.js'
import { embedDataUrlImage, encodable } from './stamping.js'

/**
 * The certificate of completion: US Letter pages, served alone (`documents/certificate`) and copied to
 * the end of the combined PDF. The envelope's summary, then one block per recipient in routing order
 * with how they were reached and each recorded event, the adopted signature beside it, then each
 * Electronic Record and Signature Disclosure its signers agreed to, as they read it.
 */

const PAGE = { width: 612, height: 792, margin: 54 }
const SIGNATURE_BOX = { width: 150, height: 45 }
const GREY = rgb(0.35, 0.35, 0.35)
const RULE = rgb(0.75, 0.75, 0.75)

interface Writer {
  document: PDFDocument
  page: PDFPage
  y: number
  regular: PDFFont
  bold: PDFFont
  characters: Set<number>
  labels: CertificateLabels
  pages: PDFPage[]
}

/** Appends the certificate's pages to `document`. */
async function appendCertificate(document: PDFDocument, input: CertificateInput): Promise<void> {
  const regular = await document.embedFont(StandardFonts.Helvetica)
  const bold = await document.embedFont(StandardFonts.HelveticaBold)
  const writer: Writer = {
    document,
    page: undefined as unknown as PDFPage,
    y: 0,
    regular,
    bold,
    characters: new Set(regular.getCharacterSet()),
    labels: CERTIFICATE_LABELS[input.language],
    pages: [],
  }
  newPage(writer)
  writeSummary(writer, input)
  const recipients = [...input.recipients].sort(
    (a, b) =>
      Number(a.routingOrder) - Number(b.routingOrder) || Number(a.recipientId) - Number(b.recipientId),
  )
  heading(writer, writer.labels.recipients)
  for (const recipient of recipients) await writeRecipient(writer, recipient)
  for (const disclosure of input.envelope.disclosures ?? []) writeDisclosure(writer, disclosure)
  writer.pages.forEach((page, index) => {
    const footer = writer.labels.page(index + 1, writer.pages.length)
    page.drawText(footer, { x: PAGE.margin, y: PAGE.margin / 2, size: 8, font: regular, color: GREY })
  })
}

/** The certificate alone, as `documents/certificate` serves it (before sealing). */
export async function createCertificatePdf(input: CertificateInput): Promise<PDFDocument> {
  const document = await PDFDocument.create()
  document.setTitle(`${CERTIFICATE_LABELS[input.language].title} ${input.envelope.envelopeId}`)
  await appendCertificate(document, input)
  return document
}

function writeSummary(writer: Writer, { envelope, documents }: CertificateInput): void {
  const { labels } = writer
  paragraph(writer, labels.title, { font: writer.bold, size: 18, gap: 10 })
  field(writer, labels.envelopeId, envelope.envelopeId)
  field(writer, labels.subject, envelope.emailSubject)
  field(writer, labels.status, labels.statusName[envelope.status] ?? envelope.status)
  if (envelope.senderName || envelope.senderEmail) {
    field(writer, labels.sender, [envelope.senderName, envelope.senderEmail].filter(Boolean).join(', '))
  }
  if (envelope.createdAt) field(writer, labels.created, timestamp(envelope.createdAt))
  if (envelope.sentAt) field(writer, labels.sent, timestamp(envelope.sentAt))
  field(writer, labels.completed, timestamp(envelope.completedAt))
  if (envelope.auditHead) {
    field(
      writer,
      labels.auditTrailField,
      labels.auditTrail(envelope.auditHead.sequence, envelope.auditHead.hash),
    )
  }
  field(
    writer,
    labels.documents,
    documents.map((document) => `${document.name} (${labels.pages(document.pages)})`).join('; '),
  )
}

async function writeRecipient(writer: Writer, recipient: CompletionRecipient): Promise<void> {
  const { labels } = writer
  const rows: [string, string][] = []
  const byEmail = recipient.deliveryMethod.toLowerCase() !== 'sms'
  if (recipient.email && byEmail) rows.push([labels.email, recipient.email])
  if (recipient.phone) rows.push([labels.phone, recipient.phone])
  rows.push([labels.deliveryMethod, recipient.deliveryMethod])
  rows.push([labels.routingOrder, recipient.routingOrder])
  rows.push([labels.status, labels.statusName[recipient.status] ?? recipient.status])
  rows.push([labels.ipAddress, recipient.ipAddress ?? labels.notRecorded])
  rows.push([labels.userAgent, recipient.userAgent ?? labels.notRecorded])
  if (recipient.sentAt) rows.push([labels.sent, timestamp(recipient.sentAt)])
  if (recipient.viewedAt) rows.push([labels.viewed, timestamp(recipient.viewedAt)])
  if (recipient.disclosureAcceptedAt) {
    rows.push([labels.disclosure, labels.disclosureAccepted(timestamp(recipient.disclosureAcceptedAt))])
  }
  if (recipient.signedAt) rows.push([labels.signed, timestamp(recipient.signedAt)])
  if (recipient.declinedAt) rows.push([labels.declined, timestamp(recipient.declinedAt)])
  if (recipient.declinedReason) rows.push([labels.declinedReason, recipient.declinedReason])
  for (const event of recipient.authenticationEvents ?? []) {
    rows.push([
      labels.authentication,
      `${event.method}: ${labels.authenticationResult[event.result]}, ${timestamp(event.at)}`,
    ])
  }
  const textWidth = PAGE.width - 2 * PAGE.margin - SIGNATURE_BOX.width - 12
  const height =
    18 + rows.reduce((sum, [, value]) => sum + 12 * wrap(writer, value, 9, textWidth - 110).length, 0)
  ensureRoom(writer, Math.max(height, SIGNATURE_BOX.height + 24) + 12)
  const top = writer.y
  const type = labels.recipientType[recipient.type] ?? recipient.type
  paragraph(writer, `${recipient.name} (${type})`, { font: writer.bold, size: 11, gap: 4 })
  for (const [label, value] of rows) field(writer, label, value, textWidth)
  if (recipient.signatureImage) await drawSignature(writer, recipient.signatureImage, top)
  writer.y = Math.min(writer.y, top - SIGNATURE_BOX.height - 24) - 6
  writer.page.drawLine({
    start: { x: PAGE.margin, y: writer.y + 4 },
    end: { x: PAGE.width - PAGE.margin, y: writer.y + 4 },
    thickness: 0.5,
    color: RULE,
  })
  writer.y -= 8
}

/** A disclosure as its signers read it: who agreed and when, its text, and the sentence they ticked. */
function writeDisclosure(writer: Writer, disclosure: AgreedDisclosure): void {
  const { labels } = writer
  heading(writer, labels.disclosures)
  field(
    writer,
    labels.agreedBy,
    disclosure.agreedBy.map((agreement) => `${agreement.name} (${timestamp(agreement.at)})`).join('; '),
  )
  writer.y -= 6
  paragraph(writer, disclosure.title, { font: writer.bold, size: 11, gap: 6 })
  for (const block of disclosure.blocks) {
    if (block.kind === 'heading') {
      // A heading keeps a few lines of its section with it, rather than ending a page alone.
      ensureRoom(writer, 50)
      paragraph(writer, block.text, { font: writer.bold, size: 9.5, gap: 3 })
    } else if (block.kind === 'item')
      paragraph(writer, block.text, { font: writer.regular, size: 9, gap: 3, bullet: true })
    else paragraph(writer, block.text, { font: writer.regular, size: 9, gap: 5 })
  }
  writer.y -= 4
  field(writer, labels.agreement, disclosure.agreement)
}

async function drawSignature(writer: Writer, dataUrl: string, top: number): Promise<void> {
  const image = await embedDataUrlImage(writer.document, dataUrl)
  const scale = Math.min(SIGNATURE_BOX.width / image.width, SIGNATURE_BOX.height / image.height)
  const x = PAGE.width - PAGE.margin - SIGNATURE_BOX.width
  writer.page.drawText(writer.labels.signature, {
    x,
    y: top - 10,
    size: 8,
    font: writer.regular,
    color: GREY,
  })
  writer.page.drawImage(image, {
    x,
    y: top - 14 - image.height * scale,
    width: image.width * scale,
    height: image.height * scale,
  })
}

function heading(writer: Writer, text: string): void {
  ensureRoom(writer, 40)
  writer.y -= 8
  paragraph(writer, text, { font: writer.bold, size: 13, gap: 8 })
}

function field(writer: Writer, label: string, value: string, width = PAGE.width - 2 * PAGE.margin): void {
  const labelWidth = 110
  const lines = wrap(writer, value, 9, width - labelWidth)
  ensureRoom(writer, 12 * lines.length)
  writer.page.drawText(encodable(label, writer.characters), {
    x: PAGE.margin,
    y: writer.y - 9,
    size: 9,
    font: writer.bold,
    color: GREY,
  })
  for (const text of lines) {
    writer.page.drawText(text, {
      x: PAGE.margin + labelWidth,
      y: writer.y - 9,
      size: 9,
      font: writer.regular,
    })
    writer.y -= 12
  }
}

/** Running text across the page's width, onto the next page when it must; a bullet indents it. */
function paragraph(
  writer: Writer,
  text: string,
  style: { font: PDFFont; size: number; gap: number; bullet?: boolean },
): void {
  const indent = style.bullet ? 12 : 0
  const lines = wrap(writer, text, style.size, PAGE.width - 2 * PAGE.margin - indent, style.font)
  lines.forEach((part, index) => {
    ensureRoom(writer, style.size + 3)
    if (style.bullet && index === 0) {
      writer.page.drawText('•', {
        x: PAGE.margin + 2,
        y: writer.y - style.size,
        size: style.size,
        font: style.font,
      })
    }
    writer.page.drawText(part, {
      x: PAGE.margin + indent,
      y: writer.y - style.size,
      size: style.size,
      font: style.font,
    })
    writer.y -= style.size + 3
  })
  writer.y -= style.gap
}

/** Breaks `text` into lines no wider than `width`, at spaces when it can and anywhere when it must. */
function wrap(writer: Writer, text: string, size: number, width: number, font = writer.regular): string[] {
  const safe = encodable(text, writer.characters)
  const lines: string[] = []
  let current = ''
  for (const word of safe.split(' ')) {
    const candidate = current ? `${current} ${word}` : word
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      current = candidate
      continue
    }
    if (current) lines.push(current)
    current = ''
    for (const character of word) {
      if (font.widthOfTextAtSize(current + character, size) > width && current) {
        lines.push(current)
        current = ''
      }
      current += character
    }
  }
  lines.push(current)
  return lines
}

function ensureRoom(writer: Writer, height: number): void {
  if (writer.y - height < PAGE.margin) newPage(writer)
}

function newPage(writer: Writer): void {
  writer.page = writer.document.addPage([PAGE.width, PAGE.height])
  writer.pages.push(writer.page)
  writer.y = PAGE.height - PAGE.margin
}

/** Times are UTC, to the second, in one unambiguous form for both languages. */
export function timestamp(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`
}
