import { type Static, Type } from '@sinclair/typebox'

/**
 * DocuSign's envelope `workflow` (Advanced Recipient Routing): scheduled sending, and workflow steps
 * that pause or delay the routing before a routing order. Every DocuSign field is declared, so that the
 * service sees (and refuses with a 400) the ones it does not honour instead of dropping them; enumerated
 * values are plain strings, matched without regard to case by the service.
 */

/** One rule: `delay` (`d.hh:mm:ss`) or `resumeDate` (ISO 8601 with a time zone). */
export const EnvelopeDelayRule = Type.Object({
  delay: Type.Optional(
    Type.String({ maxLength: 40, description: 'A duration `d.hh:mm:ss`, e.g. `0.00:10:00`.' }),
  ),
  resumeDate: Type.Optional(
    Type.String({ maxLength: 64, description: 'An ISO 8601 date-time with a time zone.' }),
  ),
})
export type EnvelopeDelayRule = Static<typeof EnvelopeDelayRule>

const WaitFields = {
  rules: Type.Optional(Type.Array(EnvelopeDelayRule, { maxItems: 10, description: 'Exactly one rule.' })),
  resumeDate: Type.Optional(Type.String({ maxLength: 64, description: 'Read-only: when the wait ends.' })),
  status: Type.Optional(
    Type.String({ maxLength: 40, description: 'Read-only: `pending`, `started`, `completed`.' }),
  ),
}

export const ScheduledSending = Type.Object({
  ...WaitFields,
  bulkListId: Type.Optional(Type.String({ maxLength: 100 })),
})
export type ScheduledSending = Static<typeof ScheduledSending>

export const DelayedRouting = Type.Object(WaitFields)
export type DelayedRouting = Static<typeof DelayedRouting>

const ConditionalRecipientRuleFilter = Type.Object({
  scope: Type.Optional(Type.String({ maxLength: 40 })),
  recipientId: Type.Optional(Type.String({ maxLength: 100 })),
  tabId: Type.Optional(Type.String({ maxLength: 100 })),
  tabLabel: Type.Optional(Type.String({ maxLength: 500 })),
  tabType: Type.Optional(Type.String({ maxLength: 40 })),
  value: Type.Optional(Type.String({ maxLength: 4000 })),
  operator: Type.Optional(Type.String({ maxLength: 40 })),
})

/** DocuSign's `ConditionalRecipientRule`: a placeholder recipient filled from a group by tab values. */
export const ConditionalRecipientRule = Type.Object({
  recipientId: Type.Optional(Type.String({ maxLength: 100 })),
  order: Type.Optional(Type.String({ maxLength: 9 })),
  recipientGroup: Type.Optional(
    Type.Object({
      groupName: Type.Optional(Type.String({ maxLength: 100 })),
      groupMessage: Type.Optional(Type.String({ maxLength: 1000 })),
      recipients: Type.Optional(
        Type.Array(
          Type.Object({
            recipientLabel: Type.Optional(Type.String({ maxLength: 100 })),
            name: Type.Optional(Type.String({ maxLength: 100 })),
            email: Type.Optional(Type.String({ maxLength: 100 })),
            roleName: Type.Optional(Type.String({ maxLength: 100 })),
          }),
          { maxItems: 20 },
        ),
      ),
    }),
  ),
  conditions: Type.Optional(
    Type.Array(
      Type.Object({
        recipientLabel: Type.Optional(Type.String({ maxLength: 100 })),
        order: Type.Optional(Type.String({ maxLength: 9 })),
        filters: Type.Optional(Type.Array(ConditionalRecipientRuleFilter, { maxItems: 20 })),
      }),
      { maxItems: 20 },
    ),
  ),
})

export const RecipientRouting = Type.Object({
  rules: Type.Optional(
    Type.Object({
      conditionalRecipients: Type.Optional(Type.Array(ConditionalRecipientRule, { maxItems: 20 })),
    }),
  ),
})

export const WorkflowStep = Type.Object({
  workflowStepId: Type.Optional(Type.String({ maxLength: 100 })),
  action: Type.Optional(Type.String({ maxLength: 40, description: '`pause_before`.' })),
  triggerOnItem: Type.Optional(Type.String({ maxLength: 40, description: '`routing_order`.' })),
  itemId: Type.Optional(Type.String({ maxLength: 9, description: 'The routing order the step holds.' })),
  status: Type.Optional(
    Type.String({ maxLength: 40, description: 'Read-only: `pending`, `in_progress`, `completed`.' }),
  ),
  triggeredDate: Type.Optional(Type.String({ maxLength: 64, description: 'Read-only.' })),
  completedDate: Type.Optional(Type.String({ maxLength: 64, description: 'Read-only.' })),
  delayedRouting: Type.Optional(DelayedRouting),
  recipientRouting: Type.Optional(RecipientRouting),
})
export type WorkflowStep = Static<typeof WorkflowStep>

export const Workflow = Type.Object({
  workflowStatus: Type.Optional(
    Type.String({
      maxLength: 40,
      description: '`in_progress`, `paused` or `completed`; `in_progress` resumes.',
    }),
  ),
  currentWorkflowStepId: Type.Optional(Type.String({ maxLength: 100, description: 'Read-only.' })),
  resumeDate: Type.Optional(Type.String({ maxLength: 64, description: 'Read-only.' })),
  scheduledSending: Type.Optional(ScheduledSending),
  workflowSteps: Type.Optional(Type.Array(WorkflowStep, { maxItems: 20 })),
})
export type Workflow = Static<typeof Workflow>
