import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib'
import type { DbOrTx } from '../database.js'
import { findTemplatesByName, type TemplateOwner } from './repository.js'
import type { TemplateInput } from './schema.js'
import { createTemplate } from './service.js'

/** The role every demo template shares with the CRM automation (contract: recipient rule 2). */
export const SIGNING_RECIPIENT_ROLE = 'Signing Recipient #1'
export const SERVICE_COORDINATOR_ROLE = 'Service Coordinator'

interface DemoTemplate {
  name: string
  description: string
  emailSubject: string
  emailBlurb: string
  /** One array of paragraphs per page; the last page carries the signature blocks. */
  pages: string[][]
  signatureLabels: { signer: string; coordinator: string; date: string }
}

const DEMO_TEMPLATES: DemoTemplate[] = [
  {
    name: 'Service Agreement',
    description: 'Agreement between the client and the agency for the services described.',
    emailSubject: 'Please sign your Service Agreement',
    emailBlurb: 'Please review and sign the Service Agreement for the services we discussed.',
    pages: [
      [
        'SERVICE AGREEMENT',
        'This Service Agreement is made between the client named below and the agency.',
        '1. Services. The agency will provide the services described in the case record.',
        '2. Term. This agreement starts on the date of the last signature and lasts twelve months.',
      ],
      [
        '3. Fees. Services are provided at no cost to the client unless agreed otherwise in writing.',
        '4. Confidentiality. Both parties keep the information exchanged confidential.',
        '5. Termination. Either party may end this agreement with thirty days written notice.',
      ],
      ['6. Signatures. By signing below, the parties accept the terms of this agreement.'],
    ],
    signatureLabels: {
      signer: 'Client signature',
      coordinator: 'Service coordinator signature',
      date: 'Date',
    },
  },
  {
    name: 'Autorización de Servicios',
    description: 'Autorización del cliente para la prestación de servicios (en español).',
    emailSubject: 'Por favor firme su Autorización de Servicios',
    emailBlurb: 'Por favor revise y firme la Autorización de Servicios.',
    pages: [
      [
        'AUTORIZACIÓN DE SERVICIOS',
        'Yo, el cliente abajo firmante, autorizo a la agencia a prestar los servicios descritos.',
        'Entiendo que puedo retirar esta autorización en cualquier momento por escrito.',
      ],
      [
        'Información compartida: la agencia podrá compartir la información necesaria con sus socios.',
        'Firma: al firmar, confirmo que he leído y entendido esta autorización.',
      ],
    ],
    signatureLabels: { signer: 'Firma del cliente', coordinator: 'Firma del coordinador', date: 'Fecha' },
  },
  {
    name: 'Case Intake Form',
    description: 'Intake form collecting the basic information of a new case.',
    emailSubject: 'Please complete your Case Intake Form',
    emailBlurb: 'Please review the information of your case and sign the intake form.',
    pages: [
      [
        'CASE INTAKE FORM',
        'Section A. Client information: name, address, telephone and preferred language.',
        'Section B. Reason for the request and services needed.',
      ],
      [
        'Section C. Consent. The client confirms that the information given is true and complete.',
        'Section D. Signatures of the client and the service coordinator.',
      ],
    ],
    signatureLabels: { signer: 'Client signature', coordinator: 'Coordinator signature', date: 'Date' },
  },
]

function drawParagraph(page: ReturnType<PDFDocument['addPage']>, text: string, y: number, font: PDFFont) {
  const words = text.split(' ')
  let line = ''
  let cursor = y
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word
    if (font.widthOfTextAtSize(candidate, 12) > 468 && line) {
      page.drawText(line, { x: 72, y: cursor, size: 12, font })
      cursor -= 16
      line = word
    } else {
      line = candidate
    }
  }
  if (line) page.drawText(line, { x: 72, y: cursor, size: 12, font })
  return cursor - 28
}

