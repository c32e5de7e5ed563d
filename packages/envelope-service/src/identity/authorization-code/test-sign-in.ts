import { randomBytes } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'

/** What a test reads off the server-rendered sign-in pages, as a browser would. */

const unescapeHtml = (value: string) =>
  value.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)))

/** The hidden fields of a page's form, unescaped: what the browser posts back. */
export const hiddenFields = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([\w]+)" value="([^"]*)">/g)].map((match) => [
      match[1] as string,
      unescapeHtml(match[2] as string),
    ]),
  )

/** The `Set-Cookie` header of cookie `name`, whole. */
export const cookieOf = (response: LightMyRequestResponse, name: string) => {
  const header = response.headers['set-cookie']
  const all = Array.isArray(header) ? header : header ? [header] : []
  return all.find((cookie) => cookie.startsWith(`${name}=`))
}

export const cookieValue = (cookie: string | undefined) => cookie?.split(';')[0]?.split('=')[1]

/** A PKCE code verifier. */
export const verifier = () => randomBytes(32).toString('base64url')

/** A page's form posted as the browser posts it (urlencoded, with the form's CSRF cookie), to `host`. */
export const postForm = (
  service: { app: Pick<FastifyInstance, 'inject'> },
  host: string,
  url: string,
  form: Record<string, string>,
  cookie: string,
) =>
  service.app.inject({
    method: 'POST',
    url,
    headers: { host, 'content-type': 'application/x-www-form-urlencoded', cookie },
    payload: new URLSearchParams(form).toString(),
  })
