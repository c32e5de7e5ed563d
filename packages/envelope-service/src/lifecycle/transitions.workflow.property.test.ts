import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { AuditEffect } from '../audit/model.js'
import type { ConditionalRecipientRule, LifecycleWorkflow, WorkflowStep } from '../workflow/model.js'
import { LifecycleError } from './errors.js'
import type { LifecycleEnvelope, Transition } from './model.js'
import { mustAct } from './routing.js'
import { continueWorkflow, recipientSigned, resumeWorkflow, send } from './transitions.js'

/**
 * The workflow's invariants on random envelopes and random event sequences: nobody at or after a
 * paused or delayed routing order is invited before the step completes (the sender's resume, or the
 * delay's end), nobody at all before a scheduled send's time, and the job's `continueWorkflow` and the
 * sender's `resumeWorkflow` are refused exactly when the oracle says nothing is due or paused.
 */

const MINUTE = 60_000
const START = Date.parse('2026-11-23T09:00:00.000Z')

const scenarioArbitrary = fc
  .record({
    recipients: fc.array(
      fc.record({
        type: fc.constantFrom('signer', 'signer', 'carbonCopy' as const),
        routingOrder: fc.integer({ min: 1, max: 4 }),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    steps: fc.array(
      fc.record({
        routingOrder: fc.integer({ min: 1, max: 4 }),
        delayMinutes: fc.option(fc.nat(30)),
        conditional: fc.boolean(),
      }),
      { maxLength: 3 },
    ),
    scheduledMinutes: fc.option(fc.nat(30)),
  })
  .map(({ recipients, steps, scheduledMinutes }): LifecycleEnvelope => {
    // Steps hold routing orders where someone acts (validation guarantees the order exists), one per order.
    const acting = new Set(recipients.filter(mustAct).map((recipient) => recipient.routingOrder))
    const first = Math.min(...recipients.map((recipient) => recipient.routingOrder))
    const seen = new Set<number>()
    const workflowSteps: WorkflowStep[] = []
    const ids = recipients.map((_, index) => String(index + 1))
    for (const step of steps) {
      if (!acting.has(step.routingOrder) || seen.has(step.routingOrder)) continue
      if ((step.delayMinutes !== null || step.conditional) && step.routingOrder === first) continue
      // A conditional step's placeholder is a signer at its order, its filter on a recipient before it.
      const placeholder = recipients.findIndex(
        (recipient) => recipient.type === 'signer' && recipient.routingOrder === step.routingOrder,
      )
      const source = recipients.findIndex((recipient) => recipient.routingOrder < step.routingOrder)
      const conditional = step.conditional && placeholder >= 0 && source >= 0
      seen.add(step.routingOrder)
      workflowSteps.push({
        workflowStepId: String(workflowSteps.length + 1),
        routingOrder: step.routingOrder,
        status: 'pending',
        ...(conditional
          ? { conditionalRecipient: conditionalRule(ids[placeholder]!, ids[source]!) }
          : step.delayMinutes !== null
            ? {
                delayedRouting: { rule: { delayMs: step.delayMinutes * MINUTE }, status: 'pending' as const },
              }
            : {}),
      })
    }
    const workflow: LifecycleWorkflow = {
      status: 'in_progress',
      steps: workflowSteps.sort((a, b) => a.routingOrder - b.routingOrder),
      ...(scheduledMinutes !== null
        ? { scheduledSending: { rule: { delayMs: scheduledMinutes * MINUTE }, status: 'pending' as const } }
        : {}),
    }
    return {
      status: 'created',
      workflow,
      recipients: recipients.map((recipient, index) => ({
        ...recipient,
        recipientId: String(index + 1),
        status: 'created',
        channel: 'email',
      })),
    }
  })

/** One option, chosen when the source recipient's tab `t` reads `yes`; otherwise the placeholder leaves. */
function conditionalRule(recipientId: string, sourceId: string): ConditionalRecipientRule {
  return {
    recipientId,
    groupName: 'G',
    options: [{ recipientLabel: 'a', name: 'A', email: 'a@example.test' }],
    conditions: [
      {
        recipientLabel: 'a',
        order: 0,
        filters: [{ recipientId: sourceId, tabLabel: 't', operator: 'equals', value: 'yes' }],
      },
    ],
    status: 'pending',
  }
}

type Event =
  | { kind: 'sign'; recipient: number }
  | { kind: 'tick'; minutes: number; answer: boolean }
  | { kind: 'resume' }
const eventArbitrary: fc.Arbitrary<Event> = fc.oneof(
  fc.record({ kind: fc.constant('sign' as const), recipient: fc.nat(5) }),
  fc.record({
    kind: fc.constant('tick' as const),
    minutes: fc.integer({ min: 1, max: 20 }),
    answer: fc.boolean(),
  }),
  fc.constant({ kind: 'resume' as const }),
)
const answering = (answer: boolean) => () => (answer ? 'yes' : 'no')

function checkInvariants(envelope: LifecycleEnvelope) {
  const workflow = envelope.workflow!
  const scheduled = workflow.scheduledSending
  for (const recipient of envelope.recipients) {
    if (recipient.sentAt === undefined) continue
    if (scheduled) {
      expect(scheduled.status).toBe('completed')
      expect(recipient.sentAt >= scheduled.resumeAt!).toBe(true)
    }
    for (const step of workflow.steps) {
      if (recipient.routingOrder < step.routingOrder) continue
      expect(step.status, `recipient ${recipient.recipientId} invited past a held order`).toBe('completed')
      expect(step.completedAt! <= recipient.sentAt).toBe(true)
      if (step.delayedRouting) expect(recipient.sentAt >= step.delayedRouting.resumeAt!).toBe(true)
    }
  }
  expect(workflow.status === 'paused').toBe(
    workflow.steps.some(
      (step) => step.status === 'in_progress' && !step.delayedRouting && !step.conditionalRecipient,
    ),
  )
  for (const step of workflow.steps) {
    const rule = step.conditionalRecipient
    if (!rule) continue
    const placeholder = envelope.recipients.find((recipient) => recipient.recipientId === rule.recipientId)
    if (rule.status !== 'completed') expect(placeholder?.identity).toBeUndefined()
    else if (rule.chosen === 'a') expect(placeholder?.identity).toMatchObject({ email: 'a@example.test' })
    else expect(placeholder).toBeUndefined()
  }
}

/** Whether a wait of the workflow has come due at `at`, by the oracle's own reading of the state. */
function due(envelope: LifecycleEnvelope, at: string): boolean {
  const workflow = envelope.workflow!
  if (envelope.status !== 'sent' && envelope.status !== 'delivered') return false
  if (workflow.scheduledSending?.status === 'started') return workflow.scheduledSending.resumeAt! <= at
  const current = workflow.steps.find((step) => step.status === 'in_progress')
  if (current?.conditionalRecipient?.status === 'evaluating') return true
  return current?.delayedRouting?.status === 'started' && current.delayedRouting.resumeAt! <= at
}

describe('workflow rules of the lifecycle (property)', () => {
  it('never invites anyone at a held routing order before its step completes', () => {
    fc.assert(
      fc.property(scenarioArbitrary, fc.array(eventArbitrary, { maxLength: 30 }), (initial, events) => {
        let clock = START
        let envelope = send(initial, new Date(clock)).envelope
        checkInvariants(envelope)
        for (const event of events) {
          const now = new Date(clock)
          if (event.kind === 'tick') {
            clock += event.minutes * MINUTE
            const at = new Date(clock)
            const expected = due(envelope, at.toISOString())
            try {
              envelope = continueWorkflow(envelope, at, answering(event.answer)).envelope
              expect(expected).toBe(true)
            } catch (error) {
              expect(error).toBeInstanceOf(LifecycleError)
              expect(expected).toBe(false)
            }
          } else if (event.kind === 'resume') {
            const paused = envelope.workflow!.status === 'paused' && envelope.status === 'sent'
            try {
              envelope = resumeWorkflow(envelope, now).envelope
              expect(paused).toBe(true)
            } catch (error) {
              expect(error).toBeInstanceOf(LifecycleError)
              expect(paused).toBe(false)
            }
          } else {
            const recipient = envelope.recipients[event.recipient % envelope.recipients.length]!
            const acting =
              (envelope.status === 'sent' || envelope.status === 'delivered') &&
              recipient.type === 'signer' &&
              (recipient.status === 'sent' || recipient.status === 'delivered')
            try {
              envelope = recipientSigned(envelope, recipient.recipientId, now).envelope
              expect(acting).toBe(true)
            } catch (error) {
              expect(error).toBeInstanceOf(LifecycleError)
              expect(acting).toBe(false)
            }
          }
          checkInvariants(envelope)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('completes every envelope whose signers all sign, when the sender resumes and the clock runs', () => {
    fc.assert(
      fc.property(scenarioArbitrary, (initial) => {
        let clock = START
        let envelope = send(initial, new Date(clock)).envelope
        for (let round = 0; round < 40 && envelope.status !== 'completed'; round++) {
          clock += 31 * MINUTE
          const at = new Date(clock)
          if (due(envelope, at.toISOString())) {
            envelope = continueWorkflow(envelope, at, answering(round % 2 === 0)).envelope
          }
          if (envelope.workflow!.status === 'paused') envelope = resumeWorkflow(envelope, at).envelope
          for (const recipient of envelope.recipients) {
            if (recipient.type === 'signer' && recipient.status === 'sent') {
              envelope = recipientSigned(envelope, recipient.recipientId, at).envelope
            }
          }
          checkInvariants(envelope)
        }
        expect(envelope.status).toBe('completed')
        expect(envelope.workflow!.status).toBe('completed')
      }),
      { numRuns: 200 },
    )
  })

  it('audits every wait exactly once: armed and released, paused and resumed, delay started and ended', () => {
    fc.assert(
      fc.property(scenarioArbitrary, fc.array(eventArbitrary, { maxLength: 30 }), (initial, events) => {
        let clock = START
        const audit: AuditEffect[] = []
        const apply = (decide: () => Transition) => {
          try {
            const transition = decide()
            audit.push(...transition.effects.audit)
            return transition.envelope
          } catch (error) {
            if (!(error instanceof LifecycleError)) throw error
            return envelope
          }
        }
        let envelope = initial
        envelope = apply(() => send(initial, new Date(clock)))
        for (const event of events) {
          if (event.kind === 'tick') clock += event.minutes * MINUTE
          const now = new Date(clock)
          if (event.kind === 'tick') {
            envelope = apply(() => continueWorkflow(envelope, now, answering(event.answer)))
          } else if (event.kind === 'resume') envelope = apply(() => resumeWorkflow(envelope, now))
          else {
            const recipient = envelope.recipients[event.recipient % envelope.recipients.length]!
            envelope = apply(() => recipientSigned(envelope, recipient.recipientId, now))
          }
        }
        const count = (action: AuditEffect['action']) =>
          audit.filter((entry) => entry.action === action).length
        const steps = envelope.workflow!.steps
        const plain = steps.filter((step) => !step.conditionalRecipient)
        const reached = (delayed: boolean) =>
          plain.filter((step) => step.status !== 'pending' && !!step.delayedRouting === delayed).length
        const passed = (delayed: boolean) =>
          plain.filter((step) => step.status === 'completed' && !!step.delayedRouting === delayed).length
        const rules = steps.flatMap((step) => (step.conditionalRecipient ? [step.conditionalRecipient] : []))
        expect(count('Conditional Routing Started')).toBe(
          rules.filter((rule) => rule.status !== 'pending').length,
        )
        expect(count('Conditional Recipient Chosen')).toBe(rules.filter((rule) => rule.chosen === 'a').length)
        expect(count('Conditional Recipient Removed')).toBe(
          rules.filter((rule) => rule.chosen === null).length,
        )
        expect(count('Routing Paused')).toBe(reached(false))
        expect(count('Routing Resumed')).toBe(passed(false))
        expect(count('Routing Delay Started')).toBe(reached(true))
        expect(count('Routing Delay Ended')).toBe(passed(true))
        const scheduled = initial.workflow!.scheduledSending
        const armed = scheduled !== undefined && 'delayMs' in scheduled.rule && scheduled.rule.delayMs > 0
        expect(count('Scheduled Send Armed')).toBe(armed ? 1 : 0)
        const released = armed && envelope.workflow!.scheduledSending!.status === 'completed'
        expect(count('Scheduled Send Released')).toBe(released ? 1 : 0)
        for (const entry of audit.filter(
          (entry) => entry.action.startsWith('Routing') || entry.action === 'Conditional Routing Started',
        )) {
          expect(steps.some((step) => entry.message.includes(`routing order ${step.routingOrder} `))).toBe(
            true,
          )
        }
      }),
      { numRuns: 300 },
    )
  })
})
