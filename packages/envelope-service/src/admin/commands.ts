import { readFileSync } from 'node:fs'
import {
  addMember,
  addPublicKey,
  createAccount,
  createIntegrationKey,
  createUser,
  grantConsent,
} from '../identity/service.js'
import { writeDevCertificates } from '../tls/dev-cert.js'
import { accessCommands } from './access-commands.js'
import { auditCommands } from './audit-command.js'
import { bootstrapDemo } from './bootstrap.js'
import { type Command, list, optionalInteger, required, UsageError } from './command.js'
import { sealCommands } from './seal-command.js'

export const commands: Record<string, Command> = {
  'create-account': {
    usage: 'create-account --name <name> [--hourly-limit <n>] [--burst-limit <n>]',
    summary: 'Create an account (default limits: 3000 calls per hour, 500 per 30 s)',
    options: {
      name: { type: 'string' },
      'hourly-limit': { type: 'string' },
      'burst-limit': { type: 'string' },
    },
    async run(values, env) {
      const name = required(values, 'name', 'create-account')
      const hourlyLimit = optionalInteger(values, 'hourly-limit', 'create-account')
      const burstLimit = optionalInteger(values, 'burst-limit', 'create-account')
      const account = await createAccount(
        await env.db(),
        { name, ...(hourlyLimit ? { hourlyLimit } : {}), ...(burstLimit ? { burstLimit } : {}) },
        env.now(),
      )
      return {
        accountId: account.id,
        name: account.name,
        hourlyLimit: account.hourlyLimit,
        burstLimit: account.burstLimit,
      }
    },
  },
  'create-user': {
    usage: 'create-user --name <name> --email <email>',
    summary: 'Create a user',
    options: { name: { type: 'string' }, email: { type: 'string' } },
    async run(values, env) {
      const name = required(values, 'name', 'create-user')
      const email = required(values, 'email', 'create-user')
      const user = await createUser(await env.db(), { name, email }, env.now())
      return { userId: user.id, name: user.name, email: user.email }
    },
  },
  'add-member': {
    usage:
      'add-member --account <accountId> --user <userId> --permissions send_envelopes,manage_templates,administer [--default]',
    summary: 'Make a user a member of an account with these permissions (re-run to change them)',
    options: {
      account: { type: 'string' },
      user: { type: 'string' },
      permissions: { type: 'string' },
      default: { type: 'boolean' },
    },
    async run(values, env) {
      const accountId = required(values, 'account', 'add-member')
      const userId = required(values, 'user', 'add-member')
      const permissions = list(required(values, 'permissions', 'add-member'))
      const membership = await addMember(
        await env.db(),
        { accountId, userId, permissions, ...(values.default ? { isDefault: true } : {}) },
        env.now(),
      )
      return { ...membership, permissions: membership.permissions.join(',') }
    },
  },
  'create-integration-key': {
    usage: 'create-integration-key --name <name>',
    summary: 'Register an integration key with a new RSA-2048 key pair; prints the private key once',
    options: { name: { type: 'string' } },
    async run(values, env) {
      const name = required(values, 'name', 'create-integration-key')
      const created = await createIntegrationKey(await env.db(), { name }, env.now())
      return {
        integrationKey: created.integrationKey.id,
        name: created.integrationKey.name,
        privateKeyPem: created.privateKeyPem,
      }
    },
  },
  'add-public-key': {
    usage: 'add-public-key --integration-key <id> --file <public-key.pem>',
    summary: 'Register another RSA public key (PEM) for an integration key',
    options: { 'integration-key': { type: 'string' }, file: { type: 'string' } },
    async run(values, env) {
      const integrationKeyId = required(values, 'integration-key', 'add-public-key')
      const file = required(values, 'file', 'add-public-key')
      let publicKeyPem: string
      try {
        publicKeyPem = readFileSync(file, 'utf8')
      } catch {
        throw new UsageError(`cannot read --file ${file}`, 'add-public-key')
      }
      const added = await addPublicKey(await env.db(), { integrationKeyId, publicKeyPem }, env.now())
      return { integrationKey: added.integrationKeyId, publicKeyId: added.publicKeyId }
    },
  },
  'grant-consent': {
    usage: 'grant-consent --user <userId> --integration-key <id> --scopes "signature impersonation"',
    summary: 'Record that a user lets an integration key act for them with these scopes',
    options: { user: { type: 'string' }, 'integration-key': { type: 'string' }, scopes: { type: 'string' } },
    async run(values, env) {
      const userId = required(values, 'user', 'grant-consent')
      const integrationKeyId = required(values, 'integration-key', 'grant-consent')
      const scopes = list(required(values, 'scopes', 'grant-consent'))
      const consent = await grantConsent(await env.db(), { userId, integrationKeyId, scopes }, env.now())
      return {
        userId: consent.userId,
        integrationKey: consent.integrationKeyId,
        scopes: consent.scopes.join(' '),
      }
    },
  },
  ...accessCommands,
  ...auditCommands,
  ...sealCommands,
  'dev-cert': {
    usage: 'dev-cert --out <directory>',
    summary: 'Write a development CA (ca.crt) and a server certificate and key for localhost',
    options: { out: { type: 'string' } },
    async run(values, env) {
      const paths = writeDevCertificates(required(values, 'out', 'dev-cert'), env.now())
      return {
        caCert: paths.caCert,
        serverCert: paths.serverCert,
        serverKey: paths.serverKey,
        serve: `TLS_CERT_FILE=${paths.serverCert} TLS_KEY_FILE=${paths.serverKey}`,
        trust: `NODE_EXTRA_CA_CERTS=${paths.caCert}`,
      }
    },
  },
  bootstrap: {
    usage: 'bootstrap [--webhook-url <url>]',
    summary:
      'Create (or reuse) the demo account, user, integration key, consent and templates; with --webhook-url, ' +
      'a Connect configuration publishing its envelope events there (HMAC secret in the credentials file)',
    options: { 'webhook-url': { type: 'string' } },
    async run(values, env) {
      const webhookUrl = values['webhook-url']
      if (webhookUrl !== undefined && !/^https?:\/\/[^/]+/.test(String(webhookUrl))) {
        throw new UsageError('bootstrap: --webhook-url must be an http(s) URL')
      }
      const credentials = await bootstrapDemo(await env.db(), {
        publicUrl: env.publicUrl,
        credentialsFile: env.config.DEMO_CREDENTIALS_FILE,
        ...(webhookUrl ? { webhookUrl: String(webhookUrl) } : {}),
        now: env.now(),
      })
      return { ...credentials, credentialsFile: env.config.DEMO_CREDENTIALS_FILE }
    },
  },
}
