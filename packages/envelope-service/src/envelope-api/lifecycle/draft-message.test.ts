import fc from 'fast-check'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makePdfBase64 } from '../../documents/test-pdfs.js'
import { LifecycleError } from '../../lifecycle/errors.js'
import {
  seedPrincipal,
  startTestService,
  type TestPrincipal,
  type TestService,
} from '../../testing/harness.js'
import { injectAs } from '../../testing/inject.js'
import { checkDraftMessageAllowed, draftMessageAudit, draftMessageOf } from './draft-message.js'

describe('the draft message rule', () => {
  it('takes exactly the fields given, and nothing when neither is', () => {
    fc.assert(
      fc.property(
        fc.option(fc.string(), { nil: undefined }),
        fc.option(fc.string(), { nil: undefined }),
        (s, b) => {
          const message = draftMessageOf({
            ...(s === undefined ? {} : { emailSubject: s }),
            ...(b === undefined ? {} : { emailBlurb: b }),
          })
          if (s === undefined && b === undefined) expect(message).toBeUndefined()
          else expect(message).toEqual({ emailSubject: s, emailBlurb: b })
        },
      ),
    )
  })

  it('allows a change on a draft only, refusing others with ENVELOPE_INVALID_STATUS', () => {
    const statuses = ['created', 'sent', 'delivered', 'completed', 'declined', 'voided']
    fc.assert(
      fc.property(fc.constantFrom(...statuses), (status) => {
        const attempt = () => checkDraftMessageAllowed(status)
        if (status === 'created') expect(attempt).not.toThrow()
        else {
          expect(attempt).toThrow(LifecycleError)
          expect(attempt).toThrow(expect.objectContaining({ errorCode: 'ENVELOPE_INVALID_STATUS' }))
        }
      }),
    )
  })

  it('audits which fields changed, never their text', () => {
    const note = draftMessageAudit({ emailSubject: 'Secret deal', emailBlurb: 'x' }, 'created')
    expect(note).toEqual({
      action: 'Draft Changed',
      envelopeStatus: 'created',
      message: "The draft's subject and message changed.",
    })
    expect(draftMessageAudit({ emailBlurb: 'x' }, 'created').message).toBe("The draft's message changed.")
  })
})

