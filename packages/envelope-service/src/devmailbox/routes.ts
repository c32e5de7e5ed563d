import { createHash } from 'node:crypto'
import { Type } from '@sinclair/typebox'
import { type App, requireAllowedHost } from 'platform'
import type { ServiceContext } from '../context.js'
import { mailboxAllowedHosts } from './config.js'
import type { MailboxMessage } from './repository.js'
import { messageCount, recentMessages } from './service.js'

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

const LOOPBACK = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?\//

/** Links of this service (its public and signing origins, or a loopback address) become clickable; others stay text. */
function linkify(text: string, origins: readonly string[]): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => {
    const raw = url.replace(/&amp;/g, '&')
    return origins.some((origin) => raw.startsWith(`${origin}/`)) || LOOPBACK.test(raw)
      ? `<a href="${url}">${url}</a>`
      : url
  })
}

const STYLE = `
body{font-family:system-ui,sans-serif;max-width:52rem;margin:1rem auto;padding:0 1rem;color:#1c2331;background:#f5f7fb}
article{background:#fff;border:1px solid #d6dbe4;border-radius:8px;padding:0.75rem 1rem;margin:0.75rem 0}
.channel{display:inline-block;font-size:0.75rem;background:#1d4ed8;color:#fff;border-radius:4px;padding:0 0.4rem;margin-right:0.5rem}
.meta{color:#5b6475;font-size:0.85rem;margin:0.25rem 0}pre{white-space:pre-wrap;overflow-wrap:anywhere;font-family:inherit;margin:0.5rem 0 0}
a{color:#1d4ed8}.bar{display:flex;gap:0.75rem;align-items:center;flex-wrap:wrap}
.refresh{font:inherit;padding:0.4rem 0.9rem;border-radius:6px;border:1px solid #1d4ed8;background:#fff;color:#1d4ed8;cursor:pointer}
.refresh.new{background:#1d4ed8;color:#fff}.refresh:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
`

/**
 * The page's one script: shows each time in the reader's time zone, and asks every 3 seconds how many
 * messages there are, turning the refresh button into "N new messages" when more arrived, instead of
 * reloading the page under the reader (which fought selecting text and following a link).
 */
const SCRIPT = `
for (const time of document.querySelectorAll('time[datetime]')) {
  time.textContent = new Date(time.dateTime).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' })
}
const button = document.getElementById('refresh')
const shown = Number(button.dataset.total)
const plural = new Intl.PluralRules('en')
const check = async () => {
  try {
    const response = await fetch('/dev/mailbox/count' + location.search, { cache: 'no-store' })
    if (response.ok) {
      const { total } = await response.json()
      const added = total - shown
      if (added > 0) {
        button.textContent = added + (plural.select(added) === 'one' ? ' new message: show it' : ' new messages: show them')
        button.classList.add('new')
        document.title = '(' + added + ') Development mailbox'
      }
    }
  } catch {}
  setTimeout(check, 3000)
}
button.addEventListener('click', () => location.reload())
setTimeout(check, 3000)
`

const digest = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/**
 * Only the page's own style block and script run (by their digests), and the script may only ask this
 * service; never framed, so another site cannot overlay the signing links (X-Frame-Options for browsers
 * without frame-ancestors).
 */
const PAGE_POLICY = [
  "default-src 'none'",
  `style-src ${digest(STYLE)}`,
  `script-src ${digest(SCRIPT)}`,
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

/** `2026-11-26T20:45:06.123Z` as `2026-11-26 20:45:06 UTC`, until the script shows it in local time. */
const readableUtc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`

function renderPage(messages: MailboxMessage[], total: number, origins: readonly string[]): string {
  const items = messages
    .map(
      (message) => `<article>
  <header><span class="channel">${message.channel === 'sms' ? 'SMS' : 'Email'}</span>
  ${message.channel === 'sms' ? '' : `<strong>${escapeHtml(message.subject)}</strong>`}</header>
  <p class="meta">To ${escapeHtml(message.recipient)} · <time datetime="${escapeHtml(message.createdAt)}">${escapeHtml(readableUtc(message.createdAt))}</time></p>
  <pre>${linkify(message.textBody, origins)}</pre>
</article>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development mailbox</title>
<style>${STYLE}</style></head><body>
<h1>Development mailbox</h1>
<p>Emails and text messages this service would have sent. No SMTP server or SMS provider is configured, so they
are kept here instead (<code>DEV_MAILBOX=true</code>). The newest come first; the button below says when more arrive.</p>
<p class="bar"><button type="button" class="refresh" id="refresh" data-total="${total}">Refresh</button></p>
<main>
${items || '<p>No messages yet. Send an envelope and its invitations appear here.</p>'}
</main>
<script>${SCRIPT}</script>
</body></html>`
}

/** The development mailbox page and its JSON, registered only when DEV_MAILBOX is on. */
export async function devMailboxRoutes(app: App, ctx: ServiceContext) {
  requireAllowedHost(app, mailboxAllowedHosts(ctx.config))
  const query = Type.Object({
    to: Type.Optional(Type.String({ maxLength: 320 })),
    count: Type.Integer({ minimum: 1, maximum: 500, default: 100 }),
  })
  app.get('/dev/mailbox', { schema: { hide: true, querystring: query } }, async (request, reply) => {
    const recipient = request.query.to ? { recipient: request.query.to } : {}
    const [messages, total] = await Promise.all([
      recentMessages(ctx.db, { limit: request.query.count, ...recipient }),
      messageCount(ctx.db, recipient),
    ])
    reply.header('content-security-policy', PAGE_POLICY).header('x-frame-options', 'DENY')
    return reply
      .type('text/html; charset=utf-8')
      .send(renderPage(messages, total, [ctx.publicUrl, ctx.signingOrigin]))
  })
  // What the page polls: how many messages there are (for `to`, when given), not the messages themselves.
  const countQuery = Type.Object({ to: Type.Optional(Type.String({ maxLength: 320 })) })
  app.get('/dev/mailbox/count', { schema: { hide: true, querystring: countQuery } }, async (request) => ({
    total: await messageCount(ctx.db, request.query.to ? { recipient: request.query.to } : {}),
  }))
  app.get('/dev/mailbox/messages', { schema: { hide: true, querystring: query } }, async (request) => ({
    messages: await recentMessages(ctx.db, {
      limit: request.query.count,
      ...(request.query.to ? { recipient: request.query.to } : {}),
    }),
  }))
}
