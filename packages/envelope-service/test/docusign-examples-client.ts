/**
 * Runs DocuSign's published eSignature code examples (vendored unmodified under `docusign-examples/`)
 * against a running service, with the arguments DocuSign's example app passes them:
 * `tsx test/docusign-examples-client.ts <credentials.json> <name,name,...>` with `NODE_EXTRA_CA_CERTS`
 * naming the development CA. Prints one JSON object: each example's outcome, in the order run.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { DEMO_SCOPES, DEMO_USER, type DemoCredentials } from '../src/admin/bootstrap.js'
import { EG043_AGENT } from './eg043-agent.js'

// biome-ignore lint/suspicious/noExplicitAny: the SDK and the examples are untyped CommonJS.
type Loose = any

const root = resolve(import.meta.dirname, 'docusign-examples')
const load = createRequire(import.meta.url)
const example = (name: string): Loose => load(resolve(root, 'lib/eSignature/examples', `${name}.js`))
const demoDocument = (name: string) => resolve(root, 'demo_documents', name)

export interface ExampleOutcome {
  ok: boolean
  value?: unknown
  status?: number
  body?: unknown
  message?: string
}

const returnUrl = 'https://crm.example.test/ds-return'
const pingUrl = 'https://crm.example.test/'
const signer = { signerEmail: 'ana.signer@example.test', signerName: 'Ana Signer' }
const carbonCopy = { ccEmail: 'carl.copy@example.test', ccName: 'Carl Copy' }
// The example app passes the signer's client id as a number (eg001, eg013, eg016, eg017, eg038, eg044).
const signerClientId = 1000

function describeFailure(error: Loose): ExampleOutcome {
  const response = error?.response
  return {
    ok: false,
    status: response?.status,
    body: response?.data ?? response?.body,
    message: String(error?.message),
  }
}

async function main() {
  const credentials = JSON.parse(readFileSync(process.argv[2] as string, 'utf8')) as DemoCredentials
  const wanted = new Set((process.argv[3] ?? '').split(',').filter((name) => name !== ''))
  // The examples log with console.log; stdout carries only the JSON outcome.
  console.log = (...items: unknown[]) => console.error(...items)

  const docusign: Loose = load('docusign-esign')
  const client = new docusign.ApiClient()
  client.setBasePath(credentials.baseUri)
  client.setOAuthBasePath(credentials.authHost)
  const token = await client.requestJWTUserToken(
    credentials.integrationKey,
    credentials.userId,
    ['signature', 'impersonation'],
    Buffer.from(credentials.privateKeyPem),
    3600,
  )
  const base = {
    basePath: credentials.baseUri,
    accessToken: token.body.access_token as string,
    accountId: credentials.accountId,
  }
  const session: Record<string, Loose> = {}

  /** Each example as DocuSign's example app calls it; later ones use what earlier ones stored. */
  const examples: Record<string, () => Promise<unknown>> = {
    eg001: () =>
      load(resolve(root, 'embeddedSigning.js')).sendEnvelopeForEmbeddedSigning({
        ...base,
        envelopeArgs: {
          ...signer,
          signerClientId,
          dsReturnUrl: returnUrl,
          dsPingUrl: pingUrl,
          docFile: demoDocument('World_Wide_Corp_lorem.pdf'),
        },
      }),
    eg002: async () => {
      const result = await example('signingViaEmail').sendEnvelope({
        ...base,
        envelopeArgs: {
          ...signer,
          ...carbonCopy,
          status: 'sent',
          doc2File: demoDocument('World_Wide_Corp_Battle_Plan_Trafalgar.docx'),
          doc3File: demoDocument('World_Wide_Corp_lorem.pdf'),
        },
      })
      session.envelopeId = result.envelopeId
      return result
    },
    eg003: () => example('listEnvelopes').listEnvelope(base),
    eg004: () => example('envelopeInfo').getEnvelope({ ...base, envelopeId: session.envelopeId }),
    eg005: () => example('envelopeRecipients').listRecipients({ ...base, envelopeId: session.envelopeId }),
    eg006: async () => {
      const result = await example('envelopeDocs').getDocuments({ ...base, envelopeId: session.envelopeId })
      session.envelopeDocuments = {
        envelopeId: session.envelopeId,
        documents: [
          { name: 'Combined', type: 'content', documentId: 'combined' },
          ...result.envelopeDocuments.map((document: Loose) => ({
            documentId: document.documentId,
            name: document.name,
            type: document.type,
          })),
        ],
      }
      return result
    },
    eg007: async () => {
      const download = example('envelopeGetDoc').getDocument
      const args = { ...base, envelopeDocuments: session.envelopeDocuments }
      const combined = await download({ ...args, documentId: 'combined' })
      const first = await download({ ...args, documentId: '1' })
      // Called with a callback, the SDK resolves to the HTTP response and reads its stream itself, so
      // `fileBytes` is that stream, already being consumed: only the name and type are the example's.
      return [combined, first].map(({ mimetype, docName }) => ({ mimetype, docName }))
    },
    eg008: async () => {
      const result = await example('createTemplate').createTemplate({
        ...base,
        templateName: 'Example Signer and CC template v2',
        docFile: demoDocument('World_Wide_Corp_fields.pdf'),
      })
      session.templateId = result.templateId
      return result
    },
    eg009: () =>
      example('useTemplate').sendEnvelopeFromTemplate({
        ...base,
        envelopeArgs: { templateId: session.templateId, ...signer, ...carbonCopy },
      }),
    eg010: () =>
      example('sendBinaryDocs').sendBinaryDocs({
        ...base,
        envelopeArgs: { ...signer, ...carbonCopy },
        doc2File: demoDocument('World_Wide_Corp_Battle_Plan_Trafalgar.docx'),
        doc3File: demoDocument('World_Wide_Corp_lorem.pdf'),
      }),
    eg011: () =>
      example('embeddedSending').sendEnvelopeUsingEmbeddedSending({
        ...base,
        envelopeArgs: {
          ...signer,
          ...carbonCopy,
          dsReturnUrl: returnUrl,
          startingView: 'tagging',
          doc2File: demoDocument('World_Wide_Corp_Battle_Plan_Trafalgar.docx'),
          doc3File: demoDocument('World_Wide_Corp_lorem.pdf'),
        },
      }),
    eg012: () =>
      example('embeddedConsole').createEmbeddedConsoleView({
        ...base,
        dsReturnUrl: returnUrl,
        startingView: 'envelope',
        envelopeId: session.envelopeId,
      }),
    eg013: () =>
      example('addDocToTemplate').addDocToTemplate({
        ...base,
        envelopeArgs: {
          templateId: session.templateId,
          ...signer,
          signerClientId,
          ...carbonCopy,
          item: 'Widget',
          quantity: '5',
          dsReturnUrl: returnUrl,
          dsPingUrl: pingUrl,
        },
      }),
    eg015: () => example('envelopeTabData').getEnvelopeFormData({ ...base, envelopeId: session.envelopeId }),
    eg016: () =>
      example('setTabValues').setTabValues({
        ...base,
        envelopeArgs: {
          ...signer,
          signerClientId,
          dsReturnUrl: returnUrl,
          docFile: demoDocument('World_Wide_Corp_salary.docx'),
        },
      }),
    eg017: () =>
      example('setTemplateTabValues').setTemplateTabValues({
        ...base,
        envelopeArgs: {
          templateId: session.templateId,
          ...signer,
          signerClientId,
          ...carbonCopy,
          dsReturnUrl: returnUrl,
        },
      }),
    eg018: () =>
      example('envelopeCustomFieldData').listCustomFields({ ...base, envelopeId: session.envelopeId }),
    eg019: () =>
      example('accessCodeAuthentication').accessCodeAuthentication({
        ...base,
        envelopeArgs: { ...signer, accessCode: 'Pass-4321' },
      }),
    eg020: () =>
      example('phoneAuthentication').phoneAuthentication({
        ...base,
        envelopeArgs: {
          ...signer,
          phoneNumber: '3001234567',
          countryCode: '57',
          docFile: demoDocument('World_Wide_Corp_lorem.pdf'),
        },
      }),
    eg020sms: () =>
      example('smsAuthentication').smsAuthentication({
        ...base,
        envelopeArgs: { ...signer, ...carbonCopy, phoneNumber: '+573001234567' },
      }),
    eg022: () => example('kbaAuthentication').kbaAuthentication({ ...base, envelopeArgs: { ...signer } }),
    eg023: () =>
      example('idvAuthentication').idvAuthentication({
        ...base,
        envelopeArgs: { ...signer, docFile: demoDocument('World_Wide_Corp_lorem.pdf') },
      }),
    eg024: async () => {
      const result = await example('createPermission').createPermission({
        ...base,
        profileName: 'Inkwell Example Profile',
      })
      session.permissionProfileId = result.permissionProfileId
      return result
    },
    // The example app's form lists the account's groups and profiles (getGroupsAndPermissions) and the user
    // picks a group; the group is one an administrator made beforehand, here through the SDK's createGroups.
    eg025: async () => {
      const { setPermission, getGroupsAndPermissions } = example('permissionSetUserGroup')
      const adminClient = new docusign.ApiClient()
      adminClient.setBasePath(base.basePath)
      adminClient.addDefaultHeader('Authorization', `Bearer ${base.accessToken}`)
      const created = await new docusign.GroupsApi(adminClient).createGroups(credentials.accountId, {
        groupInformation: { groups: [{ groupName: 'Inkwell Example Group' }] },
      })
      const before = await getGroupsAndPermissions(base)
      const group = before.userGroups.groups.find(
        (candidate: Loose) => candidate.groupId === created.groups[0].groupId,
      )
      const result = await setPermission({
        ...base,
        permissionProfileId: session.permissionProfileId,
        userGroupId: group.groupId,
      })
      return { before, result }
    },
    eg026: async () => {
      const { updatePermissionProfile, getProfiles } = example('permissionChangeSingleSetting')
      const profiles = await getProfiles(base)
      const chosen = profiles.permissionProfiles.find(
        (profile: Loose) => profile.permissionProfileId === session.permissionProfileId,
      )
      return updatePermissionProfile({
        ...base,
        selectedId: chosen.permissionProfileId,
        profileName: 'Inkwell Example Profile, renamed',
      })
    },
    // eg024's profile is eg025's group's; the profile eg027's form picks is one nobody holds, made with eg024.
    eg027: async () => {
      const { deletePermission, getPermissions } = example('deletePermission')
      const made = await example('createPermission').createPermission({
        ...base,
        profileName: 'Inkwell Profile to Delete',
      })
      const listed = await getPermissions(base)
      const chosen = listed.find((profile: Loose) => profile.permissionProfileId === made.permissionProfileId)
      await deletePermission({ ...base, profileId: chosen.permissionProfileId })
      return { deletedId: chosen.permissionProfileId, after: await getPermissions(base) }
    },
    eg028: async () => {
      const result = await example('createBrand').createBrand({
        ...base,
        brandName: 'Inkwell Example Brand',
        defaultBrandLanguage: 'es',
      })
      session.brandId = result.brands[0].brandId
      return result
    },
    eg029: async () => {
      const { applyBrandToEnvelope, getBrands } = example('applyBrandToEnvelope')
      const brands = await getBrands(base)
      const result = await applyBrandToEnvelope({
        ...base,
        envelopeArgs: {
          ...signer,
          brandId: brands.brands[0].brandId,
          status: 'sent',
          doc2File: demoDocument('World_Wide_Corp_Battle_Plan_Trafalgar.docx'),
          doc3File: demoDocument('World_Wide_Corp_lorem.pdf'),
        },
      })
      return { ...result, brandId: brands.brands[0].brandId }
    },
    eg030: async () => {
      const { applyBrandToTemplate, getBrands } = example('applyBrandToTemplate')
      const brands = await getBrands(base)
      const result = await applyBrandToTemplate({
        ...base,
        brandId: brands.brands[0].brandId,
        templateId: session.templateId,
        templateRoles: [
          { name: signer.signerName, email: signer.signerEmail, roleName: 'signer' },
          { name: carbonCopy.ccName, email: carbonCopy.ccEmail, roleName: 'cc' },
        ],
      })
      return { ...result, brandId: brands.brands[0].brandId }
    },
    eg031: () =>
      example('bulkSendEnvelope').bulkSendEnvelopes({
        ...base,
        list1: {
          signer: { name: 'Bulk Signer One', email: 'bulk.signer1@example.test' },
          cc: { name: 'Bulk Copy One', email: 'bulk.cc1@example.test' },
        },
        list2: {
          signer: { name: 'Bulk Signer Two', email: 'bulk.signer2@example.test' },
          cc: { name: 'Bulk Copy Two', email: 'bulk.cc2@example.test' },
        },
        docFile: demoDocument('World_Wide_Corp_lorem.pdf'),
      }),
    eg032: async () => {
      const result = await example('pauseSignatureWorkflow').pauseSignatureWorkflow({
        ...base,
        envelopeArgs: {
          signer1Email: 'first.signer@example.test',
          signer1Name: 'First Signer',
          signer2Email: 'second.signer@example.test',
          signer2Name: 'Second Signer',
          status: 'Sent',
          docFile: demoDocument('Welcome.txt'),
        },
      })
      session.pausedEnvelopeId = result.envelopeId
      return result
    },
    eg033: () =>
      example('unpauseSignatureWorkflow').unpauseSignatureWorkflow({
        ...base,
        envelopeId: session.pausedEnvelopeId,
      }),
    eg034: () =>
      example('useConditionalRecipients').useConditionalRecipients({
        ...base,
        envelopeArgs: {
          signer1Email: 'first.signer@example.test',
          signer1Name: 'First Signer',
          signer2aEmail: 'approver.a@example.test',
          signer2aName: 'Approver A',
          signer2bEmail: 'approver.b@example.test',
          signer2bName: 'Approver B',
          status: 'Sent',
          docFile: demoDocument('Welcome.txt'),
        },
      }),
    eg035: () =>
      example('scheduledSending').scheduleEnvelope({
        ...base,
        envelopeArgs: {
          ...signer,
          resumeDate: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
          docPdf: demoDocument('World_Wide_Corp_lorem.pdf'),
        },
      }),
    eg036: () =>
      example('delayedRouting').SendEnvelopeWithDelayedRouting({
        ...base,
        envelopeArgs: {
          signer1Email: 'first.signer@example.test',
          signer1Name: 'First Signer',
          signer2Email: 'second.signer@example.test',
          signer2Name: 'Second Signer',
          delay: '2',
          docPdf: demoDocument('World_Wide_Corp_lorem.pdf'),
        },
      }),
    eg037: () =>
      example('smsDelivery').smsDelivery({
        ...base,
        envelopeArgs: {
          deliveryMethod: 'SMS',
          signerName: 'Ana Signer',
          countryCode: '57',
          phoneNumber: '3001234567',
          ccName: 'Carl Copy',
          ccCountryCode: '57',
          ccPhoneNumber: '3007654321',
          status: 'sent',
          doc2File: demoDocument('World_Wide_Corp_Battle_Plan_Trafalgar.docx'),
          doc3File: demoDocument('World_Wide_Corp_lorem.pdf'),
        },
      }),
    eg038: () =>
      example('responsiveSigning').sendEnvelope({
        ...base,
        envelopeArgs: {
          ...signer,
          ...carbonCopy,
          status: 'sent',
          signerClientId,
          docFile: demoDocument('order_form.html'),
          dsReturnUrl: returnUrl,
          dsPingUrl: pingUrl,
        },
      }),
    eg039: () =>
      example('signingInPerson').sendEnvelopeForInPersonSigning({
        ...base,
        envelopeArgs: {
          hostEmail: DEMO_USER.email,
          hostName: DEMO_USER.name,
          signerName: 'Walk-in Customer',
          dsReturnUrl: returnUrl,
          dsPingUrl: pingUrl,
          docFile: demoDocument('World_Wide_Corp_lorem.pdf'),
        },
      }),
    eg040: () =>
      example('setDocumentVisibility').sendEnvelope({
        ...base,
        envelopeArgs: {
          signer1Email: 'first.signer@example.test',
          signer1Name: 'First Signer',
          signer2Email: 'second.signer@example.test',
          signer2Name: 'Second Signer',
          ...carbonCopy,
          status: 'sent',
          doc2File: demoDocument('World_Wide_Corp_Battle_Plan_Trafalgar.docx'),
          doc3File: demoDocument('World_Wide_Corp_lorem.pdf'),
        },
      }),
    eg041: () =>
      example('embeddedSigningCFR').sendEnvelopeForEmbeddedSigning({
        ...base,
        envelopeArgs: {
          ...signer,
          phoneNumber: '3001234567',
          countryCode: '57',
          signerClientId,
          dsReturnUrl: returnUrl,
          dsPingUrl: pingUrl,
          docFile: demoDocument('World_Wide_Corp_lorem.pdf'),
        },
      }),
    // The controller's flow: create (or find) the agent, authorize it to manage, take a token as the agent,
    // and list the principal's (the demo user's) envelopes with X-DocuSign-Act-On-Behalf.
    eg043: async () => {
      const shared = example('sharedAccess')
      const agent = await shared.createAgent({ ...base, ...EG043_AGENT })
      await shared.createAuthorization({ ...base, userId: credentials.userId, agentUserId: agent.userId })
      const agentToken = await client.requestJWTUserToken(
        credentials.integrationKey,
        agent.userId,
        DEMO_SCOPES,
        Buffer.from(credentials.privateKeyPem),
        3600,
      )
      const envelopes = await shared.getEnvelopes({
        ...base,
        accessToken: agentToken.body.access_token as string,
        userId: credentials.userId,
      })
      return { agentUserId: agent.userId, envelopes }
    },
    eg044: () =>
      example('focusedView').sendEnvelope({
        ...base,
        envelopeArgs: {
          ...signer,
          signerClientId,
          dsReturnUrl: returnUrl,
          dsPingUrl: pingUrl,
          docFile: demoDocument('World_Wide_Corp_lorem.pdf'),
        },
      }),
    eg045: async () => {
      const { deleteEnvelope, getFolders, moveEnvelopeToFolder } = example('deleteRestoreEnvelope')
      const args = { ...base, envelopeId: session.envelopeId }
      const deleted = await deleteEnvelope({ ...args, deleteFolderId: 'recyclebin' })
      const folders = await getFolders(args)
      const sentItems = folders.folders.find((folder: Loose) => folder.type === 'sentitems')
      const restored = await moveEnvelopeToFolder({
        ...args,
        fromFolderId: 'recyclebin',
        folderId: sentItems.folderId,
      })
      return { deleted, folders: folders.folders.length, restored }
    },
    eg046: () =>
      example('multipleDelivery').sendByMultipleChannels({
        ...base,
        envelopeArgs: {
          deliveryMethod: 'WhatsApp',
          ...signer,
          countryCode: '57',
          phoneNumber: '3001234567',
          ...carbonCopy,
          ccCountryCode: '57',
          ccPhoneNumber: '3007654321',
          status: 'sent',
          doc2File: demoDocument('World_Wide_Corp_Battle_Plan_Trafalgar.docx'),
          doc3File: demoDocument('World_Wide_Corp_lorem.pdf'),
        },
      }),
  }

  const outcomes: Record<string, ExampleOutcome> = {}
  for (const [name, run] of Object.entries(examples)) {
    if (wanted.size > 0 && !wanted.has(name)) continue
    outcomes[name] = await run().then((value) => ({ ok: true, value }), describeFailure)
  }
  process.stdout.write(JSON.stringify(outcomes))
}

main().catch((error) => {
  process.stderr.write(`${JSON.stringify(describeFailure(error))}\n${error?.stack ?? error}\n`)
  process.exitCode = 1
})
