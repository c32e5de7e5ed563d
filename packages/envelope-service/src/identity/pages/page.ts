import { createHash } from 'node:crypto'
import type { Locale, Messages } from './messages.js'

const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#f4f5f7}
main{max-width:26rem;margin:3rem auto;padding:2rem 1.5rem;background:#fff;border-radius:8px;box-shadow:0 1px 3px #0003}
h1{font-size:1.5rem;margin:0 0 .5rem}label{display:block;margin:1rem 0 .25rem;font-weight:600}
input[type=email],input[type=password],input[type=text]{width:100%;padding:.7rem;font:inherit;border:1px solid #6b6b6b;border-radius:4px}
button{margin-top:1.25rem;padding:.75rem 1.25rem;font:inherit;font-weight:600;border-radius:4px;border:2px solid #1d4ed8;cursor:pointer}
.primary{background:#1d4ed8;color:#fff}.secondary{background:#fff;color:#1d4ed8}
:focus-visible{outline:3px solid #b45309;outline-offset:2px}.error{color:#a40e26;font-weight:600}
ul{padding-left:1.25rem}a{color:#1d4ed8}.qr{display:block;width:12rem;height:12rem;margin:1rem auto}
.key,.codes{font-family:ui-monospace,monospace;font-size:1.05rem;letter-spacing:.05em;word-break:break-all}.codes{columns:2;list-style:none;padding:0}.hint{color:#4a4a4a;margin:.25rem 0 0}.actions{display:flex;gap:.75rem;flex-wrap:wrap}
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
    // The two-step set-up page's QR code is an SVG in a data: URL.
    'img-src data:',
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

const PARAMS = [
  'response_type',
  'scope',
  'client_id',
  'redirect_uri',
  'state',
  'code_challenge',
  'code_challenge_method',
] as const
/** The authorization request's query, carried through the sign-in and consent forms. */
type AuthorizeParams = Partial<Record<(typeof PARAMS)[number], string | undefined>>

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
<button class="primary" type="submit">${t.signIn}</button></form>
<p><a href="/oauth/password-reset">${t.forgot}</a></p>`,
  )
}

/** The second step of a sign-in with two-step sign-in on: the authenticator's code (or a recovery code). */
export function renderSecondStep(input: {
  locale: Locale
  t: Messages
  params: AuthorizeParams
  csrf: string
  ticket: string
  error?: string
}): string {
  const { t } = input
  const error = input.error
    ? `<p class="error" role="alert" id="code-error">${escapeHtml(input.error)}</p>`
    : ''
  const described = input.error ? 'code-hint code-error' : 'code-hint'
  return layout(
    input.locale,
    t.secondStepTitle,
    `<h1>${t.secondStepTitle}</h1><p>${escapeHtml(t.secondStepLead)}</p>${error}
<form method="post" action="/oauth/auth/second-factor">${hiddenFields({ ...carried(input.params), csrf: input.csrf, ticket: input.ticket })}
<label for="code">${t.code}</label><input id="code" name="code" type="text" autocomplete="one-time-code" autocapitalize="characters" spellcheck="false" maxlength="32" required autofocus aria-describedby="${described}">
<p class="hint" id="code-hint">${escapeHtml(t.codeHint)}</p>
<button class="primary" type="submit">${t.continue}</button></form>`,
  )
}

/**
 * Setting up the second step during a sign-in, when an account of the user requires it: the QR code (and
 * the key, to type by hand), then the first code the app shows.
 */
export function renderSetUpSecondStep(input: {
  locale: Locale
  t: Messages
  params: AuthorizeParams
  csrf: string
  ticket: string
  enrollment: { secret: string; otpauthUri: string; qrCode: string }
  error?: string
}): string {
  const { t, enrollment } = input
  const error = input.error
    ? `<p class="error" role="alert" id="code-error">${escapeHtml(input.error)}</p>`
    : ''
  const described = input.error ? 'code-hint code-error' : 'code-hint'
  const key = enrollment.secret.replace(/(.{4})(?=.)/g, '$1 ')
  return layout(
    input.locale,
    t.setupTitle,
    `<h1>${t.setupTitle}</h1><p>${escapeHtml(t.setupLead)}</p>
<img class="qr" src="${escapeHtml(enrollment.qrCode)}" alt="${escapeHtml(t.qrAlt)}">
<p class="hint">${escapeHtml(t.setupKey)}</p><p class="key" id="setup-key">${escapeHtml(key)}</p>
<p><a href="${escapeHtml(enrollment.otpauthUri)}">${escapeHtml(t.setupOpen)}</a></p>${error}
<form method="post" action="/oauth/auth/second-factor-setup">${hiddenFields({ ...carried(input.params), csrf: input.csrf, ticket: input.ticket })}
<label for="code">${t.code}</label><input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" spellcheck="false" maxlength="32" required aria-describedby="${described}">
<p class="hint" id="code-hint">${escapeHtml(t.setupCodeHint)}</p>
<button class="primary" type="submit">${t.setupConfirm}</button></form>`,
  )
}

/** The recovery codes, shown once after the set-up, then on to the application. */
export function renderRecoveryCodes(input: {
  locale: Locale
  t: Messages
  params: AuthorizeParams
  csrf: string
  ticket: string
  codes: readonly string[]
}): string {
  const { t } = input
  const items = input.codes.map((code) => `<li>${escapeHtml(code)}</li>`).join('')
  const file = `data:text/plain;charset=utf-8,${encodeURIComponent(`${input.codes.join('\n')}\n`)}`
  return layout(
    input.locale,
    t.recoveryTitle,
    `<h1>${t.recoveryTitle}</h1><p>${escapeHtml(t.recoveryLead)}</p><ul class="codes" id="recovery-codes">${items}</ul>
<p><a href="${escapeHtml(file)}" download="inkwell-recovery-codes.txt">${escapeHtml(t.recoveryDownload)}</a></p>
<form method="post" action="/oauth/auth/continue">${hiddenFields({ ...carried(input.params), csrf: input.csrf, ticket: input.ticket })}
<button class="primary" type="submit">${t.continue}</button></form>`,
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

/** A page with a heading, a paragraph and, optionally, a link onwards. */
export function renderNotice(
  locale: Locale,
  title: string,
  message: string,
  link?: { href: string; label: string },
): string {
  const onwards = link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''
  return layout(locale, title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${onwards}`)
}

export function renderResetRequest(locale: Locale, t: Messages, csrf: string): string {
  return layout(
    locale,
    t.resetTitle,
    `<h1>${t.resetTitle}</h1><p>${escapeHtml(t.resetLead)}</p>
<form method="post" action="/oauth/password-reset">${hiddenFields({ csrf })}
<label for="email">${t.email}</label><input id="email" name="email" type="email" autocomplete="email" required>
<button class="primary" type="submit">${t.sendLink}</button></form>`,
  )
}

export function renderSetPassword(input: {
  locale: Locale
  t: Messages
  csrf: string
  token: string
  minLength: number
  error?: string
}): string {
  const { t } = input
  const error = input.error
    ? `<p class="error" role="alert" id="password-error">${escapeHtml(input.error)}</p>`
    : ''
  const described = input.error ? 'password-hint password-error' : 'password-hint'
  return layout(
    input.locale,
    t.setTitle,
    `<h1>${t.setTitle}</h1>${error}
<form method="post" action="/oauth/password">${hiddenFields({ csrf: input.csrf, token: input.token })}
<label for="password">${t.newPassword}</label><input id="password" name="password" type="password" autocomplete="new-password" required minlength="${input.minLength}" aria-describedby="${described}">
<p class="hint" id="password-hint">${escapeHtml(t.passwordHint(input.minLength))}</p>
<label for="confirm">${t.confirmPassword}</label><input id="confirm" name="confirm" type="password" autocomplete="new-password" required minlength="${input.minLength}">
<button class="primary" type="submit">${t.save}</button></form>`,
  )
}
