import type { DeliveryResult } from '../../messages/message.js'
import type { SmsProviderSettings } from '../config.js'
import type { SmsProvider } from './provider.js'

/**
 * An SMS provider speaking Twilio's Messages API: `POST {base}/2010-04-01/Accounts/{sid}/Messages.json`,
 * form fields `To`, `From` or `MessagingServiceSid`, `Body`, HTTP basic auth `sid:token`. The base URL
 * is configurable, so any compatible gateway (or a local test receiver) works.
 *
 * 2xx is delivered (to the provider); 408, 429 (honouring `Retry-After`), 5xx, timeouts and network
 * errors are retried; 401/403 too (credentials are the operator's to fix); other 4xx are permanent
 * (Twilio refuses the number or the request, e.g. error 21211 "invalid To").
 */
export function createTwilioSmsProvider(
  settings: SmsProviderSettings,
  options: { timeoutMs?: number } = {},
): SmsProvider {
  const url = `${settings.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`
  const timeoutMs = options.timeoutMs ?? 15_000
  return {
    async send(message) {
      const form = new URLSearchParams({ To: message.to })
      if ('from' in settings.sender) form.set('From', settings.sender.from)
      else form.set('MessagingServiceSid', settings.sender.messagingServiceSid)
      form.set('Body', message.body)
      let response: Response
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: form,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        })
      } catch (error) {
        return { outcome: 'retry', reason: `SMS provider unreachable: ${(error as Error).message}` }
      }
      return resultOf(response)
    },
  }
}

async function resultOf(response: Response): Promise<DeliveryResult> {
  const text = await response.text().catch(() => '')
  const body = parseJson(text)
  if (response.ok) {
    return {
      outcome: 'delivered',
      transport: 'sms',
      ...(typeof body?.sid === 'string' ? { providerMessageId: body.sid } : {}),
    }
  }
  const detail = body?.message ? `${body.code ? `${body.code} ` : ''}${body.message}` : text.slice(0, 200)
  const reason = `SMS provider answered ${response.status}${detail ? `: ${detail}` : ''}`
  const status = response.status
  if (status === 429) {
    const retryAfterMs = retryAfterOf(response.headers.get('retry-after'))
    return { outcome: 'retry', reason, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) }
  }
  if (status >= 500 || status === 408 || status === 401 || status === 403) return { outcome: 'retry', reason }
  return { outcome: 'failed', reason }
}

function parseJson(text: string): { sid?: unknown; code?: unknown; message?: unknown } | undefined {
  try {
    const value = JSON.parse(text)
    return value !== null && typeof value === 'object' ? value : undefined
  } catch {
    return undefined
  }
}

/** `Retry-After` in seconds or as an HTTP date. */
function retryAfterOf(header: string | null): number | undefined {
  if (!header) return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000
  const date = Date.parse(header)
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now())
}
