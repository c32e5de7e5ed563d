#!/usr/bin/env node
// Creates and sends an envelope from two demo templates with the official DocuSign Node SDK, unmodified,
// exactly as against DocuSign: a JWT grant for a token, the user's default account from userinfo, then
// one composite template per demo template whose recipients fill the template's roles by role name.
//
// With `npm start` running, from the repository root:
//   NODE_EXTRA_CA_CERTS=data/tls/ca.crt node packages/envelope-service/examples/create-envelope.mjs
//
// Reads the demo credentials written by `npm start` (data/demo-credentials.json, or the file named as
// the first argument). NODE_EXTRA_CA_CERTS makes Node trust the development CA of the HTTPS port; the
// SDK requires https. Prints the new envelope's id, status and recipients as JSON.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { resolve } from 'node:path'

const docusign = createRequire(import.meta.url)('docusign-esign')

const credentialsFile = process.argv[2] ?? resolve(import.meta.dirname, '../../../data/demo-credentials.json')
const credentials = JSON.parse(readFileSync(credentialsFile, 'utf8'))

const client = new docusign.ApiClient()
// setBasePath derives an OAuth host from the REST host, so setOAuthBasePath must come after it.
client.setBasePath(credentials.baseUri)
client.setOAuthBasePath(credentials.authHost)
const token = await client.requestJWTUserToken(
  credentials.integrationKey,
  credentials.userId,
  ['signature', 'impersonation'],
  Buffer.from(credentials.privateKeyPem),
  3600,
)
const accessToken = token.body.access_token
const userInfo = await client.getUserInfo(accessToken)
const account = userInfo.accounts.find((candidate) => candidate.isDefault === 'true')
client.setBasePath(`${account.baseUri}/restapi`)
client.addDefaultHeader('Authorization', `Bearer ${accessToken}`)

// The people who fill each template's roles, in the order of the template's roleNames. A role name
// must match the template's exactly (case included): a recipient whose role matches none is added to the
// envelope as an extra recipient without tabs, it does not fill a role (see the service README).
const people = [
  { name: 'María García', email: 'maria.garcia@example.com' },
  { name: 'Sam Coordinator', email: 'sam.coordinator@example.com' },
]
const templates = credentials.templates.slice(0, 2)
const envelopeDefinition = new docusign.EnvelopeDefinition()
envelopeDefinition.status = 'sent'
envelopeDefinition.emailSubject = 'Please sign: service agreement and authorization'
envelopeDefinition.compositeTemplates = templates.map((template, index) => ({
  compositeTemplateId: String(index + 1),
  serverTemplates: [{ sequence: '1', templateId: template.templateId }],
  inlineTemplates: [
    {
      sequence: '2',
      recipients: {
        signers: template.roleNames.map((roleName, role) => ({
          roleName,
          recipientId: String(role + 1),
          routingOrder: String(role + 1),
          ...people[role],
        })),
      },
    },
  ],
}))

const envelopesApi = new docusign.EnvelopesApi(client)
const created = await envelopesApi.createEnvelope(account.accountId, { envelopeDefinition })
const recipients = await envelopesApi.listRecipients(account.accountId, created.envelopeId)
console.log(
  JSON.stringify(
    {
      envelopeId: created.envelopeId,
      status: created.status,
      templates: templates.map((template) => template.name),
      recipients: recipients.signers.map(({ roleName, name, email, routingOrder }) => ({
        roleName,
        name,
        email,
        routingOrder,
      })),
    },
    null,
    2,
  ),
)
