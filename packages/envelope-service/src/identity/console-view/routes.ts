import { Type } from '@sinclair/typebox'
import type { App } from 'platform'
import type { ServiceContext } from '../../context.js'
import { INKWELL_APP_CLIENT_ID } from '../first-party.js'
import { renderError } from '../pages/page.js'
import { setCookie, setSessionCookies, VIEW_RETURN_COOKIE } from '../sessions/cookie.js'
import { pageMessages, sendPage } from '../sessions/forms.js'
import { recordSignIn } from '../sign-in-history/events.js'
import { CONSOLE_SESSION_PATH, openConsoleView } from './console-view.js'

/** `GET /app-session/console/{token}`: the URL DocuSign's console view returns, opened in a browser. */
export async function consoleSessionRoutes(app: App, ctx: ServiceContext) {
  app.get(
    `${CONSOLE_SESSION_PATH}/:token`,
    {
      schema: {
        tags: ['Identity'],
        summary: 'Open a console view URL: sign in to the web app and go to the dashboard or the envelope',
        params: Type.Object({ token: Type.String({ maxLength: 128 }) }),
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const now = ctx.now()
      const opened = await openConsoleView(ctx.db, request.params.token, now)
      if (!opened) {
        const { locale, t } = pageMessages(request)
        return sendPage(reply, 410, renderError(locale, t, t.consoleExpired))
      }
      await recordSignIn(
        ctx.db,
        {
          userId: opened.userId,
          at: now,
          outcome: 'signed-in',
          method: 'console-link',
          clientId: INKWELL_APP_CLIENT_ID,
        },
        request,
      )
      setSessionCookies(request, reply, opened.refreshToken, (opened.refreshExpiresAt - now) / 1000)
      if (opened.returnUrl) {
        setCookie(request, reply, VIEW_RETURN_COOKIE, encodeURIComponent(opened.returnUrl), 24 * 3600, {
          path: '/app',
          readableByScripts: true,
        })
      }
      reply.header('referrer-policy', 'no-referrer')
      return reply.redirect(opened.location, 303)
    },
  )
}
