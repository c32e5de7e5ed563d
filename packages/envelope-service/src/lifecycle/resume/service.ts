import type { Workflow } from 'esign-contract'
import { InvalidRequestError } from 'platform'
import { type Actor, applyTransition, type LifecycleDeps } from '../service.js'
import { resumeWorkflow } from '../transitions.js'

/**
 * `PUT .../envelopes/{id}` with `workflow`: the sender resumes a paused workflow with
 * `workflowStatus: "in_progress"` (DocuSign's unpause, which its examples send with
 * `?resend_envelope=true`; the flag then re-invites nobody). Changing the steps of an envelope already
 * created is not supported: 400, so a client never believes the change was made.
 */
export async function updateWorkflow(
  deps: LifecycleDeps,
  target: { envelopeId: string; accountId: string },
  workflow: Workflow,
  actor: Actor,
): Promise<void> {
  const { workflowStatus, ...others } = workflow
  const changed = Object.entries(others)
    .filter(([, value]) => value !== undefined)
    .map(([name]) => `workflow.${name}`)
  if (changed.length > 0) {
    throw new InvalidRequestError(
      `${changed.join(', ')} cannot be changed on an existing envelope; only workflow.workflowStatus "in_progress" (resume) is supported`,
    )
  }
  if (workflowStatus === undefined || workflowStatus.trim().toLowerCase() !== 'in_progress') {
    throw new InvalidRequestError(
      `workflow.workflowStatus must be 'in_progress' to resume a paused workflow${workflowStatus === undefined ? '' : `; got '${workflowStatus}'`}`,
    )
  }
  await applyTransition(deps, target, (stored, now) => resumeWorkflow(stored.state, now), actor)
}
