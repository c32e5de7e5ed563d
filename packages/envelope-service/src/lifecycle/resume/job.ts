import type { Db } from '../../database.js'
import { tabValueLookup } from '../../workflow/tab-values.js'
import { LifecycleError } from '../errors.js'
import { applyTransition } from '../service.js'
import { continueWorkflow } from '../transitions.js'
import { dueWorkflowEnvelopes, recipientTabValues } from './repository.js'

/**
 * The workflow job: envelopes whose scheduled send or routing delay has come due are sent or routed on,
 * each through the lifecycle's write path (the invitations, events and audit entries are stored with
 * it). The state is in the database, so a restart loses nothing and a process that starts late catches
 * up; two processes racing for one envelope meet at its version, and the loser finds nothing due.
 */

export const WORKFLOW_JOB = 'workflow.resume-due'
/** How often the job looks for due waits: the lateness a scheduled send or delay can have. */
export const WORKFLOW_CHECK_INTERVAL_MS = 5_000
const BATCH = 100
const SYSTEM = { source: 'System' as const, userName: 'Inkwell' }

export interface WorkflowJobDeps {
  db: Db
  now: () => number
  wakeOutbox?: (topics: readonly string[]) => void
}

export async function runWorkflowRound(deps: WorkflowJobDeps): Promise<{ resumed: number }> {
  // Without `wakeWorkflow`: this round already takes whatever its own transitions leave due.
  const lifecycle = {
    db: deps.db,
    now: deps.now,
    ...(deps.wakeOutbox ? { wakeOutbox: deps.wakeOutbox } : {}),
  }
  let resumed = 0
  for (;;) {
    const due = await dueWorkflowEnvelopes(deps.db, new Date(deps.now()).toISOString(), BATCH)
    let progressed = 0
    for (const envelopeId of due) {
      try {
        // Read after the finishing recipient's transaction committed; values of finished recipients never change.
        const tabValue = tabValueLookup(await recipientTabValues(deps.db, envelopeId))
        await applyTransition(
          lifecycle,
          { envelopeId },
          (stored, now) => continueWorkflow(stored.state, now, tabValue),
          SYSTEM,
        )
        progressed++
      } catch (error) {
        // Another process got there first (nothing is due any more), or the envelope was voided meanwhile.
        if (!(error instanceof LifecycleError)) throw error
      }
    }
    resumed += progressed
    if (due.length < BATCH || progressed === 0) return { resumed }
  }
}
