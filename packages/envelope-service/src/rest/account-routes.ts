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
  app.addHook('onRequest', authenticateAccountRequest(ctx))
  app.addHook('onRequest', createRateLimiter(ctx))
  await accountInfoRoutes(app, ctx)
  await templateRoutes(app, ctx)
  await envelopeRoutes(app, ctx)
  await connectRoutes(app, ctx)
}
