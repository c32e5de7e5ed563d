import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { InjectOptions } from 'fastify'
import type { App } from 'platform'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { findCaseByNumber, listCaseEnvelopes } from '../cases/repository.js'
import type { CaseStore } from '../cases/store.js'
import { CONNECT_LISTENER_PATH } from '../listener/routes.js'
import {
  type FakeEsignServer,
  type RecordedRequest,
  startFakeEsignServer,
} from '../testing/fake-esign-server.js'
import { SESSION_COOKIE } from './access.js'
import { buildConsoleApp } from './app.js'
import { loadConsoleConfig } from './config.js'
import { CONSOLE_CSP } from './static.js'

const TEMPLATE_A = '11111111-1111-4111-8111-111111111111'
const TEMPLATE_B = '22222222-2222-4222-8222-222222222222'

/** The envelope service's answers the console needs: two templates, their bodies, and a 201 on create. */
function serviceAnswering(created: { status: number; body: unknown }) {
  return (request: RecordedRequest) => {
    const path = request.path.split('?')[0] as string
    if (request.method === 'GET' && path.endsWith('/templates')) {
      return {
        status: 200,
        body: {
          resultSetSize: '2',
          startPosition: '0',
          endPosition: '1',
          totalSetSize: '2',
          envelopeTemplates: [TEMPLATE_A, TEMPLATE_B].map((templateId, index) => ({
            templateId,
            name: `Template ${index + 1}`,
            description: index === 0 ? 'First' : undefined,
            owner: { userId: 'u' },
            // The second locks its subject and message (DocuSign's messageLock), as the list says.
            ...(index === 0
              ? { emailSubject: 's', emailBlurb: '' }
              : { emailSubject: 'Wording by Legal', emailBlurb: 'Legal wrote this.', messageLock: 'true' }),
          })),
        },
      }
    }
    if (request.method === 'GET' && /\/templates\/[^/]+$/.test(path)) {
      return { status: 200, body: { templateId: path.split('/').at(-1), emailBlurb: 'Body text.' } }
    }
    if (request.method === 'POST' && path.endsWith('/envelopes')) return created
    return { status: 404, body: { errorCode: 'RESOURCE_NOT_FOUND', message: 'unexpected call' } }
  }
}

const DEMO_USER = { username: 'demo', password: 'demo password 0123' }

/** Signs in through the API; the headers a signed-in page sends (cookie, CSRF token, its origin). */
async function signInAs(app: App, user: { username: string; password: string }) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/session',
    headers: { origin: 'http://localhost' },
    payload: user,
  })
  expect(response.statusCode).toBe(200)
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)
  return {
    cookie: `${SESSION_COOKIE}=${cookie?.value}`,
    'x-csrf-token': response.json().csrfToken as string,
  }
}

const CREATED = {
  status: 201,
  body: { envelopeId: 'env-1', status: 'sent', statusDateTime: 'x', uri: '/envelopes/env-1' },
}

