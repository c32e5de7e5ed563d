/**
 * Drives the official DocuSign Node SDK (unmodified) against a running service, as a client process
 * would: `tsx test/sdk-client.ts <credentials.json>` with `NODE_EXTRA_CA_CERTS` naming the development
 * CA. Prints one JSON object with what each call returned; sdk.test.ts asserts on it.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { DemoCredentials } from '../src/admin/bootstrap.js'

// biome-ignore lint/suspicious/noExplicitAny: the SDK is untyped CommonJS.
type Sdk = any
const docusign: Sdk = createRequire(import.meta.url)('docusign-esign')

/** The SDK rejects with axios errors; what a client can read from one. */
function describeFailure(error: Sdk) {
  return { status: error?.response?.status, body: error?.response?.data, message: String(error?.message) }
}

async function main() {
  const credentials = JSON.parse(readFileSync(process.argv[2] as string, 'utf8')) as DemoCredentials
  const client = new docusign.ApiClient()
  // setBasePath derives an OAuth host from the REST host; setOAuthBasePath must come after it.
  client.setBasePath(credentials.baseUri)
  client.setOAuthBasePath(credentials.authHost)

  const token = await client.requestJWTUserToken(
    credentials.integrationKey,
    credentials.userId,
    ['signature', 'impersonation'],
    Buffer.from(credentials.privateKeyPem),
    3600,
  )
  const accessToken: string = token.body.access_token
  const userInfo = await client.getUserInfo(accessToken)
  const unknownUser = await client
    .requestJWTUserToken(
      credentials.integrationKey,
      '00000000-0000-4000-8000-000000000000',
      ['signature', 'impersonation'],
      Buffer.from(credentials.privateKeyPem),
      3600,
    )
    .then(() => undefined, describeFailure)
  const account = userInfo.accounts.find((candidate: Sdk) => candidate.isDefault === 'true')
  // setBasePath also resets the OAuth host (to DocuSign's production one for unknown hosts): any later
  // token request needs setOAuthBasePath again, so every identity call is made before this point.
  client.setBasePath(`${account.baseUri}/restapi`)
  client.addDefaultHeader('Authorization', `Bearer ${accessToken}`)

  const templatesApi = new docusign.TemplatesApi(client)
  const list = await templatesApi.listTemplates(account.accountId, {
    count: '100',
    order: 'name',
    orderBy: 'asc',
  })
  const firstTemplate = await templatesApi.get(account.accountId, list.envelopeTemplates[0].templateId)

  const envelopesApi = new docusign.EnvelopesApi(client)
  const signer = {
    roleName: 'Signing Recipient #1',
    recipientId: '1',
    routingOrder: '1',
    name: 'María García',
    email: 'no-reply+sms@inkwell.example',
    deliveryMethod: 'SMS',
    phoneNumber: { countryCode: '57', number: '3001234567' },
  }
  const coordinator = {
    roleName: 'Service Coordinator',
    recipientId: '2',
    routingOrder: '2',
    name: 'Sam Coordinator',
    email: 'coordinator@inkwell.example',
  }
  // On every composite: a later composite's server template would otherwise override the values.
  const customFields = {
    textCustomFields: [
      { name: 'CrmRecordId', value: '500Hs00001XyZ', show: 'false', required: 'false' },
      { name: 'CaseNumber', value: '00012345', show: 'false', required: 'false' },
    ],
    listCustomFields: [{ name: 'FormLanguage', value: 'Spanish', listItems: ['English', 'Spanish'] }],
  }
  const envelopeDefinition = new docusign.EnvelopeDefinition()
  envelopeDefinition.status = 'sent'
  envelopeDefinition.emailSubject = 'Inkwell: Please sign your documents'
  envelopeDefinition.compositeTemplates = credentials.templates.map((template, index) => ({
    compositeTemplateId: String(index + 1),
    serverTemplates: [{ sequence: '1', templateId: template.templateId }],
    inlineTemplates: [
      {
        sequence: '2',
        recipients: { signers: [signer, coordinator] },
        customFields,
      },
    ],
  }))
  const created = await envelopesApi.createEnvelope(account.accountId, { envelopeDefinition })
  const fetched = await envelopesApi.getEnvelope(account.accountId, created.envelopeId, {
    include: 'recipients,custom_fields,documents',
  })

  const unknownTemplate = await templatesApi
    .get(account.accountId, '00000000-0000-4000-8000-000000000000')
    .then(() => undefined, describeFailure)
  const invalidEnvelope = await envelopesApi
    .createEnvelope(account.accountId, {
      envelopeDefinition: {
        status: 'sent',
        emailSubject: 'Invalid',
        compositeTemplates: [
          {
            compositeTemplateId: '1',
            serverTemplates: [{ sequence: '1', templateId: '00000000-0000-4000-8000-000000000000' }],
          },
        ],
      },
    })
    .then(() => undefined, describeFailure)

  process.stdout.write(
    JSON.stringify({
      token: {
        tokenType: token.body.token_type,
        expiresIn: token.body.expires_in,
        present: accessToken.length > 0,
      },
      userInfo,
      list,
      firstTemplate,
      created,
      fetched,
      unknownUser,
      unknownTemplate,
      invalidEnvelope,
    }),
  )
}

main().catch((error) => {
  process.stderr.write(`${JSON.stringify(describeFailure(error))}\n${error?.stack ?? error}\n`)
  process.exitCode = 1
})
