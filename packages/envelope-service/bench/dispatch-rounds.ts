import { deliverySettingsOf } from '../src/notifications/config.js'
import { createDelivery, type Dispatch } from '../src/notifications/dispatch.js'
import { runMessagesRound } from '../src/notifications/outbox-job.js'
import type { TestService } from '../src/testing/harness.js'

/**
 * The messages job's rounds back to back, as the job runner runs them while a full round says more
 * wait, until none is full; the number of rounds. Shared by `bench:dispatch`'s two processes.
 */
export async function drainRounds(service: TestService, dispatch: Dispatch, owner: string): Promise<number> {
  let rounds = 0
  for (;;) {
    rounds++
    const more = await runMessagesRound({
      db: service.ctx.db,
      dialect: service.ctx.database.dialect,
      now: Date.now,
      publicUrl: service.ctx.publicUrl,
      dispatch,
      owner,
    })
    if (!more) return rounds
  }
}

/** The service's SMTP delivery to the benchmark's sink, as each of `bench:dispatch`'s processes sends. */
export function sinkDelivery(smtpUrl: string) {
  return createDelivery(deliverySettingsOf({ SMTP_URL: smtpUrl, SMTP_FROM: 'no-reply@inkwell.test' }))
}