describeEachDatabase('console API', (databases) => {
  let directory: string
  let fake: FakeEsignServer
  let app: App
  let store: CaseStore
  let signedIn: Record<string, string>
  /** A request from the signed-in console page: its session cookie and CSRF token. */
  const call = (request: string | InjectOptions) => {
    const options = typeof request === 'string' ? { url: request } : request
    return app.inject({ ...options, headers: { ...signedIn, ...options.headers } })
  }

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'console-api-'))
    const web = join(directory, 'web')
    mkdirSync(web)
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>console</title>')
    fake = await startFakeEsignServer()
    const userFile = join(directory, 'console-demo-user.json')
    writeFileSync(userFile, JSON.stringify(DEMO_USER))
    const keyFile = join(directory, 'key.pem')
    writeFileSync(keyFile, fake.privateKeyPem)
    const config = loadConsoleConfig({
      DATA_DIR: directory,
      DATABASE_URL: await databases.freshUrl(),
      PORT: '0',
      ESIGN_BASE_URL: fake.baseUrl,
      ESIGN_IDENTITY_HOST: fake.origin,
      ESIGN_INTEGRATION_KEY: 'integration-key',
      ESIGN_USER_ID: 'user-id',
      ESIGN_ACCOUNT_ID: 'account-id',
      ESIGN_PRIVATE_KEY_FILE: keyFile,
      CONNECT_HMAC_SECRET: 'secret',
      CONSOLE_ALLOWED_HOSTS: 'localhost:80',
      CONSOLE_DEMO_USER_FILE: userFile,
    })
    ;({ app, store } = await buildConsoleApp(config, { logLevel: false, webDirectory: web }))
    signedIn = await signInAs(app, DEMO_USER)
  })
  afterAll(async () => {
    await app?.close()
    await fake?.close()
    rmSync(directory, { recursive: true, force: true })
  })
  beforeEach(() => {
    fake.reset()
    fake.handle(serviceAnswering(CREATED))
  })

  const caseId = async (caseNumber: string) => (await findCaseByNumber(store.db, caseNumber))?.id as string
  const send = async (caseNumber: string, body: Record<string, unknown>) =>
    call({ method: 'POST', url: `/api/cases/${await caseId(caseNumber)}/send`, payload: body })
  const creates = () => fake.requests.filter((request) => request.method === 'POST')

  describe('GET /api/cases', () => {
    it('lists the demo cases by case number with their contact', async () => {
      const response = await call('/api/cases')
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({ offset: 0, limit: 25, hasMore: false })
      expect(
        response
          .json()
          .cases.map((item: { caseNumber: string; contactName: string | null }) => [
            item.caseNumber,
            item.contactName,
          ]),
      ).toEqual([
        ['00001001', 'Ana Gómez'],
        ['00001002', 'Luis Pérez'],
        ['00001003', null],
      ])
    })

    it("shows each case's newest envelope status, null when none was sent", async () => {
      const id = await caseId('00001003')
      await store.recordEnvelopeSent({
        caseId: id,
        envelopeId: 'old',
        accountId: 'a',
        status: 'completed',
        sentAt: '2026-01-01T00:00:00.000Z',
      })
      await store.recordEnvelopeSent({
        caseId: id,
        envelopeId: 'new',
        accountId: 'a',
        status: 'sent',
        sentAt: '2026-02-01T00:00:00.000Z',
      })
      const statuses = (await call('/api/cases?search=00001003'))
        .json()
        .cases.map((item: { latestEnvelopeStatus: string | null }) => item.latestEnvelopeStatus)
      expect(statuses).toEqual(['sent'])
      const none = (await call('/api/cases?search=00001001')).json().cases[0]
      expect(none.latestEnvelopeStatus).toBeNull()
    })

    it('searches the contact name case-insensitively', async () => {
      const response = await call('/api/cases?search=P%C3%89REZ')
      expect(response.json().cases.map((item: { caseNumber: string }) => item.caseNumber)).toEqual([
        '00001002',
      ])
    })

    it('pages with offset and limit and says whether more follow', async () => {
      const first = (await call('/api/cases?limit=2')).json()
      const second = (await call('/api/cases?limit=2&offset=2')).json()
      expect([first.cases.length, first.hasMore, second.cases.length, second.hasMore]).toEqual([
        2,
        true,
        1,
        false,
      ])
      expect(second.cases[0].caseNumber).toBe('00001003')
    })

    it('returns 400 naming the field for a limit out of range', async () => {
      const response = await call('/api/cases?limit=1000')
      expect(response.statusCode).toBe(400)
      expect(response.json().error).toMatch(/limit/)
    })
  })

  describe('GET /api/cases/:id', () => {
    it('returns the case, its contact and its envelopes', async () => {
      const response = await call(`/api/cases/${await caseId('00001002')}`)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({
        caseNumber: '00001002',
        language: 'es-CO',
        contact: { name: 'Luis Pérez', email: null, mobile: '+573001234567' },
        serviceCoordinator: { name: 'Sam Rivera' },
        envelopes: [],
      })
    })

    it('returns 404 for an unknown case', async () => {
      const response = await call('/api/cases/no-such-case')
      expect(response.statusCode).toBe(404)
      expect(response.json().error).toMatch(/no-such-case/)
    })
  })

  describe('GET /api/templates', () => {
    it('lists the service templates by name for the dropdown, with the message a template locks', async () => {
      const response = await call('/api/templates')
      expect(response.statusCode).toBe(200)
      expect(response.json().templates).toEqual([
        { templateId: TEMPLATE_A, name: 'Template 1', description: 'First', lockedMessage: null },
        {
          templateId: TEMPLATE_B,
          name: 'Template 2',
          description: '',
          lockedMessage: { emailSubject: 'Wording by Legal', emailBlurb: 'Legal wrote this.' },
        },
      ])
    })

    it('returns 502 with the service status code and message when the service refuses', async () => {
      fake.handle(() => ({ status: 403, body: { errorCode: 'USER_LACKS_PERMISSIONS', message: 'No.' } }))
      const response = await call('/api/templates')
      expect(response.statusCode).toBe(502)
      expect(response.json()).toMatchObject({
        serviceStatus: 403,
        errorCode: 'USER_LACKS_PERMISSIONS',
        message: 'No.',
      })
    })
  })

  describe('POST /api/cases/:id/send', () => {
    it('sends for a contact with email without asking for a phone: 201 with the envelope id', async () => {
      const response = await send('00001001', { templateIds: [TEMPLATE_B, TEMPLATE_A], subject: 'Hi' })
      expect(response.statusCode).toBe(201)
      expect(response.json()).toEqual({ envelopeId: 'env-1', recipientSmsPhone: null })
      const definition = JSON.parse(creates()[0]?.body as string)
      expect(
        definition.compositeTemplates.map(
          (composite: { serverTemplates: { templateId: string }[] }) =>
            composite.serverTemplates[0]?.templateId,
        ),
      ).toEqual([TEMPLATE_B, TEMPLATE_A])
      expect(
        definition.compositeTemplates[0].inlineTemplates[0].recipients.signers[0].deliveryMethod ?? 'email',
      ).toBe('email')
      expect(
        (await listCaseEnvelopes(store.db, await caseId('00001001'))).map((row) => row.envelopeId),
      ).toContain('env-1')
    })

    it('returns 409 with the SMS_Phone_Screen step when the contact has no email and no phone was given', async () => {
      const response = await send('00001002', { templateIds: [TEMPLATE_A], subject: 'Hola' })
      expect(response.statusCode).toBe(409)
      expect(response.json()).toMatchObject({
        step: 'SMS_Phone_Screen',
        code: 'sms_phone_needed',
        contactName: 'Luis Pérez',
        suggestedPhone: '+573001234567',
      })
      expect(creates()).toHaveLength(0)
    })

    it('treats a blank recipientSmsPhone as not given (409)', async () => {
      const response = await send('00001002', {
        templateIds: [TEMPLATE_A],
        subject: 'x',
        recipientSmsPhone: '  ',
      })
      expect(response.statusCode).toBe(409)
      expect(creates()).toHaveLength(0)
    })

    it('returns 422 on the same step for an invalid phone, before any call to the service', async () => {
      const response = await send('00001002', {
        templateIds: [TEMPLATE_A],
        subject: 'x',
        recipientSmsPhone: '12',
      })
      expect(response.statusCode).toBe(422)
      expect(response.json()).toMatchObject({
        step: 'SMS_Phone_Screen',
        code: 'phone_invalid',
        error: expect.stringMatching(/with \+ and the country code/),
      })
      expect(fake.requests).toHaveLength(0)
    })

    it('sends by SMS with the phone in E.164 when the screen was answered', async () => {
      const response = await send('00001002', {
        templateIds: [TEMPLATE_A],
        subject: 'x',
        recipientSmsPhone: '+57 300 765 4321',
      })
      expect(response.statusCode).toBe(201)
      expect(response.json().recipientSmsPhone).toBe('+573007654321')
      const signer = JSON.parse(creates()[0]?.body as string).compositeTemplates[0].inlineTemplates[0]
        .recipients.signers[0]
      expect(signer).toMatchObject({
        deliveryMethod: 'SMS',
        phoneNumber: { countryCode: '57', number: '3007654321' },
      })
    })

    it('returns 502 with the service status code and message when the create is refused, recording nothing', async () => {
      fake.handle(
        serviceAnswering({
          status: 400,
          body: {
            errorCode: 'INVALID_REQUEST_PARAMETER',
            message: 'The request contained at least one invalid parameter.',
          },
        }),
      )
      const before = (await listCaseEnvelopes(store.db, await caseId('00001003'))).length
      const response = await send('00001003', { templateIds: [TEMPLATE_A], subject: 'x' })
      expect(response.statusCode).toBe(502)
      expect(response.json()).toMatchObject({
        serviceStatus: 400,
        errorCode: 'INVALID_REQUEST_PARAMETER',
        message: 'The request contained at least one invalid parameter.',
      })
      expect(await listCaseEnvelopes(store.db, await caseId('00001003'))).toHaveLength(before)
    })

    it('returns 400 naming the field when no template is chosen', async () => {
      const response = await send('00001001', { templateIds: [], subject: 'x' })
      expect(response.statusCode).toBe(400)
      expect(response.json().error).toMatch(/templateIds/)
      expect(fake.requests).toHaveLength(0)
    })

    it('returns 404 for an unknown case', async () => {
      const response = await call({
        method: 'POST',
        url: '/api/cases/no-such-case/send',
        payload: { templateIds: [TEMPLATE_A], subject: 'x' },
      })
      expect(response.statusCode).toBe(404)
    })

    it('uses one token exchange for many sends', async () => {
      await send('00001001', { templateIds: [TEMPLATE_A], subject: 'x' })
      await send('00001001', { templateIds: [TEMPLATE_A], subject: 'y' })
      expect(fake.tokenRequests.length).toBeLessThanOrEqual(1)
      expect(creates()).toHaveLength(2)
    })
  })

  describe('web app and listener', () => {
    it('serves the app at / and at a case address, with its content security policy', async () => {
      for (const url of ['/', `/cases/${await caseId('00001001')}`]) {
        const response = await call(url)
        expect(response.statusCode).toBe(200)
        expect(response.headers['content-type']).toMatch(/text\/html/)
        expect(response.headers['content-security-policy']).toBe(CONSOLE_CSP)
      }
    })

    it("answers 404 for the PDF of an envelope that is not the case's", async () => {
      const response = await call(`/api/cases/${await caseId('00001002')}/envelopes/env-1/documents.pdf`)
      expect(response.statusCode).toBe(404)
      expect(response.json().code).toBe('envelope_not_found')
      expect(fake.requests).toHaveLength(0)
    })

    it('keeps unknown API paths JSON 404s', async () => {
      const response = await call('/api/nothing')
      expect(response.statusCode).toBe(404)
      expect(response.json()).toHaveProperty('error')
    })

    it('mounts the completion listener, refusing an unsigned delivery', async () => {
      const response = await call({
        method: 'POST',
        url: CONNECT_LISTENER_PATH,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      })
      expect(response.statusCode).toBe(401)
    })
  })
})

