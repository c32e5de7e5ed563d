import { describe, expect, it } from 'vitest'
import { createCertificatePdf } from './certificate.js'
import type { CertificateInput, CompletionRecipient } from './model.js'
import { twoRecipients } from './test-fixtures.js'
import { pdftotext } from './test-poppler.js'

const envelope = {
  envelopeId: '0193a5b2-7c1d-7000-8000-000000000001',
  emailSubject: 'Please sign: lease for flat 3B',
  status: 'completed',
  senderName: 'Landlord Ltd',
  senderEmail: 'lettings@example.com',
  sentAt: new Date('2026-11-20T09:59:00Z'),
  completedAt: new Date('2026-11-20T11:02:00Z'),
}
const input = (overrides: Partial<CertificateInput> = {}): CertificateInput => ({
  envelope,
  recipients: twoRecipients(),
  documents: [
    { name: 'Lease', pages: 8 },
    { name: 'Inventory', pages: 1 },
  ],
  language: 'en',
  ...overrides,
})

async function certificateText(certificate: CertificateInput): Promise<{ text: string; pages: number }> {
  const document = await createCertificatePdf(certificate)
  return { text: await pdftotext(await document.save()), pages: document.getPageCount() }
}

describe('certificate of completion', () => {
  it('lists the envelope and every recipient with how they were reached and what they did', async () => {
    const { text, pages } = await certificateText(input())
    expect(pages).toBe(1)
    for (const expected of [
      'Certificate of Completion',
      envelope.envelopeId,
      'Please sign: lease for flat 3B',
      'Landlord Ltd, lettings@example.com',
      'Lease (8 pages); Inventory (1 page)',
      'Completed',
      '2026-11-20 11:02:00 UTC',
      'Ada Lovelace (Signer)',
      'ada@example.com',
      '203.0.113.7',
      'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
      '2026-11-20 10:05:00 UTC',
      '2026-11-20 10:15:00 UTC',
      'José Núñez (Signer)',
      '+34600111222',
      'SMS',
      '198.51.100.20',
      'SMS code: passed, 2026-11-20 10:59:00 UTC',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected)
    }
  })

  it('shows the phone, never the placeholder email, of a recipient invited by SMS only', async () => {
    const [ada, jose] = twoRecipients()
    const smsOnly = { ...(jose as CompletionRecipient), email: 'sms-placeholder@crm.invalid' }
    const { text } = await certificateText(input({ recipients: [ada as CompletionRecipient, smsOnly] }))
    expect(text).toContain('+34600111222')
    expect(text).not.toContain('sms-placeholder@crm.invalid')
  })

  it("records when a signer agreed to the electronic record disclosure, in the envelope's language", async () => {
    const [ada, jose] = twoRecipients()
    const agreed = { ...(ada as CompletionRecipient), disclosureAcceptedAt: new Date('2026-11-20T10:04:00Z') }
    const recipients = [agreed, jose as CompletionRecipient]
    const { text } = await certificateText(input({ recipients }))
    expect(text).toContain('E-record disclosure')
    expect(text).toContain('Accepted 2026-11-20 10:04:00 UTC')
    // Only the signer who agreed has the line.
    expect(text.match(/E-record disclosure/g)).toHaveLength(1)
    const spanish = await certificateText(input({ recipients, language: 'es' }))
    expect(spanish.text).toContain('Divulgación electrónica')
    expect(spanish.text).toContain('Aceptada el 2026-11-20 10:04:00 UTC')
  })

  it('is in Spanish when the envelope is', async () => {
    const { text } = await certificateText(input({ language: 'es' }))
    for (const expected of [
      'Certificado de finalización',
      'Asunto',
      'Firmante',
      'Dirección IP',
      'Agente de usuario',
      'Firmado',
      'Visto',
      'Página 1 de 1',
      'Lease (8 páginas)',
    ]) {
      expect(text).toContain(expected)
    }
  })

  it('continues on further pages when recipients do not fit on one', async () => {
    const [ada] = twoRecipients()
    const many = Array.from({ length: 12 }, (_, index) => ({
      ...(ada as CompletionRecipient),
      recipientId: String(index + 1),
      routingOrder: String(index + 1),
      name: `Signer number ${index + 1}`,
    }))
    const { text, pages } = await certificateText(input({ recipients: many }))
    expect(pages).toBeGreaterThan(1)
    for (let index = 1; index <= 12; index++) expect(text).toContain(`Signer number ${index} (Signer)`)
    expect(text).toContain(`Page ${pages} of ${pages}`)
  })

  it('records declines with their reason and wraps long values', async () => {
    const [ada] = twoRecipients()
    const declined: CompletionRecipient = {
      ...(ada as CompletionRecipient),
      status: 'declined',
      signedAt: undefined,
      declinedAt: new Date('2026-11-21T08:00:00Z'),
      declinedReason: 'The rent in clause 4 is not what we agreed',
      userAgent: `Mozilla/5.0 ${'VeryLongToken'.repeat(20)}`,
    }
    const { text } = await certificateText(
      input({ envelope: { ...envelope, status: 'declined' }, recipients: [declined] }),
    )
    expect(text).toContain('Declined')
    expect(text).toContain('2026-11-21 08:00:00 UTC')
    expect(text).toContain('The rent in clause 4 is not what we agreed')
    expect(text.replace(/\s+/g, '')).toContain('VeryLongToken'.repeat(20))
  })
})
