import type { App } from 'platform'
import { accountInfoRoutes } from '../accounts/routes.js'
import { connectRoutes } from '../connect/routes.js'
import type { ServiceContext } from '../context.js'
import { envelopeRoutes } from '../envelopes/routes.js'
import { createRateLimiter } from '../ratelimit/limiter.js'
import { templateRoutes } from '../templates/routes.js'
import { authenticateAccountRequest } from './account-scope.js'

/** Everything under `/restapi/v2.1/accounts/{accountId}`: authenticated, membership-checked, rate-limited. */
export async function accountRoutes(app: App, ctx: ServiceContext) {
  const rateLimiter = createRateLimiter(ctx, {
    onCountWriteError: (error) => app.log.error({ err: error }, 'storing rate-limit counts failed; retrying'),
  })
  app.addHook('onRequest', authenticateAccountRequest(ctx))
  app.addHook('onRequest', rateLimiter.enforce)
  // Runs before the database is closed: onClose hooks of a plugin run before those of its parent.
  app.addHook('onClose', () => rateLimiter.close())
  await accountInfoRoutes(app, ctx)
  await templateRoutes(app, ctx)
  await envelopeRoutes(app, ctx)
  await connectRoutes(app, ctx)
}
