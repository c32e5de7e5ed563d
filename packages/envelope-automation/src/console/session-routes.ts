import type { App } from 'platform'
import type { UsersDb } from '../users/repository.js'
import { SESSION_LIFETIME_MS, signIn, signOut } from '../users/service.js'
import {
  clearSessionCookie,
  requireSession,
  SESSION_COOKIE,
  SignInRequiredError,
  setSessionCookie,
} from './access.js'
import { ErrorBody, SessionInfo, SignInRequest } from './schema.js'

/** `/api/session`: who is signed in (and the CSRF token), sign in, sign out. */
export async function sessionRoutes(app: App, { db, now }: { db: UsersDb; now: () => number }) {
  app.get('/session', { schema: { response: { 200: SessionInfo, 401: ErrorBody } } }, async (request) => {
    if (!request.consoleSession) throw new SignInRequiredError()
    return request.consoleSession
  })

  app.post(
    '/session',
    { schema: { body: SignInRequest, response: { 200: SessionInfo, 401: ErrorBody, 429: ErrorBody } } },
    async (request, reply) => {
      const { token, session } = await signIn(db, request.body, now())
      setSessionCookie(request, reply, token, SESSION_LIFETIME_MS / 1000)
      return session
    },
  )

  await app.register(async (signedIn) => {
    requireSession(signedIn as App)
    signedIn.delete('/session', async (request, reply) => {
      await signOut(db, request.cookies[SESSION_COOKIE] as string)
      clearSessionCookie(request, reply)
      return reply.code(204).send()
    })
  })
}
