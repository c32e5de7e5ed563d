import { makePdfBase64 } from '../documents/test-pdfs.js'
import type { TestPrincipal, TestService } from './harness.js'

/** What `createSentEnvelopes` made: one entry per envelope, in no particular order. */
export interface SentEnvelope {
  index: number
  envelopeId: string
  /** The signers' addresses, by recipient id 1..n. */
  emails: string[]
}

/**
 * Creates `count` sent envelopes through the REST API, eight requests at a time (the queue-building
 * step of the process tests and the dispatch benchmark). Each has `signers` signers, all in routing
 * order 1, addressed `email(index, signer)` (signer numbers start at 1), with `emailBlurb` if given.
 */
export async function createSentEnvelopes(
  service: TestService,
  principal: TestPrincipal,
  count: number,
  options: { signers?: number; email?: (index: number, signer: number) => string; emailBlurb?: string } = {},
): Promise<SentEnvelope[]> {
  const signers = options.signers ?? 1
  const email = options.email ?? ((index, signer) => `signer-${index}-${signer}@example.test`)
  const pdf = await makePdfBase64(1, 'Sign here')
  const created: SentEnvelope[] = []
  let next = 0
  const create = async () => {
    while (next < count) {
      const index = next++
      const emails = Array.from({ length: signers }, (_, signer) => email(index, signer + 1))
      const response = await service.app.inject({
        method: 'POST',
        url: `/restapi/v2.1/accounts/${principal.accountId}/envelopes`,
        headers: principal.headers,
        payload: {
          status: 'sent',
          emailSubject: `Please sign ${index}`,
          ...(options.emailBlurb ? { emailBlurb: options.emailBlurb } : {}),
          documents: [{ documentId: '1', name: 'Doc', fileExtension: 'pdf', documentBase64: pdf }],
          recipients: {
            signers: emails.map((address, signer) => ({
              recipientId: String(signer + 1),
              routingOrder: '1',
              name: `Signer ${signer + 1}`,
              email: address,
            })),
          },
        },
      })
      if (response.statusCode !== 201) throw new Error(`creating an envelope failed: ${response.body}`)
      created.push({ index, envelopeId: response.json().envelopeId as string, emails })
    }
  }
  await Promise.all(Array.from({ length: 8 }, create))
  return created
}
