import { createHash } from 'node:crypto'
import type { Locale, Messages } from './messages.js'
import type { AuthorizeParams } from './request.js'

const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#f4f5f7}
main{max-width:26rem;margin:3rem auto;padding:2rem 1.5rem;background:#fff;border-radius:8px;box-shadow:0 1px 3px #0003}
h1{font-size:1.5rem;margin:0 0 .5rem}label{display:block;margin:1rem 0 .25rem;font-weight:600}
input[type=email],input[type=password]{width:100%;padding:.7rem;font:inherit;border:1px solid #6b6b6b;border-radius:4px}
button{margin-top:1.25rem;padding:.75rem 1.25rem;font:inherit;font-weight:600;border-radius:4px;border:2px solid #1d4ed8;cursor:pointer}
.primary{background:#1d4ed8;color:#fff}.secondary{background:#fff;color:#1d4ed8}
:focus-visible{outline:3px solid #b45309;outline-offset:2px}.error{color:#a40e26;font-weight:600}
ul{padding-left:1.25rem}.actions{display:flex;gap:.75rem;flex-wrap:wrap}
@media (max-width:480px){main{margin:0;border-radius:0;box-shadow:none;min-height:100vh}}`

const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64')

/**
 * The pages' policy: nothing runs, only their own style; forms post to this service, whose answer
 * redirects to the client (Chromium applies form-action to that redirect, so the client's origin is
 * allowed too).
 */
export function pagePolicy(redirectOrigin?: string): string {
  return [
    "default-src 'none'",
    `style-src 'sha256-${STYLE_HASH}'`,
    "base-uri 'none'",
    `form-action 'self'${redirectOrigin ? ` ${redirectOrigin}` : ''}`,
    "frame-ancestors 'none'",
  ].join('; ')
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function layout(locale: Locale, title: string, body: string): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Inkwell</title>
<style>${STYLE}</style></head><body><main>${body}</main></body></html>`
}

const PARAMS: (keyof AuthorizeParams)[] = [
  'response_type',
  'scope',
  'client_id',
  'redirect_uri',
  'state',
  'code_challenge',
  'code_challenge_method',
]

function hiddenFields(fields: Record<string, string | undefined>): string {
  return Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('')
}

const carried = (params: AuthorizeParams) => Object.fromEntries(PARAMS.map((name) => [name, params[name]]))

export function renderSignIn(input: {
  locale: Locale
  t: Messages
  clientName: string
  params: AuthorizeParams
  csrf: string
  email?: string
  error?: string
}): string {
  const { t } = input
  const error = input.error
    ? `<p class="error" role="alert" id="sign-in-error">${escapeHtml(input.error)}</p>`
    : ''
  const described = input.error ? ' aria-describedby="sign-in-error"' : ''
  return layout(
    input.locale,
    t.signInTitle,
    `<h1>${t.signInTitle}</h1><p>${escapeHtml(t.signInLead(input.clientName))}</p>${error}
<form method="post" action="/oauth/auth">${hiddenFields({ ...carried(input.params), csrf: input.csrf })}
<label for="email">${t.email}</label><input id="email" name="email" type="email" autocomplete="username" required${described} value="${escapeHtml(input.email ?? '')}">
<label for="password">${t.password}</label><input id="password" name="password" type="password" autocomplete="current-password" required${described}>
<button class="primary" type="submit">${t.signIn}</button></form>`,
  )
}

export function renderConsent(input: {
  locale: Locale
  t: Messages
  clientName: string
  scopes: string[]
  params: AuthorizeParams
  csrf: string
  ticket: string
}): string {
  const { t } = input
  const items = input.scopes.map((scope) => `<li>${escapeHtml(t.scopes[scope] ?? scope)}</li>`).join('')
  return layout(
    input.locale,
    t.consentTitle,
    `<h1>${t.consentTitle}</h1><p>${escapeHtml(t.consentLead(input.clientName))}</p><p>${t.consentAsks}</p><ul>${items}</ul>
<form method="post" action="/oauth/auth/consent">${hiddenFields({ ...carried(input.params), csrf: input.csrf, ticket: input.ticket })}
<div class="actions"><button class="primary" type="submit" name="decision" value="allow">${t.allow}</button>
<button class="secondary" type="submit" name="decision" value="deny">${t.deny}</button></div></form>`,
  )
}

export function renderError(locale: Locale, t: Messages, message: string): string {
  return layout(locale, t.errorTitle, `<h1>${t.errorTitle}</h1><p>${escapeHtml(message)}</p>`)
}
