import { Type } from '@sinclair/typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { App } from 'platform'
import type { ServiceContext } from '../../context.js'
import { findClient } from '../clients/repository.js'
import { INKWELL_APP_CLIENT_ID } from '../first-party.js'
import { issueOneTimeToken } from '../one-time/issue.js'
import { claimOneTimeToken, findOneTimeToken } from '../one-time/repository.js'
import { hashOpaque } from '../one-time/tokens.js'
import type { Messages } from '../pages/messages.js'
import { renderConsent, renderError, renderSecondStep, renderSignIn } from '../pages/page.js'
import { OAuthErrorBody } from '../schema.js'
import {
  clearSessionCookies,
  isFirstPartyAppRequest,
  readCookie,
  requestOrigin,
  SESSION_COOKIE,
} from '../sessions/cookie.js'
import { formCsrf, formCsrfValid, pageMessages, sendPage } from '../sessions/forms.js'
import { recordSignIn } from '../sign-in-history/events.js'
import type { SignInMethod, SignInOutcome } from '../sign-in-history/model.js'
import { signIn, signInSecondStep } from '../users/sign-in.js'
import { AuthorizeQuery, optional, TicketForm } from './form-schemas.js'
import { consentCovers, issueAuthorizationCode, recordConsent, revokeByRefreshToken } from './grant.js'
import { CONSENT_TICKET_LIFETIME_MS, SECOND_STEP_TICKET_LIFETIME_MS } from './lifetimes.js'
import { redirectTo } from './redirect.js'
import { type AuthorizeParams, type AuthorizeRequest, checkAuthorizeRequest } from './request.js'
import { secondStepSetupRoutes } from './second-step-setup.js'

const SignInForm = Type.Composite([
  AuthorizeQuery,
  Type.Object({
    csrf: optional,
    email: Type.Optional(Type.String({ maxLength: 320 })),
    password: Type.Optional(Type.String({ maxLength: 1024 })),
  }),
])
const ConsentForm = Type.Composite([
  AuthorizeQuery,
  Type.Object({ csrf: optional, ticket: optional, decision: optional }),
])

const html = { produces: ['text/html'] }

/**
 * DocuSign's Authorization Code Grant, the browser side: `GET /oauth/auth` shows the sign-in page, its
 * form posts back to `/oauth/auth`, a client other than the first-party app then gets the consent page
 * (`/oauth/auth/consent`), and the browser is sent to `redirect_uri?code=...&state=...`. Also the
 * first-party app's sign-out.
 */
