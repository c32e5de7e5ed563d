import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { DemoCredentials } from '../src/admin/bootstrap.js'
import { type HttpsDemoService, startHttpsDemoService } from '../src/testing/https-demo.js'

const packageRoot = resolve(fileURLToPath(import.meta.url), '../..')
const tsx = resolve(packageRoot, '../../node_modules/.bin/tsx')

describeEachDatabase('official DocuSign Node SDK over HTTPS', (databases) => {
  let demo: HttpsDemoService
  let credentials: DemoCredentials
  // biome-ignore lint/suspicious/noExplicitAny: JSON printed by the SDK client process.
  let result: Record<string, any>

  beforeAll(async () => {
    demo = await startHttpsDemoService(await databases.freshUrl())
    credentials = demo.credentials
    const { stdout } = await promisify(execFile)(tsx, ['test/sdk-client.ts', demo.credentialsFile], {
      cwd: packageRoot,
      env: { ...process.env, NODE_EXTRA_CA_CERTS: demo.caFile },
      maxBuffer: 16 * 1024 * 1024,
    })
    result = JSON.parse(stdout)
  }, 120_000)
  afterAll(() => demo?.close())

  it('obtains a token with requestJWTUserToken', () => {
    expect(result.token).toEqual({ tokenType: 'Bearer', expiresIn: 3600, present: true })
  })

  it('reads the user and the default account with getUserInfo', () => {
    expect(result.userInfo).toMatchObject({
      sub: credentials.userId,
      accounts: [
        {
          accountId: credentials.accountId,
          isDefault: 'true',
          accountName: 'Demo Account',
          baseUri: credentials.baseUri.replace(/\/restapi$/, ''),
        },
      ],
    })
  })

  it('lists the demo templates and reads one with TemplatesApi', () => {
    expect(result.list.resultSetSize).toBe('3')
    const names = result.list.envelopeTemplates.map((template: { name: string }) => template.name)
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)))
    expect(result.firstTemplate.templateId).toBe(result.list.envelopeTemplates[0].templateId)
    expect(
      result.firstTemplate.recipients.signers.map((signer: { roleName: string }) => signer.roleName),
    ).toContain('Signing Recipient #1')
    expect(result.firstTemplate.documents.length).toBeGreaterThan(0)
  })

  it('creates an envelope from three composite templates with an SMS recipient and custom fields', () => {
    expect(result.created).toMatchObject({
      envelopeId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      uri: `/envelopes/${result.created.envelopeId}`,
      status: 'sent',
      statusDateTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    })
    const fetched = result.fetched
    expect(fetched).toMatchObject({ envelopeId: result.created.envelopeId, status: 'sent' })
    const documents = fetched.envelopeDocuments as { documentId: string; pages: unknown[] }[]
    expect(documents.map((document) => document.documentId)).toEqual(['1', '2', '3'])
    for (const document of documents) expect(document.pages.length).toBeGreaterThan(0)
    const signers = fetched.recipients.signers
    expect(signers).toHaveLength(2)
    const recipient = signers.find(
      (signer: { roleName: string }) => signer.roleName === 'Signing Recipient #1',
    )
    expect(recipient).toMatchObject({
      name: 'María García',
      deliveryMethod: expect.stringMatching(/^sms$/i),
      phoneNumber: { countryCode: '57', number: '3001234567' },
    })
    const textFields = fetched.customFields.textCustomFields
    expect(textFields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'CrmRecordId', value: '500Hs00001XyZ' }),
        expect.objectContaining({ name: 'CaseNumber', value: '00012345' }),
      ]),
    )
    expect(fetched.customFields.listCustomFields).toEqual([
      expect.objectContaining({ name: 'FormLanguage', value: 'Spanish', listItems: ['English', 'Spanish'] }),
    ])
  })

  it('surfaces the OAuth error body when the token request is refused', () => {
    expect(result.unknownUser).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'user_not_found' },
    })
  })

  it('surfaces our {errorCode, message} body on SDK errors', () => {
    expect(result.unknownTemplate).toMatchObject({
      status: 404,
      body: { errorCode: 'RESOURCE_NOT_FOUND', message: expect.any(String) },
    })
    expect(result.invalidEnvelope).toMatchObject({
      status: 400,
      body: { errorCode: 'INVALID_REQUEST_PARAMETER', message: expect.stringContaining('templateId') },
    })
  })
})
