import { execFile } from 'node:child_process'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { sendCompositeEnvelope } from '../src/actions/send-composite-envelope.js'
import { ensureDemoData } from '../src/cases/demo-data.js'
import { findCaseByNumber, listCaseEnvelopes } from '../src/cases/repository.js'
import { type CaseStore, openCaseStore } from '../src/cases/store.js'
import { EXIT, runCli } from '../src/cli/run.js'
import { createEsignClient, type EsignClient } from '../src/client/client.js'
import { EnvelopeApiError } from '../src/client/errors.js'
import { MessageLockedError } from '../src/errors.js'
import { runGuidedSendFlow } from '../src/flow/guided-send.js'
import { PLACEHOLDER_EMAIL } from '../src/recipients/placeholder-email.js'
import {
  type RealEnvelopeService,
  setTemplateMessageLock,
  startRealEnvelopeService,
} from './real-envelope-service.js'

const packageRoot = resolve(fileURLToPath(import.meta.url), '../..')
const tsx = resolve(packageRoot, '../../node_modules/.bin/tsx')

describeEachDatabase('envelope automation against the real envelope service over HTTPS', (databases) => {
  let real: RealEnvelopeService
  let directory: string
  let credentialsFile: string
  let caFile: string
  let store: CaseStore
  let esign: EsignClient
  let templateIds: string[]

  beforeAll(async () => {
    real = await startRealEnvelopeService(await databases.freshUrl())
    ;({ directory, credentialsFile, caFile } = real)
    store = await openCaseStore(await databases.freshUrl())
    await ensureDemoData(store.db, new Date().toISOString())
    esign = createEsignClient(real.clientOptions)
    templateIds = real.credentials.templates.map((template) => template.templateId)
  }, 120_000)
  afterAll(async () => {
    await store?.close()
    await real?.close()
  })

  const caseId = async (caseNumber: string) => (await findCaseByNumber(store.db, caseNumber))?.id as string

  it('lists the demo templates by name through the JWT grant and the development CA', async () => {
    const templates = await esign.listTemplates()
    const names = templates.map((template) => template.name)
    expect(names).toHaveLength(3)
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())))
  })

  it('sends by email: one signer per role across composites, custom fields stored, recorded on the case', async () => {
    const id = await caseId('00001001')
    const { envelopeId } = await sendCompositeEnvelope(
      { cases: store, esign },
      {
        caseId: id,
        templateIds: [templateIds[0] as string, templateIds[2] as string],
        subjectText: 'Your documents',
      },
    )
    const envelope = await esign.getJson(`/envelopes/${envelopeId}`)
    expect(envelope).toMatchObject({ status: 'sent', emailSubject: 'Inkwell: Your documents' })
    expect(String(envelope.emailBlurb)).toMatch(/^Hello,/)
    const recipients = await esign.getJson(`/envelopes/${envelopeId}/recipients`)
    const signers = recipients.signers as Record<string, unknown>[]
    expect(
      signers.map((signer) => [
        signer.roleName,
        signer.name,
        signer.email,
        String(signer.deliveryMethod).toLowerCase(),
      ]),
    ).toEqual([
      ['Signing Recipient #1', 'Ana Gómez', 'ana.gomez@example.com', 'email'],
      ['Service Coordinator', 'Sam Rivera', 'sam.rivera@example.com', 'email'],
    ])
    const customFields = await esign.getJson(`/envelopes/${envelopeId}/custom_fields`)
    const text = customFields.textCustomFields as {
      name: string
      value: string
      show: string
      required: string
    }[]
    expect(text.find((field) => field.name === 'CrmRecordId')).toMatchObject({
      value: id,
      show: 'false',
      required: 'false',
    })
    expect(text.find((field) => field.name === 'CaseNumber')).toMatchObject({
      value: '00001001',
      show: 'false',
    })
    const list = customFields.listCustomFields as { name: string; value: string; listItems: string[] }[]
    expect(list.find((field) => field.name === 'FormLanguage')).toMatchObject({
      value: 'English',
      listItems: ['English', 'Spanish'],
    })
    const recorded = await listCaseEnvelopes(store.db, id)
    expect(recorded.map((row) => [row.envelopeId, row.status])).toEqual([[envelopeId, 'sent']])
  })

  it('leaves the subject and message to a locking template when none is typed, refuses a typed one, and composes once unlocked', async () => {
    const lockedId = templateIds[1] as string
    const template = await esign.getTemplate(lockedId)
    await setTemplateMessageLock(real, lockedId, true)
    try {
      const chosen = [templateIds[0] as string, lockedId]
      const send = async (subjectText: string) =>
        sendCompositeEnvelope(
          { cases: store, esign },
          { caseId: await caseId('00001001'), templateIds: chosen, subjectText },
        )
      const { envelopeId } = await send('')
      expect(await esign.getJson(`/envelopes/${envelopeId}`)).toMatchObject({
        emailSubject: template.emailSubject,
        emailBlurb: template.emailBlurb,
        messageLock: 'true',
      })
      // A typed subject is not dropped: the automation refuses it, naming the template, before the service
      // is asked; and the service would have refused it too, naming the lock.
      const refused = await send('Mine').catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(MessageLockedError)
      expect((refused as MessageLockedError).templateName).toBe(template.name)
      const direct = await esign
        .createEnvelope({
          status: 'created',
          emailSubject: 'Mine',
          compositeTemplates: [
            { compositeTemplateId: '1', serverTemplates: [{ sequence: '1', templateId: lockedId }] },
          ],
        })
        .catch((error: unknown) => error)
      expect(direct).toBeInstanceOf(EnvelopeApiError)
      expect((direct as EnvelopeApiError).status).toBe(400)
      expect((direct as EnvelopeApiError).message).toContain('messageLock')
    } finally {
      await setTemplateMessageLock(real, lockedId, false)
    }
    const { envelopeId } = await sendCompositeEnvelope(
      { cases: store, esign },
      { caseId: await caseId('00001001'), templateIds: [lockedId], subjectText: 'Mine' },
    )
    expect(await esign.getJson(`/envelopes/${envelopeId}`)).toMatchObject({ emailSubject: 'Inkwell: Mine' })
  })

  it('sends by SMS through the guided flow: phone screen, placeholder email, Spanish for es-CO', async () => {
    const id = await caseId('00001002')
    const result = await runGuidedSendFlow(
      { cases: store, esign, screens: { askSmsPhone: async () => '+57 300 123 4567' } },
      { caseId: id, templateIds: [templateIds[1] as string], subjectText: 'Firma' },
    )
    expect(result.outcome).toBe('sent')
    const envelopeId = (result as { envelopeId: string }).envelopeId
    const recipients = await esign.getJson(`/envelopes/${envelopeId}/recipients`)
    const [first, coordinator] = recipients.signers as Record<string, unknown>[]
    expect(first).toMatchObject({
      roleName: 'Signing Recipient #1',
      name: 'Luis Pérez',
      email: PLACEHOLDER_EMAIL,
      phoneNumber: { countryCode: '57', number: '3001234567' },
    })
    expect(String(first?.deliveryMethod).toLowerCase()).toBe('sms')
    expect(String(coordinator?.deliveryMethod).toLowerCase()).toBe('email')
    const envelope = await esign.getJson(`/envelopes/${envelopeId}`)
    expect(String(envelope.emailBlurb)).toMatch(/^Hola:/)
    const customFields = await esign.getJson(`/envelopes/${envelopeId}/custom_fields`)
    expect((customFields.listCustomFields as { value: string }[])[0]?.value).toBe('Spanish')
  })

  it('sends without recipient 1 for a case with no linked contact', async () => {
    const { envelopeId } = await sendCompositeEnvelope(
      { cases: store, esign },
      { caseId: await caseId('00001003'), templateIds: [templateIds[0] as string], subjectText: 'x' },
    )
    const recipients = await esign.getJson(`/envelopes/${envelopeId}/recipients`)
    expect((recipients.signers as { roleName: string }[]).map((signer) => signer.roleName)).toEqual([
      'Service Coordinator',
    ])
  })

  it('raises the service 400 with its code for an unknown template id in the create', async () => {
    const failure = await esign
      .createEnvelope({
        status: 'sent',
        compositeTemplates: [
          { compositeTemplateId: '1', serverTemplates: [{ sequence: '1', templateId: 'no-such-template' }] },
        ],
      })
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(EnvelopeApiError)
    expect(failure).toMatchObject({ status: 400, errorCode: 'INVALID_REQUEST_PARAMETER' })
  })

  it('has used one token exchange for every call above', () => {
    expect(esign.tokenExchanges).toBe(1)
  })

  it('CLI process: prints the templates and exits at once, not held open by kept-alive connections', async () => {
    const started = Date.now()
    const { stdout } = await promisify(execFile)(
      tsx,
      [
        'src/cli/main.ts',
        'templates',
        '--credentials',
        credentialsFile,
        '--ca',
        caFile,
        '--database',
        `sqlite:${join(directory, 'process-cases.db')}`,
      ],
      { cwd: packageRoot, timeout: 110_000, env: { ...process.env, DATA_DIR: directory } },
    )
    expect(stdout.trim().split('\n')).toHaveLength(3)
    // A kept-alive socket would hold the process for the server's keep-alive time-out (72 s in Fastify);
    // starting tsx on a loaded machine alone can take a quarter of a minute.
    expect(Date.now() - started).toBeLessThan(65_000)
  }, 120_000)

  it('CLI: lists templates and sends from the credentials file and CA file', async () => {
    const out: string[] = []
    const err: string[] = []
    const io = {
      out: (line: string) => out.push(line),
      err: (line: string) => err.push(line),
      env: { DATA_DIR: directory },
    }
    const database = `sqlite:${join(directory, 'cli-cases.db')}`
    const common = ['--credentials', credentialsFile, '--ca', caFile, '--database', database]
    expect(await runCli(['templates', ...common], io)).toBe(EXIT.ok)
    expect(out).toHaveLength(3)
    const templateId = out[0]?.split('\t')[0] as string
    expect(
      await runCli(
        ['send', '--case', '00001002', '--templates', templateId, '--sms', '+14155552671', ...common],
        io,
      ),
    ).toBe(EXIT.ok)
    const envelopeId = out.at(-1) as string
    const recipients = await esign.getJson(`/envelopes/${envelopeId}/recipients`)
    expect((recipients.signers as { deliveryMethod: string }[])[0]?.deliveryMethod.toLowerCase()).toBe('sms')
    expect(err).toEqual([])
  })
})
