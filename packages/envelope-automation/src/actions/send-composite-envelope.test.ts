import type { EnvelopeDefinition } from 'esign-contract'
import { beforeEach, describe, expect, it } from 'vitest'
import { EnvelopeApiError } from '../client/errors.js'
import { BODY_DIVIDER } from '../composition/body.js'
import { InvalidPhoneError, MessageLockedError } from '../errors.js'
import { PLACEHOLDER_EMAIL } from '../recipients/placeholder-email.js'
import { inMemoryCases, TEST_CASES, TEST_CONTACTS } from '../testing/in-memory-cases.js'
import { sendCompositeEnvelope } from './send-composite-envelope.js'

const BLURBS: Record<string, string> = { 'tpl-a': 'Body of A.', 'tpl-b': 'Body of B.', 'tpl-c': '' }
/** Templates that lock their subject and message (DocuSign's `messageLock`). */
const LOCKED: Record<string, object> = {
  'tpl-locked': { name: 'Legal wording', messageLock: 'true', emailSubject: 'Wording by Legal' },
  'tpl-lock-no-subject': { messageLock: 'true', emailSubject: '' },
}

function fakeEsign(options: { fail?: EnvelopeApiError } = {}) {
  const created: EnvelopeDefinition[] = []
  const templateReads: string[] = []
  return {
    accountId: 'acc-1',
    created,
    templateReads,
    getTemplate: async (templateId: string) => {
      templateReads.push(templateId)
      return { templateId, emailBlurb: BLURBS[templateId] ?? '', ...LOCKED[templateId] } as never
    },
    createEnvelope: async (definition: EnvelopeDefinition) => {
      if (options.fail) throw options.fail
      created.push(definition)
      return { envelopeId: `env-${created.length}`, uri: '', statusDateTime: '', status: 'sent' }
    },
  }
}

let cases: ReturnType<typeof inMemoryCases>
beforeEach(() => {
  cases = inMemoryCases(TEST_CASES, TEST_CONTACTS)
})