describe('console configuration', () => {
  it('defaults to port 3100 and files in the data directory', () => {
    const config = loadConsoleConfig({ DATA_DIR: '/srv/data' })
    expect(config).toMatchObject({
      PORT: 3100,
      DATABASE_URL: 'sqlite:/srv/data/automation.db',
      DEMO_CREDENTIALS_FILE: '/srv/data/demo-credentials.json',
      ESIGN_CA_FILE: '/srv/data/tls/ca.crt',
    })
  })

  it('names every explicit setting that is missing when ESIGN_BASE_URL is set', () => {
    expect(() =>
      loadConsoleConfig({ DATA_DIR: '/srv/data', ESIGN_BASE_URL: 'https://demo.docusign.net/restapi/v2.1' }),
    ).toThrow(/ESIGN_IDENTITY_HOST[\s\S]*ESIGN_PRIVATE_KEY_FILE/)
  })
})

describeEachDatabase('console without envelope service credentials', (databases) => {
  it('answers 503 saying how to get them, and still lists cases', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'console-nocreds-'))
    const userFile = join(directory, 'user.json')
    writeFileSync(userFile, JSON.stringify(DEMO_USER))
    const config = loadConsoleConfig({
      DATA_DIR: directory,
      DATABASE_URL: await databases.freshUrl(),
      PORT: '0',
      CONSOLE_ALLOWED_HOSTS: 'localhost:80',
      CONSOLE_DEMO_USER_FILE: userFile,
    })
    const { app } = await buildConsoleApp(config, { logLevel: false, webDirectory: directory })
    try {
      const headers = await signInAs(app, DEMO_USER)
      const templates = await app.inject({ url: '/api/templates', headers })
      expect(templates.statusCode).toBe(503)
      expect(templates.json().error).toMatch(/demo-credentials\.json.*npm start/)
      expect((await app.inject({ url: '/api/cases', headers })).json().cases).toHaveLength(3)
    } finally {
      await app.close()
      rmSync(directory, { recursive: true, force: true })
    }
  })
})
