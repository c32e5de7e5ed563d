import type { FastifyReply, FastifyRequest } from 'fastify'
import { type App, AppError } from 'platform'
import type { ServiceContext } from '../../context.js'
import { issueOneTimeToken } from '../one-time/issue.js'
import { claimOneTimeToken, findOneTimeToken } from '../one-time/repository.js'
import { hashOpaque } from '../one-time/tokens.js'
import type { Messages } from '../pages/messages.js'
import { renderError, renderRecoveryCodes, renderSetUpSecondStep } from '../pages/page.js'
import {
  confirmEnrollment,
  type Enrollment,
  pendingEnrollment,
  startEnrollment,
} from '../second-factor/service.js'
import { formCsrf, sendPage } from '../sessions/forms.js'
import type { SignInMethod, SignInOutcome } from '../sign-in-history/model.js'
import { findSignInState } from '../users/repository.js'
import { TicketForm } from './form-schemas.js'
import { RECOVERY_CODES_TICKET_LIFETIME_MS, SECOND_STEP_SETUP_TICKET_LIFETIME_MS } from './lifetimes.js'
import type { AuthorizeParams, AuthorizeRequest } from './request.js'

/** What the sign-in flow (routes.ts) lends these pages. */
export interface SignInFlow {
  checkForm(
    request: FastifyRequest,
    reply: FastifyReply,
    body: AuthorizeParams & { csrf?: string },
  ): Promise<{ locale: 'en' | 'es'; t: Messages; authorize: AuthorizeRequest } | undefined>
  continueSignedIn(
    request: FastifyRequest,
    reply: FastifyReply,
    authorize: AuthorizeRequest,
    userId: string,
  ): Promise<unknown>
  noteSignIn(
    request: FastifyRequest,
    authorize: AuthorizeRequest,
    userId: string,
    outcome: SignInOutcome,
    method?: SignInMethod,
  ): Promise<void>
  params(body: AuthorizeParams): AuthorizeParams
}

/**
 * A second step required by an account (`accounts.require_second_factor`) and not set up yet: after the
 * right password the user scans a new secret and types a code (`/oauth/auth/second-factor-setup`), sees
 * their recovery codes once, and continues (`/oauth/auth/continue`). Each page carries a one-time ticket
 * of the client whose sign-in it continues. Returns `start`, which shows the first page.
 */
export async function secondStepSetupRoutes(app: App, ctx: ServiceContext, flow: SignInFlow) {
  async function start(
    request: FastifyRequest,
    reply: FastifyReply,
    form: { locale: 'en' | 'es'; t: Messages; authorize: AuthorizeRequest },
    user: { id: string; email: string },
  ) {
    const now = ctx.now()
    let enrollment: Enrollment
    try {
      enrollment = await startEnrollment(ctx.db, user, now)
    } catch (error) {
      // Turned on in another tab since the password was checked: this sign-in is stale, start again
      // (it will then ask for a code), as a page rather than the API's JSON error.
      if (!(error instanceof AppError) || error.errorCode !== 'SECOND_FACTOR_ENABLED') throw error
      return sendPage(reply, 400, renderError(form.locale, form.t, form.t.expired))
    }
    const ticket = await issueOneTimeToken(ctx.db, {
      purpose: 'second-factor-setup',
      userId: user.id,
      subject: form.authorize.client.id,
      expiresAt: now + SECOND_STEP_SETUP_TICKET_LIFETIME_MS,
    })
    const page = renderSetUpSecondStep({
      locale: form.locale,
      t: form.t,
      params: flow.params(request.body as AuthorizeParams),
      csrf: formCsrf(request, reply),
      ticket,
      enrollment,
    })
    return sendPage(reply, 200, page, new URL(form.authorize.redirectUri).origin)
  }

  app.post(
    '/oauth/auth/second-factor-setup',
    { schema: { hide: true, body: TicketForm, consumes: ['application/x-www-form-urlencoded'] } },
    async (request, reply) => {
      const form = await flow.checkForm(request, reply, request.body)
      if (!form) return reply
      const { locale, t, authorize } = form
      const redirectOrigin = new URL(authorize.redirectUri).origin
      const now = ctx.now()
      const ticket = request.body.ticket ?? ''
      const pending = ticket
        ? await findOneTimeToken(ctx.db, hashOpaque(ticket), 'second-factor-setup', now)
        : undefined
      const user = pending && (await findSignInState(ctx.db, pending.userId))
      if (!pending || pending.subject !== authorize.client.id || !user) {
        return sendPage(reply, 400, renderError(locale, t, t.expired))
      }
      let codes: string[]
      try {
        codes = await confirmEnrollment(ctx.db, pending.userId, request.body.code ?? '', now)
      } catch (error) {
        const enrollment = await pendingEnrollment(ctx.db, { id: pending.userId, email: user.email })
        if (!(error instanceof AppError) || error.errorCode !== 'INVALID_SECOND_FACTOR_CODE' || !enrollment) {
          // Set up in another tab meanwhile, or the secret replaced: this page is stale.
          return sendPage(reply, 400, renderError(locale, t, t.expired))
        }
        const page = renderSetUpSecondStep({
          locale,
          t,
          params: flow.params(request.body),
          csrf: formCsrf(request, reply),
          ticket,
          enrollment,
          error: t.wrongCode,
        })
        return sendPage(reply, 401, page, redirectOrigin)
      }
      await claimOneTimeToken(ctx.db, hashOpaque(ticket), 'second-factor-setup', now)
      await flow.noteSignIn(request, authorize, pending.userId, 'signed-in', 'password-and-new-code')
      const next = await issueOneTimeToken(ctx.db, {
        purpose: 'signed-in',
        userId: pending.userId,
        subject: authorize.client.id,
        expiresAt: now + RECOVERY_CODES_TICKET_LIFETIME_MS,
      })
      const page = renderRecoveryCodes({
        locale,
        t,
        params: flow.params(request.body),
        csrf: formCsrf(request, reply),
        ticket: next,
        codes,
      })
      return sendPage(reply, 200, page, redirectOrigin)
    },
  )

  app.post(
    '/oauth/auth/continue',
    { schema: { hide: true, body: TicketForm, consumes: ['application/x-www-form-urlencoded'] } },
    async (request, reply) => {
      const form = await flow.checkForm(request, reply, request.body)
      if (!form) return reply
      const { locale, t, authorize } = form
      const ticket = request.body.ticket
      const claimed = ticket
        ? await claimOneTimeToken(ctx.db, hashOpaque(ticket), 'signed-in', ctx.now())
        : undefined
      if (!claimed || claimed.subject !== authorize.client.id) {
        return sendPage(reply, 400, renderError(locale, t, t.expired))
      }
      return flow.continueSignedIn(request, reply, authorize, claimed.userId)
    },
  )

  return { start }
}