export async function authorizationCodeRoutes(app: App, ctx: ServiceContext) {
  /** The request checked; a refusal already answered (error page or redirect) when undefined. */
  async function checkRequest(
    request: FastifyRequest,
    reply: FastifyReply,
    params: AuthorizeParams,
  ): Promise<AuthorizeRequest | undefined> {
    const client = params.client_id ? await findClient(ctx.db, params.client_id) : undefined
    const verdict = checkAuthorizeRequest(params, client, requestOrigin(request))
    if (verdict.kind === 'ok') return verdict.request
    const { locale, t } = pageMessages(request)
    if (verdict.kind === 'page-error') {
      const message = verdict.reason === 'unknown_client' ? t.unknownClient : t.invalidRedirect
      await sendPage(reply, 400, renderError(locale, t, message))
      return undefined
    }
    const { redirectUri, state, error, description } = verdict
    await reply.redirect(redirectTo(redirectUri, { error, error_description: description, state }), 303)
    return undefined
  }

  /**
   * A form the flow's pages post back: its CSRF token and its authorization request checked, the page's
   * language; undefined when already answered (an error page or a redirect).
   */
  async function checkForm(
    request: FastifyRequest,
    reply: FastifyReply,
    body: AuthorizeParams & { csrf?: string },
  ) {
    const { locale, t } = pageMessages(request)
    if (!formCsrfValid(request, body.csrf)) {
      await sendPage(reply, 403, renderError(locale, t, t.expired))
      return undefined
    }
    const authorize = await checkRequest(request, reply, body)
    return authorize && { locale, t, authorize }
  }

  /** A refused sign-in step's message and status; a lock also sets `Retry-After`. */
  function refusal(
    reply: FastifyReply,
    t: Messages,
    result: { kind: 'invalid' } | { kind: 'locked'; until: number },
    wrong: string,
    now: number,
  ) {
    if (result.kind === 'invalid') return { error: wrong, status: 401 }
    reply.header('retry-after', Math.ceil((result.until - now) / 1000))
    return { error: t.locked(Math.ceil((result.until - now) / 60_000)), status: 429 }
  }

  async function redirectWithCode(reply: FastifyReply, authorize: AuthorizeRequest, userId: string) {
    const code = await issueAuthorizationCode(ctx.db, authorize, userId, ctx.now())
    return reply.redirect(redirectTo(authorize.redirectUri, { code, state: authorize.state }), 303)
  }

  /** After the sign-in (and its second step): the consent page, or the code when consent is not needed. */
  async function continueSignedIn(
    request: FastifyRequest,
    reply: FastifyReply,
    authorize: AuthorizeRequest,
    userId: string,
  ) {
    const { locale, t } = pageMessages(request)
    const now = ctx.now()
    if (authorize.client.id === INKWELL_APP_CLIENT_ID) {
      // The first-party app is part of this service: signing in to it is the consent.
      await recordConsent(ctx.db, userId, authorize.client.id, authorize.scopes, now)
      return redirectWithCode(reply, authorize, userId)
    }
    if (await consentCovers(ctx.db, userId, authorize.client.id, authorize.scopes)) {
      return redirectWithCode(reply, authorize, userId)
    }
    const ticket = await issueOneTimeToken(ctx.db, {
      purpose: 'consent',
      userId,
      subject: authorize.client.id,
      expiresAt: now + CONSENT_TICKET_LIFETIME_MS,
    })
    const page = renderConsent({
      locale,
      t,
      clientName: authorize.client.name,
      scopes: authorize.scopes,
      params: params(request.body as AuthorizeParams),
      csrf: formCsrf(request, reply),
      ticket,
    })
    return sendPage(reply, 200, page, new URL(authorize.redirectUri).origin)
  }

  /** Keeps an attempt on this sign-in in the user's history (sign-in-history/). */
  function noteSignIn(
    request: FastifyRequest,
    authorize: AuthorizeRequest,
    userId: string,
    outcome: SignInOutcome,
    method?: SignInMethod,
  ) {
    const event = { userId, at: ctx.now(), outcome, clientId: authorize.client.id }
    return recordSignIn(ctx.db, method ? { ...event, method } : event, request)
  }

  const params = (body: AuthorizeParams): AuthorizeParams => ({
    response_type: body.response_type,
    scope: body.scope,
    client_id: body.client_id,
    redirect_uri: body.redirect_uri,
    state: body.state,
    code_challenge: body.code_challenge,
    code_challenge_method: body.code_challenge_method,
  })

  const setUp = await secondStepSetupRoutes(app, ctx, { checkForm, continueSignedIn, noteSignIn, params })

  app.get(
    '/oauth/auth',
    {
      schema: {
        tags: ['Identity'],
        summary: 'Start the Authorization Code Grant: the sign-in page',
        querystring: AuthorizeQuery,
        ...html,
      },
    },
    async (request, reply) => {
      const authorize = await checkRequest(request, reply, request.query)
      if (!authorize) return reply
      const { locale, t } = pageMessages(request)
      const page = renderSignIn({
        locale,
        t,
        clientName: authorize.client.name,
        params: params(request.query),
        csrf: formCsrf(request, reply),
      })
      return sendPage(reply, 200, page, new URL(authorize.redirectUri).origin)
    },
  )

  app.post(
    '/oauth/auth',
    { schema: { hide: true, body: SignInForm, consumes: ['application/x-www-form-urlencoded'] } },
    async (request, reply) => {
      const form = await checkForm(request, reply, request.body)
      if (!form) return reply
      const { locale, t, authorize } = form
      const redirectOrigin = new URL(authorize.redirectUri).origin
      const now = ctx.now()
      const email = request.body.email ?? ''
      const result = await signIn(ctx.db, email, request.body.password ?? '', now)
      if (result.kind === 'invalid' || result.kind === 'locked') {
        if (result.userId) {
          const outcome = result.kind === 'locked' ? 'locked' : 'wrong-password'
          await noteSignIn(request, authorize, result.userId, outcome)
        }
        const { error, status } = refusal(reply, t, result, t.invalid, now)
        const page = renderSignIn({
          locale,
          t,
          clientName: authorize.client.name,
          params: params(request.body),
          csrf: formCsrf(request, reply),
          email,
          error,
        })
        return sendPage(reply, status, page, redirectOrigin)
      }
      if (result.kind === 'second-factor') {
        const ticket = await issueOneTimeToken(ctx.db, {
          purpose: 'second-factor',
          userId: result.userId,
          subject: authorize.client.id,
          expiresAt: now + SECOND_STEP_TICKET_LIFETIME_MS,
        })
        const page = renderSecondStep({
          locale,
          t,
          params: params(request.body),
          csrf: formCsrf(request, reply),
          ticket,
        })
        return sendPage(reply, 200, page, redirectOrigin)
      }
      if (result.kind === 'second-factor-setup') {
        return setUp.start(request, reply, form, { id: result.userId, email: result.email })
      }
      await noteSignIn(request, authorize, result.userId, 'signed-in', 'password')
      return continueSignedIn(request, reply, authorize, result.userId)
    },
  )

  app.post(
    '/oauth/auth/second-factor',
    { schema: { hide: true, body: TicketForm, consumes: ['application/x-www-form-urlencoded'] } },
    async (request, reply) => {
      const form = await checkForm(request, reply, request.body)
      if (!form) return reply
      const { locale, t, authorize } = form
      const now = ctx.now()
      const ticket = request.body.ticket ?? ''
      // The ticket stands for the right password; it stays usable for another try until a code passes.
      const pending = ticket
        ? await findOneTimeToken(ctx.db, hashOpaque(ticket), 'second-factor', now)
        : undefined
      // A ticket is for the client whose sign-in it continues; another client's is no ticket at all.
      if (!pending || pending.subject !== authorize.client.id) {
        return sendPage(reply, 400, renderError(locale, t, t.expired))
      }
      const result = await signInSecondStep(ctx.db, pending.userId, request.body.code ?? '', now)
      if (result.kind === 'signed-in') {
        // Claimed once: of two posts of the same ticket with right codes, one signs in.
        const claimed = await claimOneTimeToken(ctx.db, hashOpaque(ticket), 'second-factor', now)
        if (!claimed) return sendPage(reply, 400, renderError(locale, t, t.expired))
        await noteSignIn(request, authorize, claimed.userId, 'signed-in', 'password-and-code')
        return continueSignedIn(request, reply, authorize, claimed.userId)
      }
      const outcome = result.kind === 'locked' ? 'locked' : 'wrong-code'
      await noteSignIn(request, authorize, pending.userId, outcome)
      const { error, status } = refusal(reply, t, result, t.wrongCode, now)
      const page = renderSecondStep({
        locale,
        t,
        params: params(request.body),
        csrf: formCsrf(request, reply),
        ticket,
        error,
      })
      return sendPage(reply, status, page, new URL(authorize.redirectUri).origin)
    },
  )

  app.post(
    '/oauth/auth/consent',
    { schema: { hide: true, body: ConsentForm, consumes: ['application/x-www-form-urlencoded'] } },
    async (request, reply) => {
      const form = await checkForm(request, reply, request.body)
      if (!form) return reply
      const { locale, t, authorize } = form
      const now = ctx.now()
      const ticket = request.body.ticket
      const claimed = ticket ? await claimOneTimeToken(ctx.db, hashOpaque(ticket), 'consent', now) : undefined
      if (!claimed || claimed.subject !== authorize.client.id) {
        return sendPage(reply, 400, renderError(locale, t, t.expired))
      }
      if (request.body.decision !== 'allow') {
        const denied = redirectTo(authorize.redirectUri, {
          error: 'access_denied',
          error_description: 'The user denied access',
          state: authorize.state,
        })
        return reply.redirect(denied, 303)
      }
      await recordConsent(ctx.db, claimed.userId, authorize.client.id, authorize.scopes, now)
      return redirectWithCode(reply, authorize, claimed.userId)
    },
  )

  app.post(
    '/oauth/logout',
    {
      schema: {
        tags: ['Identity'],
        summary: "Sign the first-party app out: revoke its session cookie's refresh-token family",
        response: { 204: Type.Null(), 403: OAuthErrorBody },
      },
    },
    async (request, reply) => {
      if (!isFirstPartyAppRequest(request)) {
        return reply
          .code(403)
          .send({ error: 'invalid_request', error_description: 'Only the first-party app may sign out here' })
      }
      const refreshToken = readCookie(request, SESSION_COOKIE)
      if (refreshToken) await revokeByRefreshToken(ctx.db, refreshToken)
      clearSessionCookies(request, reply)
      return reply.code(204).send(null)
    },
  )
}