/** Signature blocks sit at fixed places on the last page; tabs use these top-left based coordinates. */
const SIGNER_BLOCK_Y = 560
const COORDINATOR_BLOCK_Y = 660

async function renderPdf(demo: DemoTemplate): Promise<Uint8Array> {
  const document = await PDFDocument.create()
  document.setTitle(demo.name)
  document.setProducer('Inkwell')
  const font = await document.embedFont(StandardFonts.Helvetica)
  const bold = await document.embedFont(StandardFonts.HelveticaBold)
  demo.pages.forEach((paragraphs, index) => {
    const page = document.addPage([612, 792])
    let y = 720
    paragraphs.forEach((paragraph, position) => {
      y = drawParagraph(page, paragraph, y, position === 0 && index === 0 ? bold : font)
    })
    page.drawText(`${index + 1} / ${demo.pages.length}`, { x: 540, y: 40, size: 9, font })
    if (index === demo.pages.length - 1) {
      for (const [label, top] of [
        [demo.signatureLabels.signer, SIGNER_BLOCK_Y],
        [demo.signatureLabels.coordinator, COORDINATOR_BLOCK_Y],
      ] as const) {
        const baseline = 792 - top
        page.drawLine({ start: { x: 72, y: baseline }, end: { x: 300, y: baseline }, thickness: 0.5 })
        page.drawText(label, { x: 72, y: baseline - 14, size: 9, font })
        page.drawLine({ start: { x: 360, y: baseline }, end: { x: 520, y: baseline }, thickness: 0.5 })
        page.drawText(demo.signatureLabels.date, { x: 360, y: baseline - 14, size: 9, font })
      }
    }
  })
  return document.save()
}

function signatureTabs(lastPage: number, top: number) {
  return {
    signHereTabs: [
      { documentId: '1', pageNumber: String(lastPage), xPosition: '72', yPosition: String(top - 40) },
    ],
    dateSignedTabs: [
      { documentId: '1', pageNumber: String(lastPage), xPosition: '360', yPosition: String(top - 16) },
    ],
  }
}

async function demoInput(demo: DemoTemplate): Promise<TemplateInput> {
  const lastPage = demo.pages.length
  return {
    name: demo.name,
    description: demo.description,
    shared: 'true',
    emailSubject: demo.emailSubject,
    emailBlurb: demo.emailBlurb,
    documents: [
      {
        documentId: '1',
        name: `${demo.name}.pdf`,
        fileExtension: 'pdf',
        documentBase64: Buffer.from(await renderPdf(demo)).toString('base64'),
      },
    ],
    recipients: {
      signers: [
        {
          recipientId: '1',
          roleName: SIGNING_RECIPIENT_ROLE,
          routingOrder: '1',
          tabs: signatureTabs(lastPage, SIGNER_BLOCK_Y),
        },
        {
          recipientId: '2',
          roleName: SERVICE_COORDINATOR_ROLE,
          routingOrder: '2',
          tabs: signatureTabs(lastPage, COORDINATOR_BLOCK_Y),
        },
      ],
    },
    customFields: {
      textCustomFields: [{ name: 'CrmRecordId', value: '', show: 'false', required: 'false' }],
    },
  }
}

/**
 * Creates the three demo templates in the owner's account unless templates with those names exist
 * there already; returns all three (existing or new). Shared, so every member of the account sees them.
 */
export async function ensureDemoTemplates(
  db: DbOrTx,
  owner: TemplateOwner,
  now: number,
): Promise<{ templateId: string; name: string }[]> {
  const names = DEMO_TEMPLATES.map((demo) => demo.name)
  const found = await findTemplatesByName(db, owner.accountId, names)
  for (const demo of DEMO_TEMPLATES) {
    if (found.has(demo.name)) continue
    const created = await createTemplate(db, owner, await demoInput(demo), now)
    found.set(demo.name, created.templateId)
  }
  return names.map((name) => ({ templateId: found.get(name) as string, name }))
}
