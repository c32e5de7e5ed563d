import type { FastifyRequest } from 'fastify'
import { ForbiddenError } from 'platform'
import { INKWELL_APP_CLIENT_ID } from '../identity/first-party.js'

/**
 * preHandler of the endpoints about the person's own sign-in (two-step sign-in, sign-in history): only
 * the first-party app's tokens, never acting for someone else. An integration holding a user's token
 * could otherwise turn two-step sign-in on with a secret only it knows, or read where they sign in from.
 * 403 USER_LACKS_PERMISSIONS, whose message starts with `what`.
 */
export function onlyThePersonInTheWebApp(what: string) {
  return async function checkWebAppPerson(request: FastifyRequest) {
    const { integrationKeyId, actingAgentUserId } = request.principal
    if (integrationKeyId !== INKWELL_APP_CLIENT_ID || actingAgentUserId !== undefined) {
      throw new ForbiddenError(`${what} in the Inkwell web app, by the person signed in`, {
        errorCode: 'USER_LACKS_PERMISSIONS',
      })
    }
  }
}