describeEachDatabase('PUT /envelopes/{envelopeId} with emailSubject and emailBlurb', (databases) => {
  let service: TestService
  let sender: TestPrincipal
  let document: string

  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl())
    sender = await seedPrincipal(service.ctx)
    document = await makePdfBase64(1)
  })
  afterAll(() => service?.close())

  const inject = (method: 'GET' | 'PUT' | 'POST', path: string, payload?: object) =>
    injectAs(service, sender, method, path, payload)

  async function createEnvelope(status: 'created' | 'sent'): Promise<string> {
    const response = await inject('POST', '/envelopes', {
      status,
      emailSubject: 'Original subject',
      emailBlurb: 'Original message',
      documents: [{ documentId: '1', name: 'Draft.pdf', fileExtension: 'pdf', documentBase64: document }],
      recipients: {
        signers: [
          {
            recipientId: '1',
            name: 'Ana Ruiz',
            email: 'ana@example.test',
            tabs: {
              signHereTabs: [{ documentId: '1', pageNumber: '1', xPosition: '100', yPosition: '100' }],
            },
          },
        ],
      },
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().envelopeId
  }

  const auditActions = async (envelopeId: string) => {
    const rows = await service.ctx.db
      .selectFrom('audit_events')
      .select('entry')
      .where('envelope_id', '=', envelopeId)
      .execute()
    return rows.map((row) => JSON.parse(row.entry).action as string)
  }

  const searchIds = async (text: string) => {
    const response = await inject(
      'GET',
      `/envelopes?from_date=2000-01-01&search_text=${encodeURIComponent(text)}`,
    )
    expect(response.statusCode, response.body).toBe(200)
    return ((response.json().envelopes ?? []) as { envelopeId: string }[]).map((item) => item.envelopeId)
  }

  it("changes a draft's subject and message, audits it and refreshes the search text", async () => {
    const envelopeId = await createEnvelope('created')
    const response = await inject('PUT', `/envelopes/${envelopeId}`, {
      emailSubject: 'Quarterly lease renewal',
      emailBlurb: 'Please review before Friday.',
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ envelopeId })
    const read = (await inject('GET', `/envelopes/${envelopeId}`)).json()
    expect(read).toMatchObject({
      status: 'created',
      emailSubject: 'Quarterly lease renewal',
      emailBlurb: 'Please review before Friday.',
    })
    expect(await auditActions(envelopeId)).toContain('Draft Changed')
    expect(await searchIds('quarterly lease')).toEqual([envelopeId])
    expect(await searchIds('Original subject')).not.toContain(envelopeId)
  })

  it('changes only the message when only emailBlurb is given', async () => {
    const envelopeId = await createEnvelope('created')
    const response = await inject('PUT', `/envelopes/${envelopeId}`, { emailBlurb: 'Only the message' })
    expect(response.statusCode, response.body).toBe(200)
    expect((await inject('GET', `/envelopes/${envelopeId}`)).json()).toMatchObject({
      emailSubject: 'Original subject',
      emailBlurb: 'Only the message',
    })
  })

  it('changes the subject and sends the draft in one call', async () => {
    const envelopeId = await createEnvelope('created')
    const response = await inject('PUT', `/envelopes/${envelopeId}`, {
      emailSubject: 'Sent with a new subject',
      status: 'sent',
    })
    expect(response.statusCode, response.body).toBe(200)
    expect((await inject('GET', `/envelopes/${envelopeId}`)).json()).toMatchObject({
      status: 'sent',
      emailSubject: 'Sent with a new subject',
    })
  })

  it('refuses a sent envelope with ENVELOPE_INVALID_STATUS and changes nothing', async () => {
    const envelopeId = await createEnvelope('sent')
    const response = await inject('PUT', `/envelopes/${envelopeId}`, { emailSubject: 'Too late' })
    expect(response.statusCode).toBe(400)
    expect(response.json().errorCode).toBe('ENVELOPE_INVALID_STATUS')
    expect((await inject('GET', `/envelopes/${envelopeId}`)).json().emailSubject).toBe('Original subject')
    expect(await auditActions(envelopeId)).not.toContain('Draft Changed')
  })

  it('refuses a message change combined with a void or a resend before storing it', async () => {
    const envelopeId = await createEnvelope('created')
    for (const [query, body] of [
      ['', { emailSubject: 'X', status: 'voided', voidedReason: 'no' }],
      ['?resend_envelope=true', { emailSubject: 'X' }],
    ] as const) {
      const response = await inject('PUT', `/envelopes/${envelopeId}${query}`, body)
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json().errorCode).toBe('INVALID_REQUEST_PARAMETER')
    }
    expect((await inject('GET', `/envelopes/${envelopeId}`)).json().emailSubject).toBe('Original subject')
  })

  it('refuses any other property with a 400 naming it, and changes nothing', async () => {
    const envelopeId = await createEnvelope('created')
    for (const body of [
      { emailSubject: 'Dropped?', brandId: 'b-1' },
      { status: 'sent', allowReassign: 'true' },
      { EmailSubject: 'Pascal', Notification: {} },
    ]) {
      const response = await inject('PUT', `/envelopes/${envelopeId}`, body)
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json().errorCode).toBe('INVALID_REQUEST_PARAMETER')
      const unsupported = Object.keys(body).find((key) => !/^(emailsubject|status)$/i.test(key))
      expect(response.json().message).toContain(`${unsupported} is not supported`)
    }
    expect((await inject('GET', `/envelopes/${envelopeId}`)).json()).toMatchObject({
      status: 'created',
      emailSubject: 'Original subject',
    })
  })

  it('refuses a subject over 100 characters', async () => {
    const envelopeId = await createEnvelope('created')
    const response = await inject('PUT', `/envelopes/${envelopeId}`, { emailSubject: 'x'.repeat(101) })
    expect(response.statusCode).toBe(400)
  })
})
