import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { makePdfBase64 } from '../../documents/test-pdfs.js'
import { storeTabValues } from '../../signing/records/repository.js'
import { eventually, PATIENCE_MS } from '../../testing/eventually.js'
import {
  seedPrincipal,
  startTestService,
  type TestPrincipal,
  type TestService,
} from '../../testing/harness.js'
import { injectAs } from '../../testing/inject.js'
import { applyTransition, type LifecycleDeps } from '../service.js'
import { recipientSigned } from '../transitions.js'

/**
 * A conditional recipient rule is evaluated as soon as the routing reaches it: the signing that finishes
 * the routing order before it wakes the workflow job, which reads the value that signing committed and
 * invites the person chosen. The service's runner here polls once an hour and the clock stands still, so
 * the job's own round (every 5 s on the clock) never comes: only a wake runs it.
 */

const START = Date.parse('2026-11-23T09:00:00.000Z')
describeEachDatabase('a conditional recipient rule wakes the workflow job', ({ freshUrl }) => {
  const clock = START
  let service: TestService
  let principal: TestPrincipal
  let pdf: string

  beforeAll(async () => {
    pdf = await makePdfBase64(1, 'Sign here')
    service = await startTestService(await freshUrl(), { JOB_POLL_MS: '3600000' }, () => clock)
    principal = await seedPrincipal(service.ctx)
  }, 60_000)
  afterAll(() => service?.close())

  const option = (label: string) => ({
    recipientLabel: label,
    name: `Signer ${label}`,
    email: `${label}@example.test`,
  })

  /** Chooses `recipientLabel` when recipient 1's checkbox reads `value`. */
  const when = (recipientLabel: string, value: 'true' | 'false') => ({
    recipientLabel,
    filters: [
      {
        scope: 'tabs',
        recipientId: '1',
        tabLabel: 'ApproveWhenChecked',
        tabType: 'checkbox',
        operator: 'equals',
        value,
      },
    ],
  })

  /** DocuSign's eg034 shape: recipient 1's checkbox chooses who the placeholder recipient 2 is. */
  async function createConditional(): Promise<string> {
    const place = { documentId: '1', pageNumber: '1', xPosition: '100', yPosition: '100' }
    const checkbox = { ...place, yPosition: '50', tabLabel: 'ApproveWhenChecked', selected: 'false' }
    const rule = {
      recipientId: '2',
      recipientGroup: { groupName: 'Approver', recipients: [option('signer2a'), option('signer2b')] },
      conditions: [when('signer2a', 'false'), when('signer2b', 'true')],
    }
    const response = await injectAs(service, principal, 'POST', '/envelopes', {
      status: 'sent',
      emailSubject: 'Approval',
      documents: [{ documentId: '1', name: 'Order', fileExtension: 'pdf', documentBase64: pdf }],
      recipients: {
        signers: [
          {
            recipientId: '1',
            routingOrder: '1',
            name: 'Pat Purchaser',
            email: 'pat@example.test',
            tabs: { signHereTabs: [place], checkboxTabs: [checkbox] },
          },
          { recipientId: '2', routingOrder: '2', name: 'Approver', tabs: { signHereTabs: [place] } },
        ],
      },
      workflow: {
        workflowSteps: [
          {
            action: 'pause_before',
            triggerOnItem: 'routing_order',
            itemId: '2',
            recipientRouting: { rules: { conditionalRecipients: [rule] } },
          },
        ],
      },
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().envelopeId as string
  }

  /** Recipient 1 signs with the checkbox set, through the lifecycle's write path with `deps`. */
  const signWithCheckbox = (deps: LifecycleDeps, envelopeId: string, checked: boolean) =>
    applyTransition(
      deps,
      { envelopeId },
      (stored, now) => recipientSigned(stored.state, '1', now),
      { source: 'Web', userName: 'Pat Purchaser' },
      (tx) => storeTabValues(tx, envelopeId, '1', { 'checkboxTabs-0': String(checked) }),
    )

  const approver = async (envelopeId: string) =>
    service.ctx.db
      .selectFrom('envelope_recipients')
      .select(['name', 'email', 'status'])
      .where('envelope_id', '=', envelopeId)
      .where('recipient_id', '=', '2')
      .executeTakeFirstOrThrow()

  it(
    'invites the chosen person right after the signing, and takes a rule left waiting along in that round',
    async () => {
      // Signed by a writer that does not wake the job (as before): the rule waits for the job's round.
      const waiting = await createConditional()
      const { wakeWorkflow: _, ...withoutWake } = service.ctx
      await signWithCheckbox(withoutWake, waiting, false)
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(await approver(waiting)).toMatchObject({ name: 'Approver', status: 'created' })

      // Signed through the service's own write path: the job runs at once, on the same still clock.
      const woken = await createConditional()
      await signWithCheckbox(service.ctx, woken, true)
      expect(
        await eventually(
          () => approver(woken),
          (row) => row.status === 'sent',
          20,
        ),
      ).toEqual({ name: 'Signer signer2b', email: 'signer2b@example.test', status: 'sent' })
      // The woken round finds every rule due, the one left waiting included.
      expect(
        await eventually(
          () => approver(waiting),
          (row) => row.status === 'sent',
          20,
        ),
      ).toEqual({ name: 'Signer signer2a', email: 'signer2a@example.test', status: 'sent' })
    },
    PATIENCE_MS * 3,
  )
})
