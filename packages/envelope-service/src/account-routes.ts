import type { App } from 'platform'
import { consoleViewRoutes } from './accounts/console-view.js'
import { groupRoutes } from './accounts/groups/routes.js'
import { identityVerificationRoutes } from './accounts/identity-verification.js'
import { integrationKeyRoutes } from './accounts/integration-keys.js'
import { permissionProfileRoutes } from './accounts/permission-profiles/routes.js'
import { accountInfoRoutes } from './accounts/routes.js'
import { accountSettingsRoutes } from './accounts/settings.js'
import { signInHistoryRoutes } from './accounts/sign-in-history.js'
import { twoStepSignInRoutes } from './accounts/two-step-sign-in.js'
import { twoStepSignInPolicyRoutes } from './accounts/two-step-sign-in-policy.js'
import { userRoutes } from './accounts/users.js'
import { brandRoutes } from './brands/routes.js'
import { bulkSendRoutes } from './bulk-send/routes.js'
import { connectRoutes } from './connect/routes.js'
import type { ServiceContext } from './context.js'
import { acceptMultipartBodies } from './documents/multipart/content-type.js'
import { attachmentRoutes } from './envelope-api/attachments/routes.js'
import { consumerDisclosureRoutes } from './envelope-api/consumer-disclosure/routes.js'
import { correctRecipientsRoutes } from './envelope-api/corrections/routes.js'
import { envelopeCustomFieldRoutes } from './envelope-api/custom-fields/routes.js'
import { envelopeDocumentRoutes } from './envelope-api/documents/routes.js'
import { envelopeEmailSettingsRoutes } from './envelope-api/email-settings/routes.js'
import { lifecycleRoutes } from './envelope-api/lifecycle/routes.js'
import { notificationSettingsRoutes } from './envelope-api/notification/routes.js'
import { recipientAdditionRoutes } from './envelope-api/recipient-addition/routes.js'
import { recipientRemovalRoutes } from './envelope-api/recipient-removal/routes.js'
import { recipientTabsRoutes } from './envelope-api/recipient-tabs/routes.js'
import { envelopeRoutes } from './envelope-api/routes.js'
import { envelopeViewRoutes } from './envelope-api/views/routes.js'
import { folderRoutes } from './folders/routes.js'
import { userAuthorizationRoutes } from './identity/authorizations/routes.js'
import { attachEditLockCheck } from './locks/enforce.js'
import { lockRoutes } from './locks/routes.js'
import { createRateLimiter } from './ratelimit/limiter.js'
import { authenticateAccountRequest } from './rest/account-scope.js'
import { templateCustomFieldRoutes } from './templates/custom-field-routes.js'
import { templateDocumentRoutes } from './templates/documents/routes.js'
import { templateEditViewRoutes } from './templates/edit-view.js'
import { templateRecipientRoutes } from './templates/recipient-routes.js'
import { templateRoutes } from './templates/routes.js'
import { templateSubResourceRoutes } from './templates/sub-resource-routes.js'
import { templateTabRoutes } from './templates/tab-routes.js'

/**
 * Everything under `/restapi/v2.1/accounts/{accountId}`: authenticated, membership-checked, rate-limited.
 * Wiring, beside app.ts: the feature folders import rest/ (the account scope), so mounting them from
 * rest/ would make a cycle.
 */
export async function accountRoutes(app: App, ctx: ServiceContext) {
  const rateLimiter = createRateLimiter(ctx)
  const authenticate = authenticateAccountRequest(ctx)
  // One hook for both steps: a hook costs every request a turn of Fastify's hook runner and a promise
  // (template get, three alternating pairs: 14,714 / 15,154 / 10,569 req/s against 13,984 / 13,568 / 9,598).
  app.addHook('onRequest', async (request, reply) => {
    await authenticate(request)
    await rateLimiter.enforce(request, reply)
  })
  // A write to a locked envelope or template must carry the lock's token (locks/).
  attachEditLockCheck(app, ctx)
  // Envelopes and templates may also be created the multipart way DocuSign documents.
  acceptMultipartBodies(app)
  await accountInfoRoutes(app, ctx)
  await identityVerificationRoutes(app, ctx)
  await accountSettingsRoutes(app, ctx)
  await templateRoutes(app, ctx)
  await envelopeRoutes(app, ctx)
  await lifecycleRoutes(app, ctx)
  await correctRecipientsRoutes(app, ctx)
  await consumerDisclosureRoutes(app, ctx)
  await recipientTabsRoutes(app, ctx)
  await recipientRemovalRoutes(app, ctx)
  await recipientAdditionRoutes(app, ctx)
  await notificationSettingsRoutes(app, ctx)
  await envelopeCustomFieldRoutes(app, ctx)
  await envelopeEmailSettingsRoutes(app, ctx)
  await lockRoutes(app, ctx)
  await attachmentRoutes(app, ctx)
  await templateSubResourceRoutes(app, ctx)
  await envelopeDocumentRoutes(app, ctx)
  await templateDocumentRoutes(app, ctx)
  await templateRecipientRoutes(app, ctx)
  await templateCustomFieldRoutes(app, ctx)
  await templateTabRoutes(app, ctx)
  await connectRoutes(app, ctx)
  await folderRoutes(app, ctx)
  await bulkSendRoutes(app, ctx)
  await consoleViewRoutes(app, ctx)
  await integrationKeyRoutes(app, ctx)
  await twoStepSignInRoutes(app, ctx)
  await twoStepSignInPolicyRoutes(app, ctx)
  await signInHistoryRoutes(app, ctx)
  await userAuthorizationRoutes(app, ctx)
  await userRoutes(app, ctx)
  await permissionProfileRoutes(app, ctx)
  await groupRoutes(app, ctx)
  await brandRoutes(app, ctx)
  await envelopeViewRoutes(app, ctx)
  await templateEditViewRoutes(app, ctx)
}
