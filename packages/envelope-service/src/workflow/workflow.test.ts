import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import { runWorkflowRound } from '../lifecycle/resume/job.js'
import { applyTransition } from '../lifecycle/service.js'
import { recipientSigned } from '../lifecycle/transitions.js'
import { OUTBOX_TOPICS } from '../outbox/topics.js'
import { storeTabValues } from '../signing/records/repository.js'
import { startTestService, type TestPrincipal, type TestService } from '../testing/harness.js'
import {
  type DocuSignSdkBase,
  loadDocuSignSdk,
  type SdkModel,
  type SdkService,
  startSdkService,
} from '../testing/sdk.js'

interface DocuSignSdk extends DocuSignSdkBase {
  EnvelopeDefinition: { constructFromObject(data: unknown): SdkModel }
  Envelope: { constructFromObject(data: unknown): SdkModel }
  EnvelopesApi: new (
    client: unknown,
  ) => {
    createEnvelope(accountId: string, options: { envelopeDefinition: unknown }): Promise<SdkModel>
    update(accountId: string, envelopeId: string, options: Record<string, unknown>): Promise<SdkModel>
    getEnvelope(accountId: string, envelopeId: string): Promise<SdkModel>
    listRecipients(accountId: string, envelopeId: string): Promise<SdkModel>
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()

/**
 * The envelope workflow end to end on an injected clock: envelopes created through the official SDK
 * with its Workflow models, the clock stepped by hand, the workflow job's round run at each step (its
 * runner is stopped, so nothing runs behind the test's back), the first signer finishing through the
 * lifecycle's write path, and the sender resuming through the SDK's `update`.
 */

const START = Date.parse('2026-11-23T09:00:00.000Z')
const MINUTE = 60_000
const iso = (ms: number) => new Date(ms).toISOString()

describeEachDatabase('envelope workflow', ({ freshUrl }) => {
  let url: string
  let clock = START
  let sdk: SdkService
  let service: TestService
  let principal: TestPrincipal
  let pdf: string
  let envelopes: InstanceType<DocuSignSdk['EnvelopesApi']>

  beforeAll(async () => {
    pdf = await makePdfBase64(1, 'Sign here')
    url = await freshUrl()
    sdk = await startSdkService(url, { now: () => clock })
    ;({ service, principal } = sdk)
    await service.ctx.jobs.stop()
    envelopes = new docusign.EnvelopesApi(sdk.client)
  }, 60_000)
  afterAll(() => sdk?.close())
  beforeEach(() => {
    clock = START
  })

  const signer = (id: string, routingOrder: string) => ({
    recipientId: id,
    routingOrder,
    name: `Signer ${id}`,
    email: `signer${id}@example.test`,
    tabs: { signHereTabs: [{ documentId: '1', pageNumber: '1', xPosition: '100', yPosition: '100' }] },
  })

  function definition(workflow: unknown, signers: unknown[] = [signer('1', '1'), signer('2', '2')]) {
    return {
      status: 'sent',
      emailSubject: 'Workflow',
      documents: [{ documentId: '1', name: 'Contract', fileExtension: 'pdf', documentBase64: pdf }],
      recipients: { signers },
      workflow,
    }
  }

  async function create(workflow: unknown): Promise<string> {
    const summary = await envelopes.createEnvelope(principal.accountId, {
      envelopeDefinition: docusign.EnvelopeDefinition.constructFromObject(definition(workflow)),
    })
    expect(summary.status).toBe('sent')
    return summary.envelopeId as string
  }

  async function statuses(envelopeId: string) {
    const recipients = await envelopes.listRecipients(principal.accountId, envelopeId)
    return Object.fromEntries(
      (recipients.signers as SdkModel[]).map((recipient) => [recipient.recipientId, recipient.status]),
    )
  }

  async function invitations(envelopeId: string) {
    const rows = await service.ctx.db
      .selectFrom('outbox')
      .select('payload')
      .where('topic', '=', OUTBOX_TOPICS.recipientMessage)
      .execute()
    return rows
      .map((row) => JSON.parse(row.payload) as { envelopeId: string; kind: string; recipientId: string })
      .filter((payload) => payload.envelopeId === envelopeId && payload.kind === 'invitation')
      .map((payload) => payload.recipientId)
      .sort()
  }

  /** The envelope's history as `GET .../audit_events` returns it: action, source and user of each entry. */
  async function history(envelopeId: string) {
    const response = await service.app.inject({
      method: 'GET',
      url: `/restapi/v2.1/accounts/${principal.accountId}/envelopes/${envelopeId}/audit_events`,
      headers: principal.headers,
    })
    expect(response.statusCode, response.body).toBe(200)
    const events = response.json().auditEvents as { eventFields: { name: string; value: string }[] }[]
    return events.map((event) => {
      const field = (name: string) => event.eventFields.find((pair) => pair.name === name)?.value
      return {
        action: field('Action'),
        source: field('Source'),
        userId: field('UserId'),
        message: field('Message'),
      }
    })
  }
  const actions = async (envelopeId: string) => (await history(envelopeId)).map((entry) => entry.action)

  async function sign(envelopeId: string, recipientId: string) {
    await applyTransition(
      service.ctx,
      { envelopeId },
      (stored, now) => recipientSigned(stored.state, recipientId, now),
      { source: 'Web', userName: `Signer ${recipientId}` },
    )
  }

  describe('scheduledSending', () => {
    it('accepts the envelope as sent, invites nobody before resumeDate and sends it at that time', async () => {
      const resumeDate = iso(START + 45 * MINUTE)
      const envelopeId = await create({ scheduledSending: { rules: [{ resumeDate }] } })
      const scheduled = await envelopes.getEnvelope(principal.accountId, envelopeId)
      expect(scheduled.status).toBe('sent')
      expect(scheduled.sentDateTime).toBeUndefined()
      expect(scheduled.workflow).toMatchObject({
        workflowStatus: 'in_progress',
        resumeDate,
        scheduledSending: { status: 'started', resumeDate, rules: [{ resumeDate }] },
      })
      expect(await statuses(envelopeId)).toEqual({ 1: 'created', 2: 'created' })

      clock = START + 44 * MINUTE
      await runWorkflowRound(service.ctx)
      expect(await invitations(envelopeId)).toEqual([])

      clock = START + 45 * MINUTE
      expect((await runWorkflowRound(service.ctx)).resumed).toBeGreaterThanOrEqual(1)
      expect(await invitations(envelopeId)).toEqual(['1'])
      expect(await statuses(envelopeId)).toEqual({ 1: 'sent', 2: 'created' })
      const sent = await envelopes.getEnvelope(principal.accountId, envelopeId)
      expect(sent.sentDateTime).toBe(resumeDate)
      expect(sent.workflow.scheduledSending.status).toBe('completed')
      await runWorkflowRound(service.ctx)
      expect(await invitations(envelopeId)).toEqual(['1'])
      const entries = await history(envelopeId)
      expect(entries.map((entry) => entry.action)).toEqual([
        'Scheduled Send Armed',
        'Scheduled Send Released',
        'Sent Invitations',
      ])
      expect(entries[0]).toMatchObject({ source: 'API', userId: principal.userId })
      expect(entries[0]!.message).toContain(resumeDate)
      expect(entries[1]).toMatchObject({ source: 'System' })
    })

    it('counts a delay from the send', async () => {
      const envelopeId = await create({ scheduledSending: { rules: [{ delay: '0.00:30:00' }] } })
      clock = START + 30 * MINUTE - 1
      await runWorkflowRound(service.ctx)
      expect(await invitations(envelopeId)).toEqual([])
      clock = START + 30 * MINUTE
      await runWorkflowRound(service.ctx)
      expect(await invitations(envelopeId)).toEqual(['1'])
    })

    it('a draft with a schedule waits from the moment it is sent', async () => {
      const response = await service.app.inject({
        method: 'POST',
        url: `/restapi/v2.1/accounts/${principal.accountId}/envelopes`,
        headers: principal.headers,
        payload: {
          ...definition({ scheduledSending: { rules: [{ delay: '0.00:10:00' }] } }),
          status: 'created',
        },
      })
      expect(response.statusCode, response.body).toBe(201)
      const envelopeId = response.json().envelopeId as string
      clock = START + 20 * MINUTE
      await envelopes.update(principal.accountId, envelopeId, {
        envelope: docusign.Envelope.constructFromObject({ status: 'sent' }),
      })
      expect(await invitations(envelopeId)).toEqual([])
      clock = START + 29 * MINUTE
      await runWorkflowRound(service.ctx)
      expect(await invitations(envelopeId)).toEqual([])
      clock = START + 30 * MINUTE
      await runWorkflowRound(service.ctx)
      expect(await invitations(envelopeId)).toEqual(['1'])
    })
  })

  describe('two processes on one database', () => {
    it('another process (or this one after a restart) sends a scheduled envelope, and the first process then finds nothing due', async () => {
      const envelopeId = await create({ scheduledSending: { rules: [{ delay: '0.00:05:00' }] } })
      const other = await startTestService(url, {}, () => clock)
      try {
        await other.ctx.jobs.stop()
        clock = START + 5 * MINUTE
        await runWorkflowRound(other.ctx)
        await runWorkflowRound(service.ctx)
        expect(await invitations(envelopeId)).toEqual(['1'])
      } finally {
        await other.close()
      }
    })
  })

  describe('pause_before', () => {
    const paused = {
      workflowSteps: [{ action: 'pause_before', triggerOnItem: 'routing_order', itemId: '2' }],
    }

    it('pauses before routing order 2 until the sender resumes with workflowStatus in_progress', async () => {
      const envelopeId = await create(paused)
      expect(await invitations(envelopeId)).toEqual(['1'])
      clock = START + 5 * MINUTE
      await sign(envelopeId, '1')
      const waiting = await envelopes.getEnvelope(principal.accountId, envelopeId)
      expect(waiting.status).toBe('sent')
      expect(waiting.workflow).toMatchObject({
        workflowStatus: 'paused',
        currentWorkflowStepId: '1',
        workflowSteps: [{ itemId: '2', status: 'in_progress', triggeredDate: iso(clock) }],
      })
      expect(await statuses(envelopeId)).toEqual({ 1: 'completed', 2: 'created' })

      // Nothing on the clock resumes a pause (the access token lives an hour, so the test stays within it).
      clock = START + 50 * MINUTE
      await runWorkflowRound(service.ctx)
      expect(await invitations(envelopeId)).toEqual(['1'])

      await envelopes.update(principal.accountId, envelopeId, {
        envelope: docusign.Envelope.constructFromObject({ workflow: { workflowStatus: 'in_progress' } }),
        resendEnvelope: 'true',
      })
      expect(await invitations(envelopeId)).toEqual(['1', '2'])
      expect(await statuses(envelopeId)).toEqual({ 1: 'completed', 2: 'sent' })
      const entries = await history(envelopeId)
      expect(entries.map((entry) => entry.action)).toEqual([
        'Sent Invitations',
        'Signed',
        'Routing Paused',
        'Routing Resumed',
        'Sent Invitations',
      ])
      expect(entries[2]!.message).toContain('routing order 2')
      expect(entries[3]).toMatchObject({ source: 'API', userId: principal.userId })
      const resumed = await envelopes.getEnvelope(principal.accountId, envelopeId)
      expect(resumed.workflow.workflowStatus).toBe('in_progress')
      expect(resumed.workflow.workflowSteps[0]).toMatchObject({
        status: 'completed',
        completedDate: iso(clock),
      })
    })

    it('refuses to resume a workflow that is not paused (400) and a resume that changes steps', async () => {
      const envelopeId = await create(paused)
      const resume = (workflow: unknown) =>
        service.app.inject({
          method: 'PUT',
          url: `/restapi/v2.1/accounts/${principal.accountId}/envelopes/${envelopeId}`,
          headers: principal.headers,
          payload: { workflow },
        })
      const early = await resume({ workflowStatus: 'in_progress' })
      expect(early.statusCode).toBe(400)
      expect(early.json().errorCode).toBe('WORKFLOW_NOT_PAUSED')
      const steps = await resume({ workflowStatus: 'in_progress', workflowSteps: [] })
      expect(steps.statusCode).toBe(400)
      expect(steps.json().message).toContain('workflow.workflowSteps cannot be changed')
      expect(await invitations(envelopeId)).toEqual(['1'])
    })
  })

  describe('delayedRouting', () => {
    it('waits the delay after routing order 1 finishes before inviting routing order 2', async () => {
      const envelopeId = await create({
        workflowSteps: [
          {
            action: 'pause_before',
            triggerOnItem: 'routing_order',
            itemId: '2',
            delayedRouting: { rules: [{ delay: '0.00:10:00' }] },
          },
        ],
      })
      clock = START + 5 * MINUTE
      await sign(envelopeId, '1')
      const waiting = await envelopes.getEnvelope(principal.accountId, envelopeId)
      expect(waiting.workflow).toMatchObject({
        workflowStatus: 'in_progress',
        resumeDate: iso(START + 15 * MINUTE),
        workflowSteps: [
          {
            status: 'in_progress',
            delayedRouting: {
              status: 'started',
              resumeDate: iso(START + 15 * MINUTE),
              rules: [{ delay: '0.00:10:00' }],
            },
          },
        ],
      })
      clock = START + 15 * MINUTE - 1
      await runWorkflowRound(service.ctx)
      expect(await statuses(envelopeId)).toEqual({ 1: 'completed', 2: 'created' })
      clock = START + 15 * MINUTE
      await runWorkflowRound(service.ctx)
      expect(await invitations(envelopeId)).toEqual(['1', '2'])
      expect(await statuses(envelopeId)).toEqual({ 1: 'completed', 2: 'sent' })
      expect(await actions(envelopeId)).toEqual([
        'Sent Invitations',
        'Signed',
        'Routing Delay Started',
        'Routing Delay Ended',
        'Sent Invitations',
      ])
    })
  })

  describe('conditional recipients', () => {
    // DocuSign's own example (code-examples-node, eg034): a checkbox of signer 1 chooses who signer 2 is.
    const purchaser = {
      ...signer('1', '1'),
      tabs: {
        signHereTabs: [{ documentId: '1', pageNumber: '1', xPosition: '100', yPosition: '100' }],
        checkboxTabs: [
          {
            documentId: '1',
            pageNumber: '1',
            xPosition: '50',
            yPosition: '50',
            name: 'ClickToApprove',
            tabLabel: 'ApproveWhenChecked',
            selected: 'false',
          },
        ],
      },
    }
    // A placeholder may carry an email (eg034.sdk.test.ts sends none): it is replaced before anyone is invited.
    const approver = { ...signer('2', '2'), name: 'Approver', email: 'approvers@example.test' }
    const option = (label: string) => ({
      recipientLabel: label,
      name: `Signer ${label}`,
      email: `${label}@example.test`,
    })
    const filter = (value: boolean) => ({
      scope: 'tabs',
      recipientId: 1,
      tabId: 'ApprovalTab',
      operator: 'equals',
      value,
      tabLabel: 'ApproveWhenChecked',
      tabType: 'checkbox',
    })
    function conditional(conditions: unknown[]) {
      return {
        workflowSteps: [
          {
            action: 'pause_before',
            triggerOnItem: 'routing_order',
            itemId: 2,
            status: 'pending',
            recipientRouting: {
              rules: {
                conditionalRecipients: [
                  {
                    recipientId: 2,
                    order: 0,
                    recipientGroup: {
                      groupName: 'Approver',
                      groupMessage: 'Members of this group approve a workflow',
                      recipients: [option('signer2a'), option('signer2b')],
                    },
                    conditions,
                  },
                ],
              },
            },
          },
        ],
      }
    }
    const both = [
      { filters: [filter(false)], order: 1, recipientLabel: 'signer2a' },
      { filters: [filter(true)], order: 2, recipientLabel: 'signer2b' },
    ]

    async function createConditional(conditions: unknown[]) {
      const summary = await envelopes.createEnvelope(principal.accountId, {
        envelopeDefinition: docusign.EnvelopeDefinition.constructFromObject(
          definition(conditional(conditions), [purchaser, approver]),
        ),
      })
      return summary.envelopeId as string
    }

    async function signWithCheckbox(envelopeId: string, checked: boolean) {
      await applyTransition(
        service.ctx,
        { envelopeId },
        (stored, now) => recipientSigned(stored.state, '1', now),
        { source: 'Web', userName: 'Signer 1' },
        (tx) => storeTabValues(tx, envelopeId, '1', { 'checkboxTabs-0': String(checked) }),
      )
    }

    async function signers(envelopeId: string) {
      const recipients = await envelopes.listRecipients(principal.accountId, envelopeId)
      return (recipients.signers as SdkModel[]).map((recipient) => ({
        recipientId: recipient.recipientId,
        name: recipient.name,
        email: recipient.email,
        status: recipient.status,
      }))
    }

    it.each([
      [true, 'signer2b'],
      [false, 'signer2a'],
    ])(
      'with the checkbox %s, the placeholder becomes %s once the workflow job has read the value',
      async (checked, label) => {
        const envelopeId = await createConditional(both)
        const created = await envelopes.getEnvelope(principal.accountId, envelopeId)
        expect(created.workflow.workflowSteps[0]).toMatchObject({
          itemId: '2',
          status: 'pending',
          recipientRouting: {
            rules: {
              conditionalRecipients: [
                {
                  recipientId: '2',
                  recipientGroup: { groupName: 'Approver' },
                  conditions: [
                    {
                      recipientLabel: 'signer2a',
                      filters: [{ operator: 'equals', value: 'false', tabLabel: 'ApproveWhenChecked' }],
                    },
                    { recipientLabel: 'signer2b', filters: [{ operator: 'equals', value: 'true' }] },
                  ],
                },
              ],
            },
          },
        })
        clock = START + 5 * MINUTE
        await signWithCheckbox(envelopeId, checked)
        // Held until the job evaluates: nobody at routing order 2 is invited by the signing itself.
        expect(await invitations(envelopeId)).toEqual(['1'])
        expect((await signers(envelopeId))[1]).toMatchObject({ name: 'Approver', status: 'created' })

        await runWorkflowRound(service.ctx)
        expect(await invitations(envelopeId)).toEqual(['1', '2'])
        expect((await signers(envelopeId))[1]).toEqual({
          recipientId: '2',
          name: `Signer ${label}`,
          email: `${label}@example.test`,
          status: 'sent',
        })
        const envelope = await envelopes.getEnvelope(principal.accountId, envelopeId)
        expect(envelope.workflow.workflowSteps[0].status).toBe('completed')
        const entries = await history(envelopeId)
        expect(entries.map((entry) => entry.action)).toEqual([
          'Sent Invitations',
          'Signed',
          'Conditional Routing Started',
          'Conditional Recipient Chosen',
          'Sent Invitations',
        ])
        expect(entries[3]).toMatchObject({ source: 'System' })
        expect(entries[3]!.message).toContain(`${label}@example.test`)
        await runWorkflowRound(service.ctx)
        expect(await invitations(envelopeId)).toEqual(['1', '2'])
      },
    )

    it('removes the placeholder when no condition holds, and the envelope completes without it', async () => {
      const envelopeId = await createConditional([both[1]])
      await signWithCheckbox(envelopeId, false)
      await runWorkflowRound(service.ctx)
      expect(await invitations(envelopeId)).toEqual(['1'])
      expect((await signers(envelopeId)).map((recipient) => recipient.recipientId)).toEqual(['1'])
      const envelope = await envelopes.getEnvelope(principal.accountId, envelopeId)
      expect(envelope.status).toBe('completed')
      expect(await actions(envelopeId)).toContain('Conditional Recipient Removed')
    })
  })

  describe('what the service does not honour is a 400', () => {
    const step = (conditionalRecipients: unknown[]) => ({
      workflowSteps: [
        {
          action: 'pause_before',
          triggerOnItem: 'routing_order',
          itemId: '2',
          recipientRouting: { rules: { conditionalRecipients } },
        },
      ],
    })
    const rule = (filter: Record<string, unknown>, recipientId = '2') => ({
      recipientId,
      recipientGroup: {
        groupName: 'G',
        recipients: [{ recipientLabel: 'a', name: 'A', email: 'a@example.test' }],
      },
      conditions: [
        {
          recipientLabel: 'a',
          filters: [
            { scope: 'tabs', recipientId: '1', tabLabel: 'T', operator: 'equals', value: 'x', ...filter },
          ],
        },
      ],
    })
    const cases: Array<[string, unknown, string]> = [
      ['a conditional operator not supported', step([rule({ operator: 'contains' })]), "got 'contains'"],
      ['a condition on data other than tabs', step([rule({ scope: 'envelope' })]), "scope must be 'tabs'"],
      [
        'a condition on a recipient not yet finished',
        step([rule({ recipientId: '2' })]),
        'filters[0].recipientId must be a recipient at a routing order before 2',
      ],
      ['a placeholder at another routing order', step([rule({}, '1')]), 'a signer at routing order 2'],
      ['two rules on one step', step([rule({}), rule({})]), 'exactly one rule'],
      [
        'a condition without filters',
        step([{ ...rule({}), conditions: [{ recipientLabel: 'a', filters: [] }] }]),
        'at least one filter',
      ],
      [
        'a condition naming no option',
        step([
          { ...rule({}), conditions: [{ recipientLabel: 'z', filters: rule({}).conditions[0]!.filters }] },
        ]),
        'recipientLabel must be the recipientLabel of an option',
      ],
      [
        'bulk sending',
        { scheduledSending: { bulkListId: 'x', rules: [{ delay: '1.00:00:00' }] } },
        'bulkListId',
      ],
      ['a bad delay', { scheduledSending: { rules: [{ delay: 'ten minutes' }] } }, 'd.hh:mm:ss'],
      [
        'two rules',
        { scheduledSending: { rules: [{ delay: '0.00:01:00' }, { delay: '0.00:02:00' }] } },
        'exactly one rule',
      ],
      [
        'a date without time zone',
        { scheduledSending: { rules: [{ resumeDate: '2026-12-01T09:00:00' }] } },
        'time zone',
      ],
      [
        'a routing order nobody has',
        { workflowSteps: [{ action: 'pause_before', triggerOnItem: 'routing_order', itemId: '7' }] },
        'itemId 7',
      ],
      [
        'another action',
        { workflowSteps: [{ action: 'pause_after', triggerOnItem: 'routing_order', itemId: '2' }] },
        "action must be 'pause_before'",
      ],
      [
        'a delay before the first routing order',
        {
          workflowSteps: [
            {
              action: 'pause_before',
              triggerOnItem: 'routing_order',
              itemId: '1',
              delayedRouting: { rules: [{ delay: '0.00:01:00' }] },
            },
          ],
        },
        'scheduledSending',
      ],
      ['a read-only status', { workflowStatus: 'paused' }, 'workflowStatus'],
      [
        'a read-only step status',
        {
          workflowSteps: [
            { action: 'pause_before', triggerOnItem: 'routing_order', itemId: '2', status: 'completed' },
          ],
        },
        'read-only',
      ],
    ]
    it.each(cases)('refuses %s and stores nothing', async (_name, workflow, message) => {
      const before = await service.ctx.db
        .selectFrom('envelopes')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
      const response = await service.app.inject({
        method: 'POST',
        url: `/restapi/v2.1/accounts/${principal.accountId}/envelopes`,
        headers: principal.headers,
        payload: definition(workflow),
      })
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json().message).toContain(message)
      const after = await service.ctx.db
        .selectFrom('envelopes')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
      expect(Number(after.n)).toBe(Number(before.n))
    })

    it('accepts workflow values without regard to case', async () => {
      const envelopeId = await create({
        workflowStatus: 'IN_PROGRESS',
        workflowSteps: [{ action: 'Pause_Before', triggerOnItem: 'Routing_Order', itemId: '2' }],
      })
      const envelope = await envelopes.getEnvelope(principal.accountId, envelopeId)
      expect(envelope.workflow.workflowSteps[0]).toMatchObject({ action: 'pause_before', itemId: '2' })
    })
  })
})
