import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DEMO_SCOPES } from '../src/admin/bootstrap.js'
import type { HttpsDemoService } from '../src/testing/https-demo.js'
import { startHttpsDemoService } from '../src/testing/https-demo.js'
import type { ExampleOutcome } from './docusign-examples-client.js'
import { EG043_AGENT } from './eg043-agent.js'

/**
 * DocuSign's published Node eSignature examples (vendored unmodified in `docusign-examples/`, MIT) run
 * against the service over HTTPS with the official SDK, with the arguments DocuSign's example app gives
 * them. `RUNS` are expected to pass; `NOT_RUN` lists the others with the reason (also in the API docs).
 */

const packageRoot = resolve(import.meta.dirname, '..')
const tsx = resolve(packageRoot, '../../node_modules/.bin/tsx')

/**
 * In the order they run: eg004-eg007, eg015, eg018 and eg045 use eg002's envelope, eg009 and eg030 eg008's
 * template, eg025-eg026 eg024's permission profile, eg029-eg030 eg028's brand.
 */
const RUNS = [
  'eg001',
  'eg002',
  'eg003',
  'eg004',
  'eg005',
  'eg006',
  'eg007',
  'eg008',
  'eg009',
  'eg010',
  'eg011',
  'eg012',
  'eg013',
  'eg015',
  'eg016',
  'eg018',
  'eg019',
  'eg020',
  'eg020sms',
  'eg024',
  'eg025',
  'eg026',
  'eg027',
  'eg028',
  'eg029',
  'eg030',
  'eg031',
  'eg032',
  'eg033',
  'eg034',
  'eg035',
  'eg036',
  'eg039',
  'eg040',
  'eg043',
  'eg044',
  'eg045',
] as const

const NOT_RUN: Record<string, string> = {
  eg014: 'payments need a payment gateway account (DocuSign Payments)',
  eg017:
    'its list tab selection by value and tabLabel works, but its extra text tab is written with snake_case keys (document_id, page_number, x_position, tab_label) that the SDK drops: it arrives with its value and formatting only, neither placed nor labelled to fill a template tab, so a 400 (a tab with no properties at all would be taken as absent)',
  eg022: 'knowledge-based authentication (idCheckConfigurationName "ID Check") needs an identity provider',
  eg023: 'needs the DocuSign ID Verification workflow (document and selfie check by an identity provider)',
  eg037: 'an SMS-only signer without email: the contract requires an email on every recipient',
  eg038: 'responsive signing (documentHtmlDefinition) is not supported',
  eg041: 'needs a 21 CFR Part 11 account and the DocuSign ID Verification workflow',
  eg042: 'document generation (docGenFormFields) is not supported',
  eg046: 'WhatsApp delivery is not offered (email and SMS are)',
}

/** eg043's agent: an active member who has consented to the demo key (eg043-agent.ts says why). */
async function seedEg043Agent(demo: HttpsDemoService) {
  const { db } = demo.service.ctx
  const now = new Date().toISOString()
  const userId = randomUUID()
  await db
    .insertInto('users')
    .values({
      id: userId,
      name: EG043_AGENT.userName,
      email: EG043_AGENT.email,
      created_at: now,
      // Active (a password is set); this placeholder is no scrypt hash, so no one signs in with it.
      password_hash: 'not-a-password',
    })
    .execute()
  await db
    .insertInto('memberships')
    .values({
      account_id: demo.credentials.accountId,
      user_id: userId,
      permissions: 'send_envelopes',
      is_default: 1,
      created_at: now,
    })
    .execute()
  await db
    .insertInto('consents')
    .values({
      user_id: userId,
      integration_key_id: demo.credentials.integrationKey,
      scopes: DEMO_SCOPES.join(' '),
      granted_at: now,
    })
    .execute()
}