describe('Send_Composite_Envelope', () => {
  it('builds one composite per chosen template in order: server sequence "1", inline sequence "2", status sent', async () => {
    const esign = fakeEsign()
    const result = await sendCompositeEnvelope(
      { cases, esign },
      { caseId: 'case-email', templateIds: ['tpl-b', 'tpl-a'], subjectText: 'Please sign' },
    )
    expect(result).toEqual({ envelopeId: 'env-1' })
    expect(esign.created).toHaveLength(1)
    const [definition] = esign.created as [EnvelopeDefinition]
    expect(definition.status).toBe('sent')
    expect(definition.compositeTemplates?.map((composite) => composite.serverTemplates)).toEqual([
      [{ sequence: '1', templateId: 'tpl-b' }],
      [{ sequence: '1', templateId: 'tpl-a' }],
    ])
    expect(definition.compositeTemplates?.map((composite) => composite.compositeTemplateId)).toEqual([
      '1',
      '2',
    ])
    for (const composite of definition.compositeTemplates ?? []) {
      expect(composite.inlineTemplates).toHaveLength(1)
      const [inline] = composite.inlineTemplates ?? []
      expect(inline?.sequence).toBe('2')
      expect(inline?.recipients?.signers?.map((signer) => signer.roleName)).toEqual([
        'Signing Recipient #1',
        'Service Coordinator',
      ])
      expect(inline?.customFields?.textCustomFields).toEqual([
        { name: 'CrmRecordId', value: 'case-email', show: 'false', required: 'false' },
        { name: 'CaseNumber', value: '00001001', show: 'false', required: 'false' },
      ])
    }
  })

  it('leaves the subject and message to a template that locks them when no subject is typed', async () => {
    const esign = fakeEsign()
    const send = (templateIds: string[], subjectText: string) =>
      sendCompositeEnvelope({ cases, esign }, { caseId: 'case-email', templateIds, subjectText })
    await send(['tpl-a', 'tpl-locked'], '  ')
    expect(esign.created[0]).not.toHaveProperty('emailSubject')
    expect(esign.created[0]).not.toHaveProperty('emailBlurb')
    expect(esign.created[0]?.compositeTemplates).toHaveLength(2)
    // A typed subject cannot be used: refused before anything is sent or recorded, naming the template.
    const refused = send(['tpl-a', 'tpl-locked'], 'Please sign')
    await expect(refused).rejects.toBeInstanceOf(MessageLockedError)
    await expect(refused).rejects.toMatchObject({ code: 'MESSAGE_LOCKED', templateName: 'Legal wording' })
    expect(esign.created).toHaveLength(1)
    expect(cases.envelopes).toHaveLength(1)
    // A lock without a subject lets the sender write one, as the service does.
    await send(['tpl-lock-no-subject'], '')
    expect(esign.created[1]?.emailSubject).toBe('Inkwell: Documents for your signature')
  })

  it('recipient rule 1: fills the roles identically in every composite, so the service merges each into one signer', async () => {
    const esign = fakeEsign()
    await sendCompositeEnvelope(
      { cases, esign },
      { caseId: 'case-email', templateIds: ['tpl-a', 'tpl-b', 'tpl-c'], subjectText: 'x' },
    )
    const signerLists = esign.created[0]?.compositeTemplates?.map(
      (composite) => composite.inlineTemplates?.[0]?.recipients?.signers,
    )
    expect(signerLists).toHaveLength(3)
    for (const signers of signerLists ?? []) expect(signers).toEqual(signerLists?.[0])
    expect(signerLists?.[0]?.map((signer) => [signer.roleName, signer.routingOrder])).toEqual([
      ['Signing Recipient #1', '1'],
      ['Service Coordinator', '2'],
    ])
  })

  it('composes the subject and the body from the templates in the chosen order', async () => {
    const esign = fakeEsign()
    await sendCompositeEnvelope(
      { cases, esign },
      { caseId: 'case-email', templateIds: ['tpl-b', 'tpl-c', 'tpl-a'], subjectText: 'Please sign' },
    )
    const [definition] = esign.created as [EnvelopeDefinition]
    expect(definition.emailSubject).toBe('Inkwell: Please sign')
    expect(definition.emailBlurb).toContain(`Body of B.${BODY_DIVIDER}Body of A.`)
    expect(definition.emailBlurb?.startsWith('Hello,')).toBe(true)
  })

  it('records the envelope on the case after the service created it', async () => {
    const esign = fakeEsign()
    await sendCompositeEnvelope(
      { cases, esign, now: () => Date.parse('2026-11-22T10:00:00Z') },
      { caseId: 'case-email', templateIds: ['tpl-a'], subjectText: 'x' },
    )
    expect(cases.envelopes).toEqual([
      {
        caseId: 'case-email',
        envelopeId: 'env-1',
        accountId: 'acc-1',
        status: 'sent',
        sentAt: '2026-11-22T10:00:00.000Z',
        completedAt: null,
        updatedAt: '2026-11-22T10:00:00.000Z',
      },
    ])
  })

  it('passes recipientSmsPhone to recipient 1 with the placeholder email for a contact without one', async () => {
    const esign = fakeEsign()
    await sendCompositeEnvelope(
      { cases, esign },
      {
        caseId: 'case-no-email',
        templateIds: ['tpl-a'],
        subjectText: 'x',
        recipientSmsPhone: '+14155552671',
      },
    )
    const signer = esign.created[0]?.compositeTemplates?.[0]?.inlineTemplates?.[0]?.recipients?.signers?.[0]
    expect(signer).toEqual({
      roleName: 'Signing Recipient #1',
      routingOrder: '1',
      name: 'Luis Pérez',
      email: PLACEHOLDER_EMAIL,
      deliveryMethod: 'SMS',
      phoneNumber: { countryCode: '1', number: '4155552671' },
    })
  })

  it('uses the case language when the input has none, and the input language over it', async () => {
    const esign = fakeEsign()
    await sendCompositeEnvelope(
      { cases, esign },
      { caseId: 'case-no-email', templateIds: ['tpl-a'], subjectText: '', recipientSmsPhone: '+14155552671' },
    )
    await sendCompositeEnvelope(
      { cases, esign },
      {
        caseId: 'case-no-email',
        templateIds: ['tpl-a'],
        subjectText: '',
        language: 'English',
        recipientSmsPhone: '+14155552671',
      },
    )
    await sendCompositeEnvelope(
      { cases, esign },
      { caseId: 'case-email', templateIds: ['tpl-a'], subjectText: '', language: 'Español' },
    )
    expect(esign.created.map((definition) => definition.emailSubject)).toEqual([
      'Inkwell: Documentos para su firma',
      'Inkwell: Documents for your signature',
      'Inkwell: Documentos para su firma',
    ])
    expect(
      esign.created.map(
        (d) => d.compositeTemplates?.[0]?.inlineTemplates?.[0]?.customFields?.listCustomFields?.[0]?.value,
      ),
    ).toEqual(['Spanish', 'English', 'Spanish'])
  })

  it('sends without recipient 1 when the case links no contact (recipient rule 6)', async () => {
    const esign = fakeEsign()
    await sendCompositeEnvelope(
      { cases, esign },
      { caseId: 'case-no-link', templateIds: ['tpl-a'], subjectText: 'x' },
    )
    const signers = esign.created[0]?.compositeTemplates?.[0]?.inlineTemplates?.[0]?.recipients?.signers
    expect(signers?.map((signer) => signer.roleName)).toEqual(['Service Coordinator'])
  })

  it('refuses an invalid phone before any call to the service', async () => {
    const esign = fakeEsign()
    await expect(
      sendCompositeEnvelope(
        { cases, esign },
        { caseId: 'case-no-email', templateIds: ['tpl-a'], subjectText: 'x', recipientSmsPhone: '555-1234' },
      ),
    ).rejects.toBeInstanceOf(InvalidPhoneError)
    expect(esign.templateReads).toEqual([])
    expect(esign.created).toEqual([])
    expect(cases.envelopes).toEqual([])
  })

  it('refuses an unknown case and an empty template list before any call', async () => {
    const esign = fakeEsign()
    await expect(
      sendCompositeEnvelope({ cases, esign }, { caseId: 'nope', templateIds: ['tpl-a'], subjectText: 'x' }),
    ).rejects.toThrow(/case nope does not exist/)
    await expect(
      sendCompositeEnvelope({ cases, esign }, { caseId: 'case-email', templateIds: [' '], subjectText: 'x' }),
    ).rejects.toThrow(/at least one template/)
    expect(esign.templateReads).toEqual([])
  })

  it('raises the service failure with its status code and records nothing', async () => {
    const esign = fakeEsign({ fail: new EnvelopeApiError(400, 'INVALID_REQUEST_PARAMETER', 'bad', '{}') })
    await expect(
      sendCompositeEnvelope(
        { cases, esign },
        { caseId: 'case-email', templateIds: ['tpl-a'], subjectText: 'x' },
      ),
    ).rejects.toMatchObject({ status: 400, errorCode: 'INVALID_REQUEST_PARAMETER' })
    expect(cases.envelopes).toEqual([])
  })
})
