import { NotFoundError } from 'platform'
import type { ServiceContext } from '../../context.js'
import { findEnvelope } from '../../envelopes/reads.js'
import { createConsoleView } from '../../identity/console-view/console-view.js'
import { checkViewRequest, type EmbeddedViewRequest } from '../../identity/console-view/view-request.js'
import { LifecycleError } from '../../lifecycle/errors.js'

export type EnvelopeScreen = 'sender' | 'edit' | 'correct'

/** The statuses each screen works on: the builder edits a draft; a correction needs an envelope in flight. */
const OPENS_ON: Record<EnvelopeScreen, readonly string[]> = {
  sender: ['created'],
  edit: ['created'],
  correct: ['sent', 'delivered'],
}

/**
 * `POST .../views/sender|edit|correct`: a one-time URL (five minutes, once, the calling user's) that
 * opens the envelope's screen in the web app and returns the browser to `returnUrl?event=...`.
 */
export async function createEnvelopeView(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'publicUrl'>,
  caller: { accountId: string; userId: string },
  envelopeId: string,
  screen: EnvelopeScreen,
  request: EmbeddedViewRequest,
): Promise<{ url: string }> {
  const returnUrl = checkViewRequest(request, 'envelope')
  const envelope = await findEnvelope(ctx.db, caller.accountId, envelopeId)
  if (!envelope) {
    throw new NotFoundError(`Envelope ${envelopeId} was not found in this account`, {
      errorCode: 'ENVELOPE_DOES_NOT_EXIST',
    })
  }
  if (!OPENS_ON[screen].includes(envelope.status)) {
    throw new LifecycleError(
      'ENVELOPE_INVALID_STATUS',
      screen === 'correct'
        ? `A correct view needs a sent or delivered envelope; this one is '${envelope.status}'.`
        : `A ${screen} view needs a draft envelope (status 'created'); this one is '${envelope.status}'.`,
    )
  }
  const url = await createConsoleView(
    ctx.db,
    { userId: caller.userId, publicUrl: ctx.publicUrl, envelopeId, screen, returnUrl },
    ctx.now(),
  )
  return { url }
}
