import { createHash } from 'node:crypto'
import { Type } from '@sinclair/typebox'
import { type App, requireAllowedHost } from 'platform'
import type { ServiceContext } from '../context.js'
import { mailboxAllowedHosts } from './config.js'
import type { MailboxMessage } from './repository.js'
import { recentMessages } from './service.js'

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

/** Links of this service become clickable; anything else stays text. */
function linkify(text: string, publicUrl: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => {
    const raw = url.replace(/&amp;/g, '&')
    return raw.startsWith(publicUrl) ||
      raw.startsWith('http://localhost') ||
      raw.startsWith('https://localhost')
      ? `<a href="${url}">${url}</a>`
      : url
  })
}

const STYLE = `
body{font-family:system-ui,sans-serif;max-width:52rem;margin:1rem auto;padding:0 1rem;color:#1c2331;background:#f5f7fb}
article{background:#fff;border:1px solid #d6dbe4;border-radius:8px;padding:0.75rem 1rem;margin:0.75rem 0}
.channel{display:inline-block;font-size:0.75rem;background:#1d4ed8;color:#fff;border-radius:4px;padding:0 0.4rem;margin-right:0.5rem}
.meta{color:#5b6475;font-size:0.85rem;margin:0.25rem 0}pre{white-space:pre-wrap;font-family:inherit;margin:0.5rem 0 0}
`

/**
 * Nothing runs; only the page's own style block (by its digest) applies; never framed, so another site
 * cannot overlay the signing links (X-Frame-Options for browsers without frame-ancestors).
 */
const PAGE_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

function renderPage(messages: MailboxMessage[], publicUrl: string): string {
  const items = messages
    .map(
      (message) => `<article>
  <header><span class="channel">${message.channel === 'sms' ? 'SMS' : 'Email'}</span>
  <strong>${escapeHtml(message.subject)}</strong></header>
  <p class="meta">To ${escapeHtml(message.recipient)} · ${escapeHtml(message.createdAt)}</p>
  <pre>${linkify(message.textBody, publicUrl)}</pre>
</article>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5"><title>Development mailbox</title>
<style>${STYLE}</style></head><body>
<h1>Development mailbox</h1>
<p>Emails and text messages this service would have sent. No SMTP server or SMS provider is configured, so they
are kept here instead (<code>DEV_MAILBOX=true</code>). The page refreshes every 5 seconds.</p>
${items || '<p>No messages yet. Send an envelope and its invitations appear here.</p>'}
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
    const messages = await recentMessages(ctx.db, {
      limit: request.query.count,
      ...(request.query.to ? { recipient: request.query.to } : {}),
    })
    reply.header('content-security-policy', PAGE_POLICY).header('x-frame-options', 'DENY')
    return reply.type('text/html; charset=utf-8').send(renderPage(messages, ctx.publicUrl))
  })
  app.get('/dev/mailbox/messages', { schema: { hide: true, querystring: query } }, async (request) => ({
    messages: await recentMessages(ctx.db, {
      limit: request.query.count,
      ...(request.query.to ? { recipient: request.query.to } : {}),
    }),
  }))
}
