import type {
  DeclineSigningRequest,
  FinishSigningRequest,
  SigningOutcome,
  SigningSession,
} from '../../../src/signing/schema.js'

/** Thrown for a link the service refuses (unknown, expired or used): the page says so instead of retrying. */
export class LinkRefusedError extends Error {}

/** The token travels in the URL fragment, never in a path or query the server would log. */
export function tokenFromLocation(hash: string): string | undefined {
  const token = hash.replace(/^#/, '').trim()
  return /^[A-Za-z0-9_-]{20,200}$/.test(token) ? token : undefined
}

async function call<T>(token: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/signing/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'x-signing-token': token,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    credentials: 'omit',
    cache: 'no-store',
  })
  if (response.status === 401 || response.status === 404) throw new LinkRefusedError()
  if (!response.ok) {
    const problem = (await response.json().catch(() => ({}))) as { message?: string }
    throw new Error(problem.message ?? `HTTP ${response.status}`)
  }
  return (await response.json()) as T
}

export const signingApi = {
  session: (token: string) => call<SigningSession>(token, 'session'),
  finish: (token: string, request: FinishSigningRequest) => call<SigningOutcome>(token, 'finish', request),
  decline: (token: string, request: DeclineSigningRequest) => call<SigningOutcome>(token, 'decline', request),
  /** The sealed signed document of a completed envelope. */
  combined: async (token: string) => {
    const response = await fetch('/signing/api/combined', {
      headers: { 'x-signing-token': token },
      credentials: 'omit',
    })
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    return response.blob()
  },
  /** Document bytes, fetched with the token header (a plain URL would need the token in it). */
  async document(token: string, url: string): Promise<ArrayBuffer> {
    const response = await fetch(url, { headers: { 'x-signing-token': token }, credentials: 'omit' })
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    return response.arrayBuffer()
  },
}