describeEachDatabase("DocuSign's published eSignature examples, unmodified, over HTTPS", (databases) => {
  let demo: HttpsDemoService
  let outcomes: Record<string, ExampleOutcome>

  beforeAll(async () => {
    demo = await startHttpsDemoService(await databases.freshUrl())
    await seedEg043Agent(demo)
    const { stdout } = await promisify(execFile)(
      tsx,
      ['test/docusign-examples-client.ts', demo.credentialsFile, RUNS.join(',')],
      {
        cwd: packageRoot,
        env: { ...process.env, NODE_EXTRA_CA_CERTS: demo.caFile },
        maxBuffer: 64 * 1024 * 1024,
      },
    )
    outcomes = JSON.parse(stdout)
  }, 300_000)
  afterAll(() => demo?.close())

  // biome-ignore lint/suspicious/noExplicitAny: the examples return untyped SDK models.
  const resultOf = (name: (typeof RUNS)[number]): any => {
    const outcome = outcomes[name]
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true })
    return outcome?.value
  }
  const storedEnvelope = (envelopeId: string) =>
    demo.service.ctx.db
      .selectFrom('envelopes')
      .select(['status', 'account_id'])
      .where('id', '=', envelopeId)
      .executeTakeFirstOrThrow()
  const recipientsOf = (envelopeId: string) =>
    demo.service.ctx.db
      .selectFrom('envelope_recipients')
      .select(['recipient_id', 'type', 'name', 'email'])
      .where('envelope_id', '=', envelopeId)
      .orderBy('recipient_id')
      .execute()
  const documentCount = async (envelopeId: string) =>
    (
      await demo.service.ctx.db
        .selectFrom('envelope_documents')
        .select('document_id')
        .where('envelope_id', '=', envelopeId)
        .execute()
    ).length

  it('eg002 sends an envelope of three documents (HTML, DOCX, PDF) to a signer and a carbon copy', async () => {
    const { envelopeId } = resultOf('eg002')
    expect((await storedEnvelope(envelopeId)).account_id).toBe(demo.credentials.accountId)
    expect(await documentCount(envelopeId)).toBe(3)
    expect((await recipientsOf(envelopeId)).map((recipient) => recipient.type)).toEqual([
      'signer',
      'carbonCopy',
    ])
  })

  it("eg003 lists the account's envelopes of the last 30 days", () => {
    const { envelopeId } = resultOf('eg002')
    const listed = resultOf('eg003')
    expect(listed.envelopes.map((envelope: { envelopeId: string }) => envelope.envelopeId)).toContain(
      envelopeId,
    )
  })

  it("eg004 reads the envelope's status", () => {
    expect(resultOf('eg004')).toMatchObject({ envelopeId: resultOf('eg002').envelopeId, status: 'sent' })
  })

  it('eg005 lists its recipients', () => {
    const recipients = resultOf('eg005')
    expect(recipients.signers.map((signer: { email: string }) => signer.email)).toEqual([
      'ana.signer@example.test',
    ])
    expect(recipients.carbonCopies.map((copy: { email: string }) => copy.email)).toEqual([
      'carl.copy@example.test',
    ])
  })

  it('eg006 lists its documents and eg007 downloads the combined PDF and one document', () => {
    const listed = resultOf('eg006')
    expect(
      listed.envelopeDocuments.filter((document: { type: string }) => document.type === 'content'),
    ).toHaveLength(3)
    expect(resultOf('eg007')).toEqual([
      { mimetype: 'application/pdf', docName: 'Combined.pdf' },
      { mimetype: 'application/pdf', docName: `${listed.envelopeDocuments[0].name}.pdf` },
    ])
  })

  it('eg008 creates a template and eg009 sends an envelope from it by role', async () => {
    const template = resultOf('eg008')
    expect(template).toMatchObject({
      createdNewTemplate: true,
      templateName: 'Example Signer and CC template v2',
    })
    const { envelopeId, status } = resultOf('eg009')
    expect(status).toBe('sent')
    expect((await recipientsOf(envelopeId)).map(({ type, email }) => [type, email])).toEqual([
      ['signer', 'ana.signer@example.test'],
      ['carbonCopy', 'carl.copy@example.test'],
    ])
  })

  it('eg010 sends three documents as multipart binary parts', async () => {
    const { envelopeId, status } = resultOf('eg010')
    expect(status).toBe('sent')
    expect(await documentCount(envelopeId)).toBe(3)
  })

  it('eg015 reads the form data and eg018 the custom fields of the envelope', () => {
    const form = resultOf('eg015')
    expect(form.envelopeId).toBe(resultOf('eg002').envelopeId)
    expect(form.recipientFormData).toHaveLength(2)
    expect(resultOf('eg018')).toEqual({ textCustomFields: [], listCustomFields: [] })
  })

  it('eg016 sends a DOCX with preset and locked values and opens the embedded signing URL', async () => {
    const { envelopeId, redirectUrl } = resultOf('eg016')
    expect(redirectUrl).toMatch(/\/signing\/#[A-Za-z0-9_-]{43}$/)
    expect((await storedEnvelope(envelopeId)).status).toBe('sent')
  })

  it("eg013 adds an HTML document to eg008's template; its carbon copy, repeated in both composites, is one recipient", async () => {
    const { envelopeId, redirectUrl } = resultOf('eg013')
    expect(redirectUrl).toMatch(/\/signing\/#[A-Za-z0-9_-]{43}$/)
    expect(await documentCount(envelopeId)).toBeGreaterThan(1)
    expect((await recipientsOf(envelopeId)).map((r) => [r.recipient_id, r.type])).toEqual([
      ['1', 'signer'],
      ['2', 'carbonCopy'],
    ])
  })

  it('eg031 bulk sends a draft envelope to a list of two copies', async () => {
    const batch = resultOf('eg031')
    expect(batch).toMatchObject({ batchSize: '2', failed: '0' })
    const draft = await storedEnvelope(batch.envelopeIdOrTemplateId)
    expect(draft.status).toBe('created')
  })

  it('eg020 sends with phone authentication; the SMS authentication example sends too', async () => {
    for (const name of ['eg020', 'eg020sms'] as const) {
      const { envelopeId, status } = resultOf(name)
      expect(status).toBe('sent')
      expect((await recipientsOf(envelopeId)).length).toBeGreaterThan(0)
    }
  })

  it('eg032 pauses the workflow before the second signer and eg033 resumes it', async () => {
    const paused = resultOf('eg032')
    expect(resultOf('eg033').envelopeId).toBe(paused.envelopeId)
    const workflow = await demo.service.ctx.db
      .selectFrom('envelopes')
      .select('workflow')
      .where('id', '=', paused.envelopeId)
      .executeTakeFirstOrThrow()
    expect(JSON.parse(workflow.workflow ?? '{}').workflowStatus).not.toBe('paused')
  })

  it('eg034 sends with conditional recipients and eg036 with delayed routing', async () => {
    for (const name of ['eg034', 'eg036'] as const) {
      expect((await storedEnvelope(resultOf(name).envelopeId)).status).toBe('sent')
    }
  })

  it('eg039 opens an in-person signing session hosted by the sending user, without clientUserId', async () => {
    const { envelopeId, redirectUrl } = resultOf('eg039')
    expect(redirectUrl).toMatch(/\/signing\/#[A-Za-z0-9_-]{43}$/)
    expect((await recipientsOf(envelopeId)).map((recipient) => recipient.type)).toEqual(['inPersonSigner'])
  })

  it('eg040 sends three documents with enforced visibility: each signer is excluded from the ones it does not sign', async () => {
    const { envelopeId } = resultOf('eg040')
    const stored = await demo.service.ctx.db
      .selectFrom('envelope_recipients')
      .select(['recipient_id', 'excluded_documents'])
      .where('envelope_id', '=', envelopeId)
      .orderBy('recipient_id')
      .execute()
    expect(stored.map((row) => [row.recipient_id, row.excluded_documents])).toEqual([
      ['1', '["2","3"]'],
      ['2', '["1"]'],
      ['3', null],
    ])
    const envelope = await demo.service.ctx.db
      .selectFrom('envelopes')
      .select('enforce_signer_visibility')
      .where('id', '=', envelopeId)
      .executeTakeFirstOrThrow()
    expect(envelope.enforce_signer_visibility).toBe(1)
  })

  it("eg043 creates an agent, authorizes it to manage, and the agent lists the demo user's envelopes on behalf", async () => {
    const { agentUserId, envelopes } = resultOf('eg043')
    const stored = await demo.service.ctx.db
      .selectFrom('user_authorizations')
      .select(['principal_user_id', 'agent_user_id', 'permission'])
      .where('agent_user_id', '=', agentUserId)
      .execute()
    expect(stored).toEqual([
      { principal_user_id: demo.credentials.userId, agent_user_id: agentUserId, permission: 'manage' },
    ])
    expect(envelopes.envelopes.map((envelope: { envelopeId: string }) => envelope.envelopeId)).toContain(
      resultOf('eg002').envelopeId,
    )
  })

  it('eg001 and eg044 send to an embedded signer whose clientUserId is a JSON number, and open the signing URL', async () => {
    for (const name of ['eg001', 'eg044'] as const) {
      const { envelopeId, redirectUrl } = resultOf(name)
      expect(redirectUrl).toMatch(/\/signing\/#[A-Za-z0-9_-]{43}$/)
      expect((await storedEnvelope(envelopeId)).status).toBe('sent')
    }
  })

  it('eg011 creates a draft and its sender view: a one-time URL into the web app (embedded-views.browser.test.ts sends it)', async () => {
    const { envelopeId, redirectUrl } = resultOf('eg011')
    expect(redirectUrl).toMatch(/\/app-session\/console\/[A-Za-z0-9_-]+$/)
    expect((await storedEnvelope(envelopeId)).status).toBe('created')
    expect(await documentCount(envelopeId)).toBe(3)
  })

  it("eg012 opens the web app's console view on eg002's envelope", () => {
    expect(resultOf('eg012').redirectUrl).toMatch(/\/app-session\/console\/[A-Za-z0-9_-]+$/)
  })

  it('eg019 sends with an access code and smsAuthentication: null, and eg035 schedules with a date-only resumeDate', async () => {
    for (const name of ['eg019', 'eg035'] as const) {
      const { envelopeId } = resultOf(name)
      expect(['sent', 'created']).toContain((await storedEnvelope(envelopeId)).status)
    }
  })

  it('eg045 moves the envelope to the recycle bin, lists the folders and restores it', async () => {
    const result = resultOf('eg045')
    expect(result.folders).toBeGreaterThan(0)
    const { folder } = await demo.service.ctx.db
      .selectFrom('envelopes')
      .select('folder')
      .where('id', '=', resultOf('eg002').envelopeId)
      .executeTakeFirstOrThrow()
    expect(folder).not.toBe('recyclebin')
    // Deleting an envelope in progress voids it, as DocuSign does; restoring does not undo that.
    expect((await storedEnvelope(resultOf('eg002').envelopeId)).status).toBe('voided')
  })

  it('eg024 creates a permission profile, eg025 sets it on a group, eg026 renames it and eg027 deletes another', async () => {
    const created = resultOf('eg024')
    expect(created).toMatchObject({
      permissionProfileName: 'Inkwell Example Profile',
      settings: {
        allowEnvelopeSending: 'true',
        allowedTemplateAccess: 'share',
        useNewDocuSignExperienceInterface: '0',
      },
    })
    const { before, result } = resultOf('eg025')
    expect(
      before.listPermissions.permissionProfiles.map(
        (profile: { permissionProfileId: string }) => profile.permissionProfileId,
      ),
    ).toEqual(expect.arrayContaining(['2301414', '2301415', '2301416', created.permissionProfileId]))
    expect(before.userGroups.groups.map((group: { groupName: string }) => group.groupName)).toEqual(
      expect.arrayContaining(['Everyone', 'Administrators', 'Inkwell Example Group']),
    )
    expect(result.groups).toMatchObject([
      { groupName: 'Inkwell Example Group', permissionProfileId: created.permissionProfileId },
    ])
    expect(resultOf('eg026')).toMatchObject({
      permissionProfileId: created.permissionProfileId,
      permissionProfileName: 'Inkwell Example Profile, renamed',
      settings: { allowEnvelopeSending: 'true' },
    })
    const { deletedId, after } = resultOf('eg027')
    const remaining = after.map((profile: { permissionProfileId: string }) => profile.permissionProfileId)
    expect(remaining).toContain(created.permissionProfileId)
    expect(remaining).not.toContain(deletedId)
  })

  it('eg028 creates a brand, and eg029 and eg030 send an envelope and a template envelope that carry it', async () => {
    const { brands } = resultOf('eg028')
    expect(brands).toMatchObject([{ brandName: 'Inkwell Example Brand', defaultBrandLanguage: 'es' }])
    for (const name of ['eg029', 'eg030'] as const) {
      const { envelopeId, brandId } = resultOf(name)
      expect(brandId).toBe(brands[0].brandId)
      const stored = await demo.service.ctx.db
        .selectFrom('envelopes')
        .select(['status', 'brand_id'])
        .where('id', '=', envelopeId)
        .executeTakeFirstOrThrow()
      expect(stored).toEqual({ status: 'sent', brand_id: brandId })
    }
  })

  it('ran every example it lists and none of those it does not', () => {
    expect(Object.keys(outcomes).sort()).toEqual([...RUNS].sort())
    for (const name of Object.keys(NOT_RUN)) expect(outcomes).not.toHaveProperty(name)
  })
})
