import { Type } from '@sinclair/typebox'
import { type App, MIN_PASSWORD_LENGTH } from 'platform'
import type { ServiceContext } from '../../context.js'
import { OUTBOX_TOPICS } from '../../outbox/topics.js'
import { renderError, renderNotice, renderResetRequest, renderSetPassword } from '../pages/page.js'
import { formCsrf, formCsrfValid, pageMessages, sendPage } from '../sessions/forms.js'
import {
  PASSWORD_PAGE_PATH,
  passwordLinkValid,
  redeemPasswordLink,
  requestPasswordReset,
} from './password-links.js'

const field = Type.Optional(Type.String({ maxLength: 1024 }))
const form = { consumes: ['application/x-www-form-urlencoded'], hide: true }

/**
 * The password pages: the link of an invitation or a reset opens `/oauth/password/{token}` (choose a
 * password), and `/oauth/password-reset` asks for a reset link. Under `/oauth` so the CSRF cookie applies.
 */
export async function passwordRoutes(app: App, ctx: ServiceContext) {
  const signInLink = (t: { goSignIn: string }) => ({ href: '/app/', label: t.goSignIn })

  app.get(
    `${PASSWORD_PAGE_PATH}/:token`,
    { schema: { hide: true, params: Type.Object({ token: Type.String({ maxLength: 128 }) }) } },
    async (request, reply) => {
      const { locale, t } = pageMessages(request)
      if (!(await passwordLinkValid(ctx.db, request.params.token, ctx.now()))) {
        return sendPage(reply, 410, renderError(locale, t, t.linkExpired))
      }
      const csrf = formCsrf(request, reply)
      const page = renderSetPassword({
        locale,
        t,
        csrf,
        token: request.params.token,
        minLength: MIN_PASSWORD_LENGTH,
      })
      return sendPage(reply, 200, page)
    },
  )

  app.post(
    PASSWORD_PAGE_PATH,
    {
      schema: { ...form, body: Type.Object({ csrf: field, token: field, password: field, confirm: field }) },
    },
    async (request, reply) => {
      const { locale, t } = pageMessages(request)
      const { token = '', password = '', confirm = '' } = request.body
      if (!formCsrfValid(request, request.body.csrf))
        return sendPage(reply, 403, renderError(locale, t, t.expired))
      const again = (error: string) =>
        sendPage(
          reply,
          400,
          renderSetPassword({
            locale,
            t,
            csrf: formCsrf(request, reply),
            token,
            minLength: MIN_PASSWORD_LENGTH,
            error,
          }),
        )
      if (password !== confirm) return again(t.mismatch)
      const result = await redeemPasswordLink(ctx.db, token, password, ctx.now())
      if (result === 'too-short') return again(t.tooShort(MIN_PASSWORD_LENGTH))
      if (result === 'invalid-link') return sendPage(reply, 410, renderError(locale, t, t.linkExpired))
      return sendPage(reply, 200, renderNotice(locale, t.setTitle, t.passwordSet, signInLink(t)))
    },
  )

  app.get('/oauth/password-reset', { schema: { hide: true } }, async (request, reply) => {
    const { locale, t } = pageMessages(request)
    return sendPage(reply, 200, renderResetRequest(locale, t, formCsrf(request, reply)))
  })

  app.post(
    '/oauth/password-reset',
    {
      schema: {
        ...form,
        body: Type.Object({ csrf: field, email: Type.Optional(Type.String({ maxLength: 320 })) }),
      },
    },
    async (request, reply) => {
      const { locale, t } = pageMessages(request)
      if (!formCsrfValid(request, request.body.csrf))
        return sendPage(reply, 403, renderError(locale, t, t.expired))
      const sent = await requestPasswordReset(
        ctx.db,
        request.body.email ?? '',
        { origin: ctx.signingOrigin, locale },
        ctx.now(),
      )
      if (sent) ctx.wakeOutbox([OUTBOX_TOPICS.composedMessage])
      return sendPage(reply, 200, renderNotice(locale, t.resetTitle, t.resetSent))
    },
  )
}
