import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signaturePng } from '../completion/test-fixtures.js'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import { runWorkflowRound } from '../lifecycle/resume/job.js'
import { deliverySettingsOf } from '../notifications/config.js'
import { createDelivery } from '../notifications/dispatch.js'
import { runMessagesRound } from '../notifications/outbox-job.js'
import { startSmtpSink } from '../notifications/testing/smtp-sink.js'
import {
  type DocuSignSdkBase,
  loadDocuSignSdk,
  type SdkModel,
  type SdkService,
  startSdkService,
} from '../testing/sdk.js'

type Model = { constructFromObject(data: unknown): SdkModel }
interface DocuSignSdk extends DocuSignSdkBase {
  Document: Model
  SignHere: Model
  Checkbox: Model
  Signer: Model
  Tabs: Model
  Recipients: Model
  RecipientOption: Model
  RecipientGroup: Model
  ConditionalRecipientRuleFilter: Model
  ConditionalRecipientRuleCondition: Model
  ConditionalRecipientRule: Model
  RecipientRouting: Model
  RecipientRules: Model
  WorkflowStep: Model
  Workflow: Model
  EnvelopeDefinition: Model
  EnvelopesApi: new (
    client: unknown,
  ) => {
    createEnvelope(accountId: string, options: { envelopeDefinition: unknown }): Promise<SdkModel>
    getEnvelope(accountId: string, envelopeId: string): Promise<SdkModel>
    listRecipients(accountId: string, envelopeId: string): Promise<SdkModel>
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()

/**
 * DocuSign's conditional-recipients example (code-examples-node, eg034 `useConditionalRecipients.js`)
 * run unmodified through the official SDK: the placeholder approver has no email, the document is a
 * `txt` file, the filters' values are JavaScript booleans. Recipient 1 signs through the signing page's
 * API with the link its invitation brought to a real SMTP listener; the workflow job then chooses who
 * recipient 2 is, and the invitation reaches that person's address (and only theirs).
 */

interface ExampleArgs {
  docFile: Buffer
  status: string
  signer1Email: string
  signer1Name: string
  signer2aEmail: string
  signer2aName: string
  signer2bEmail: string
  signer2bName: string
}

/** The example's `makeEnvelope`, step for step (only the document is passed as bytes instead of read from disk). */
function makeEnvelope(args: ExampleArgs) {
  const document = docusign.Document.constructFromObject({
    documentBase64: args.docFile.toString('base64'),
    name: 'Welcome',
    fileExtension: 'txt',
    documentId: 1,
  })
  const signHere1 = docusign.SignHere.constructFromObject({
    documentId: 1,
    pageNumber: 1,
    tabLabel: 'Sign Here',
    xPosition: 200,
    yPosition: 200,
  })
  const signHere2 = docusign.SignHere.constructFromObject({
    documentId: 1,
    pageNumber: 1,
    tabLabel: ' Sign Here',
    recipientId: 2,
    xPosition: 300,
    yPosition: 200,
  })
  const checkbox = docusign.Checkbox.constructFromObject({
    documentId: 1,
    pageNumber: 1,
    name: 'ClickToApprove',
    selected: false,
    tabLabel: 'ApproveWhenChecked',
    xPosition: 50,
    yPosition: 50,
  })
  const signer1 = docusign.Signer.constructFromObject({
    email: args.signer1Email,
    name: args.signer1Name,
    recipientId: 1,
    routingOrder: 1,
    roleName: 'Purchaser',
    tabs: docusign.Tabs.constructFromObject({ signHereTabs: [signHere1], checkboxTabs: [checkbox] }),
  })
  const signer2 = docusign.Signer.constructFromObject({
    name: 'Approver',
    recipientId: 2,
    routingOrder: 2,
    roleName: 'Approver',
    tabs: docusign.Tabs.constructFromObject({ signHereTabs: [signHere2] }),
  })
  const recipients = docusign.Recipients.constructFromObject({ signers: [signer1, signer2] })
  const signer2a = docusign.RecipientOption.constructFromObject({
    email: args.signer2aEmail,
    name: args.signer2aName,
    roleName: 'Signer when not checked',
    recipientLabel: 'signer2a',
  })
  const signer2b = docusign.RecipientOption.constructFromObject({
    email: args.signer2bEmail,
    name: args.signer2bName,
    roleName: 'Signer when checked',
    recipientLabel: 'signer2b',
  })
  const recipientGroup = docusign.RecipientGroup.constructFromObject({
    groupName: 'Approver',
    groupMessage: 'Members of this group approve a workflow',
    recipients: [signer2a, signer2b],
  })
  const filter = (value: boolean) =>
    docusign.ConditionalRecipientRuleFilter.constructFromObject({
      scope: 'tabs',
      recipientId: 1,
      tabId: 'ApprovalTab',
      operator: 'equals',
      value,
      tabLabel: 'ApproveWhenChecked',
      tabType: 'checkbox',
    })
  const condition1 = docusign.ConditionalRecipientRuleCondition.constructFromObject({
    filters: [filter(false)],
    order: 1,
    recipientLabel: 'signer2a',
  })
  const condition2 = docusign.ConditionalRecipientRuleCondition.constructFromObject({
    filters: [filter(true)],
    order: 2,
    recipientLabel: 'signer2b',
  })
  const conditionalRecipient = docusign.ConditionalRecipientRule.constructFromObject({
    conditions: [condition1, condition2],
    recipientGroup,
    recipientId: 2,
    order: 0,
  })
  const recipientRouting = docusign.RecipientRouting.constructFromObject({
    rules: docusign.RecipientRules.constructFromObject({ conditionalRecipients: [conditionalRecipient] }),
  })
  const workflowStep = docusign.WorkflowStep.constructFromObject({
    action: 'pause_before',
    triggerOnItem: 'routing_order',
    itemId: 2,
    status: 'pending',
    recipientRouting,
  })
  const workflow = docusign.Workflow.constructFromObject({ workflowSteps: [workflowStep] })
  return docusign.EnvelopeDefinition.constructFromObject({
    emailSubject: 'EnvelopeWorkflowTest',
    documents: [document],
    status: args.status,
    workflow,
    recipients,
  })
}

const START = Date.parse('2026-11-23T09:00:00.000Z')
const WELCOME = Buffer.from(
  'Welcome\n\nTick "ClickToApprove" to route this purchase to the approver for checked purchases.\n',
)

describeEachDatabase('DocuSign example eg034 (conditional recipients)', ({ freshUrl }) => {
  let clock = START
  let sdk: SdkService
  let sink: Awaited<ReturnType<typeof startSmtpSink>>
  let delivery: ReturnType<typeof createDelivery>
  let envelopes: InstanceType<DocuSignSdk['EnvelopesApi']>

  beforeAll(async () => {
    sink = await startSmtpSink()
    sdk = await startSdkService(await freshUrl(), { now: () => clock })
    // The test runs each job's round itself: nothing happens behind its back.
    await sdk.service.ctx.jobs.stop()
    delivery = createDelivery(deliverySettingsOf({ SMTP_URL: sink.url, SMTP_FROM: 'no-reply@inkwell.test' }))
    envelopes = new docusign.EnvelopesApi(sdk.client)
  }, 60_000)
  afterAll(async () => {
    delivery?.close()
    await sdk?.close()
    await sink?.close()
  })

  const sendMessages = () =>
    runMessagesRound({
      db: sdk.service.ctx.db,
      dialect: sdk.service.ctx.database.dialect,
      now: () => clock,
      publicUrl: sdk.service.ctx.publicUrl,
      dispatch: delivery.dispatch,
      owner: 'eg034-test',
    })

  const mailTo = (address: string) => sink.received.filter((mail) => mail.to.includes(address))

  /** The signing token of the one invitation `address` received, from the link in its text. */
  function invitationToken(address: string): string {
    const mails = mailTo(address)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toContain('EnvelopeWorkflowTest')
    const token = /\/signing\/#([^\s"<>]+)/.exec(mails[0]!.text ?? '')?.[1]
    expect(token, mails[0]!.text).toBeDefined()
    return token as string
  }

  /** Signs on the signing page's API as the holder of `token`, with the checkbox (if any) set to `checked`. */
  async function signWith(token: string, checked?: boolean) {
    const headers = { 'x-signing-token': token }
    const session = await sdk.service.app.inject({ url: '/signing/api/session', headers })
    expect(session.statusCode, session.body).toBe(200)
    const tabs = session.json().tabs as { tabId: string; type: string }[]
    const values: Record<string, string> = {}
    for (const tab of tabs) {
      if (tab.type === 'signHere') values[tab.tabId] = 'signed'
      if (tab.type === 'checkbox' && checked !== undefined) values[tab.tabId] = String(checked)
    }
    const finished = await sdk.service.app.inject({
      method: 'POST',
      url: '/signing/api/finish',
      headers,
      payload: { signature: signaturePng(), values },
    })
    expect(finished.statusCode, finished.body).toBe(200)
    return session.json() as { recipient: { recipientId: string; name: string; email?: string } }
  }

  async function approver(envelopeId: string) {
    const recipients = await envelopes.listRecipients(sdk.principal.accountId, envelopeId)
    const signer = (recipients.signers as SdkModel[]).find((recipient) => recipient.recipientId === '2')
    return (
      signer && { name: signer.name, email: signer.email, roleName: signer.roleName, status: signer.status }
    )
  }

  type Label = 'signer2a' | 'signer2b'
  it.each<{ checked: boolean; chosen: Label; other: Label }>([
    { checked: true, chosen: 'signer2b', other: 'signer2a' },
    { checked: false, chosen: 'signer2a', other: 'signer2b' },
  ])(
    'with the checkbox checked: $checked, recipient 2 becomes $chosen',
    async ({ checked, chosen, other }) => {
      const tag = checked ? 'checked' : 'unchecked'
      const args: ExampleArgs = {
        docFile: WELCOME,
        status: 'sent',
        signer1Email: `purchaser-${tag}@example.test`,
        signer1Name: 'Pat Purchaser',
        signer2aEmail: `signer2a-${tag}@example.test`,
        signer2aName: 'Nora Notchecked',
        signer2bEmail: `signer2b-${tag}@example.test`,
        signer2bName: 'Chris Checked',
      }
      const option = {
        signer2a: { name: args.signer2aName, email: args.signer2aEmail, roleName: 'Signer when not checked' },
        signer2b: { name: args.signer2bName, email: args.signer2bEmail, roleName: 'Signer when checked' },
      }
      clock = START
      const summary = await envelopes.createEnvelope(sdk.principal.accountId, {
        envelopeDefinition: makeEnvelope(args),
      })
      expect(summary.status).toBe('sent')
      const envelopeId = summary.envelopeId as string

      // The placeholder as DocuSign keeps it until the rule runs: the name given, no email, not invited.
      expect(await approver(envelopeId)).toEqual({
        name: 'Approver',
        email: undefined,
        roleName: 'Approver',
        status: 'created',
      })
      const created = await envelopes.getEnvelope(sdk.principal.accountId, envelopeId)
      expect(created.workflow).toMatchObject({
        workflowStatus: 'in_progress',
        workflowSteps: [{ action: 'pause_before', itemId: '2', status: 'pending' }],
      })

      await sendMessages()
      clock = START + 60_000
      await signWith(invitationToken(args.signer1Email), checked)

      // The rule is the workflow job's: the signing invites nobody, and the sender has nothing to resume.
      await sendMessages()
      expect(mailTo(option[chosen].email)).toHaveLength(0)
      const evaluating = await envelopes.getEnvelope(sdk.principal.accountId, envelopeId)
      expect(evaluating.workflow).toMatchObject({
        workflowStatus: 'in_progress',
        currentWorkflowStepId: evaluating.workflow.workflowSteps[0].workflowStepId,
        workflowSteps: [{ status: 'in_progress' }],
      })
      const resume = await sdk.service.app.inject({
        method: 'PUT',
        url: `/restapi/v2.1/accounts/${sdk.principal.accountId}/envelopes/${envelopeId}`,
        headers: sdk.principal.headers,
        payload: { workflow: { workflowStatus: 'in_progress' } },
      })
      expect(resume.statusCode).toBe(400)
      expect(resume.json().errorCode).toBe('WORKFLOW_NOT_PAUSED')

      expect((await runWorkflowRound(sdk.service.ctx)).resumed).toBe(1)
      expect(await approver(envelopeId)).toEqual({ ...option[chosen], status: 'sent' })
      const routed = await envelopes.getEnvelope(sdk.principal.accountId, envelopeId)
      expect(routed.workflow).toMatchObject({
        workflowStatus: 'in_progress',
        workflowSteps: [{ status: 'completed' }],
      })

      await sendMessages()
      expect(mailTo(option[other].email)).toHaveLength(0)
      const session = await signWith(invitationToken(option[chosen].email))
      const { name, email } = option[chosen]
      expect(session.recipient).toEqual({ recipientId: '2', name, email, inPerson: false })
      const completed = await envelopes.getEnvelope(sdk.principal.accountId, envelopeId)
      expect(completed.status).toBe('completed')
    },
  )

  describe('which signers may come without email', () => {
    let pdf: string
    beforeAll(async () => {
      pdf = await makePdfBase64(1, 'Sign here')
    })

    const rule = (recipientId: string) => ({
      workflowSteps: [
        {
          action: 'pause_before',
          triggerOnItem: 'routing_order',
          itemId: '2',
          recipientRouting: {
            rules: {
              conditionalRecipients: [
                {
                  recipientId,
                  recipientGroup: {
                    groupName: 'Approver',
                    recipients: [{ recipientLabel: 'a', name: 'A', email: 'a@example.test' }],
                  },
                  conditions: [
                    {
                      recipientLabel: 'a',
                      order: '1',
                      filters: [{ recipientId: '1', tabLabel: 'Note', operator: 'equals', value: 'x' }],
                    },
                  ],
                },
              ],
            },
          },
        },
      ],
    })
    const signer = (recipientId: string, routingOrder: string, email?: string) => ({
      recipientId,
      routingOrder,
      name: `Signer ${recipientId}`,
      ...(email ? { email } : {}),
    })

    async function post(recipients: unknown, workflow?: unknown, status = 'sent') {
      const response = await sdk.service.app.inject({
        method: 'POST',
        url: `/restapi/v2.1/accounts/${sdk.principal.accountId}/envelopes`,
        headers: sdk.principal.headers,
        payload: {
          status,
          emailSubject: 'Placeholders',
          documents: [{ documentId: '1', name: 'Doc', fileExtension: 'pdf', documentBase64: pdf }],
          recipients,
          ...(workflow ? { workflow } : {}),
        },
      })
      return { status: response.statusCode, body: response.json() as Record<string, string> }
    }

    it('refuses a signer without email that no rule fills (400 naming the field)', async () => {
      const response = await post({ signers: [signer('1', '1', 'one@example.test'), signer('2', '2')] })
      expect(response.status).toBe(400)
      expect(response.body.message).toContain('recipients.signers[1].email is required')
    })

    it('refuses a signer without email when the rule fills another recipient', async () => {
      const response = await post(
        {
          signers: [
            signer('1', '1', 'one@example.test'),
            signer('2', '2', 'two@example.test'),
            signer('3', '2'),
          ],
        },
        rule('2'),
      )
      expect(response.status).toBe(400)
      expect(response.body.message).toContain('recipients.signers[2].email is required')
    })

    it('refuses a carbon copy without email even when a rule names its id', async () => {
      const response = await post(
        {
          signers: [signer('1', '1', 'one@example.test')],
          carbonCopies: [{ recipientId: '2', routingOrder: '2', name: 'Copy' }],
        },
        rule('2'),
      )
      expect(response.status).toBe(400)
      expect(response.body.message).toContain('recipients.carbonCopies[0].email is required')
    })

    it('keeps a placeholder under the recipientId the caller gave it, wherever it is listed', async () => {
      const response = await post(
        { signers: [signer('1', '1', 'one@example.test'), signer('5', '2')] },
        rule('5'),
      )
      expect(response.status, JSON.stringify(response.body)).toBe(201)
      const recipients = await envelopes.listRecipients(sdk.principal.accountId, response.body.envelopeId!)
      expect((recipients.signers as SdkModel[]).map((recipient) => recipient.recipientId)).toEqual(['1', '5'])
    })

    it('keeps a draft placeholder without email or name, and GET shows it without them', async () => {
      const response = await post(
        { signers: [signer('1', '1', 'one@example.test'), { recipientId: '2', routingOrder: '2' }] },
        rule('2'),
        'created',
      )
      expect(response.status, JSON.stringify(response.body)).toBe(201)
      const recipients = await envelopes.listRecipients(sdk.principal.accountId, response.body.envelopeId!)
      const placeholder = (recipients.signers as SdkModel[])[1]!
      expect(placeholder.recipientId).toBe('2')
      expect(placeholder.email).toBeUndefined()
      expect(placeholder.name).toBeUndefined()
    })
  })
})
