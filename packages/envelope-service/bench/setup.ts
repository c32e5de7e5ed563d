import { execFile } from 'node:child_process'
import { createPrivateKey } from 'node:crypto'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { SignJWT } from 'jose'
import { connectDatabase } from 'platform'
import type { DemoCredentials } from '../src/admin/bootstrap.js'
import type { Schema } from '../src/database.js'

/** What `admin bootstrap --json` prints: the demo account and the credentials to call it. */
export type { DemoCredentials }

/** Runs the real admin CLI's `bootstrap --json` against the benchmark database. */
export async function bootstrapDemo(
  packageDir: string,
  env: Record<string, string>,
): Promise<DemoCredentials> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', join(packageDir, 'src/admin/cli.ts'), 'bootstrap', '--json'],
    { cwd: packageDir, env: { ...process.env, ...env }, timeout: 120_000 },
  )
  const credentials = JSON.parse(stdout) as DemoCredentials
  if (credentials.templates.length < 3) {
    throw new Error(`bootstrap created ${credentials.templates.length} templates; the bench needs 3`)
  }
  return credentials
}

/**
 * Raises the account's API limits in the database directly (the admin CLI sets limits only when it
 * creates an account): the default 3,000 calls an hour would end every scenario within a second.
 */
export async function raiseAccountLimits(
  databaseUrl: string,
  accountId: string,
  limit: number,
): Promise<void> {
  const database = connectDatabase<Schema>(databaseUrl)
  try {
    const updated = await database.db
      .updateTable('accounts')
      .set({ hourly_limit: limit, burst_limit: limit })
      .where('id', '=', accountId)
      .returning('id')
      .executeTakeFirst()
    if (!updated) throw new Error(`account ${accountId} not found to raise its limits`)
  } finally {
    await database.close()
  }
}

/**
 * `count` distinct JWT bearer assertions (RS256, signed with the demo integration key's private key),
 * valid for the next hour, as form bodies for `POST /oauth/token`.
 */
export async function tokenRequestBodies(credentials: DemoCredentials, count: number): Promise<string[]> {
  const key = createPrivateKey(credentials.privateKeyPem)
  const issuedAt = Math.floor(Date.now() / 1000)
  const bodies: string[] = []
  for (let index = 0; index < count; index++) {
    const assertion = await new SignJWT({ scope: 'signature impersonation', jti: `bench-${index}` })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(credentials.integrationKey)
      .setSubject(credentials.userId)
      .setAudience(credentials.authHost)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 3600)
      .sign(key)
    bodies.push(
      new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }).toString(),
    )
  }
  return bodies
}

/**
 * The CRM's envelope: one composite template per demo template, each overlaying the two roles
 * (Signing Recipient #1 by SMS, Service Coordinator by email) and the envelope custom fields.
 */
export function envelopeDefinition(credentials: DemoCredentials, sequence: number) {
  const caseNumber = String(10_000 + (sequence % 90_000)).padStart(5, '0')
  return {
    status: 'sent',
    emailSubject: `Documents for case ${caseNumber}`,
    emailBlurb: 'Hello,\n\nPlease review and sign the attached documents.\n\nThank you',
    compositeTemplates: credentials.templates.slice(0, 3).map((template, index) => ({
      compositeTemplateId: String(index + 1),
      serverTemplates: [{ sequence: '1', templateId: template.templateId }],
      inlineTemplates: [
        {
          sequence: '2',
          recipients: {
            signers: [
              {
                recipientId: '1',
                roleName: 'Signing Recipient #1',
                routingOrder: '1',
                name: 'Ana Ruiz',
                email: 'ana.ruiz@example.test',
                deliveryMethod: 'SMS',
                phoneNumber: {
                  countryCode: '57',
                  number: `300${String(sequence % 10_000_000).padStart(7, '0')}`,
                },
              },
              {
                recipientId: '2',
                roleName: 'Service Coordinator',
                routingOrder: '2',
                name: 'Cole Baker',
                email: 'cole.baker@example.test',
              },
            ],
          },
          customFields: {
            textCustomFields: [
              { name: 'CrmRecordId', value: `500Dn${String(sequence).padStart(8, '0')}`, show: 'false' },
              { name: 'CaseNumber', value: caseNumber, show: 'false' },
            ],
            listCustomFields: [
              { name: 'Language', value: 'English', listItems: ['English', 'Spanish'], show: 'false' },
            ],
          },
        },
      ],
    })),
  }
}
