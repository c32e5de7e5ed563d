/** DocuSign's shared-access permissions, as the wire spells them. */
export const AUTHORIZATION_PERMISSIONS = ['manage', 'send', 'sign', 'edit'] as const
export type AuthorizationPermission = (typeof AUTHORIZATION_PERMISSIONS)[number]

export const isAuthorizationPermission = (value: string): value is AuthorizationPermission =>
  (AUTHORIZATION_PERMISSIONS as readonly string[]).includes(value)

export interface AuthorizationWindow {
  startDate: string
  endDate: string | null
  deletedAt: string | null
}

/** In force at `now`: started, not ended (the end date is exclusive), not deleted. */
export function isAuthorizationActive(window: AuthorizationWindow, now: number): boolean {
  if (window.deletedAt !== null) return false
  if (Date.parse(window.startDate) > now) return false
  return window.endDate === null || Date.parse(window.endDate) > now
}

/**
 * What a request carrying `X-DocuSign-Act-On-Behalf` may do with each permission, by its method and its path
 * below `/accounts/{accountId}` (query string removed). Deliberately narrow: the header is a trust boundary.
 * - manage: read and manage the principal's envelopes: every method on `/envelopes` and below.
 * - send: send as the principal: `POST /envelopes` (create a draft or send) only.
 * - sign, edit: stored and listed, but grant nothing over REST here: signing happens through recipient views
 *   and editing a draft is done in the sender app, neither of which takes the header.
 * Nothing else (users, settings, templates, authorizations themselves) is ever reachable on behalf.
 */
export function actOnBehalfAllows(
  permission: AuthorizationPermission,
  request: { method: string; path: string },
): boolean {
  const method = request.method.toUpperCase()
  const onEnvelopes = request.path === '/envelopes' || request.path.startsWith('/envelopes/')
  switch (permission) {
    case 'manage':
      return onEnvelopes
    case 'send':
      return method === 'POST' && request.path === '/envelopes'
    case 'sign':
    case 'edit':
      return false
  }
}

/** A problem with a start/end date pair, or null: both ISO 8601 when given, the end after the start. */
export function authorizationDatesProblem(startDate: string, endDate: string | null): string | null {
  if (Number.isNaN(Date.parse(startDate))) return `startDate ${startDate} is not a date`
  if (endDate === null) return null
  if (Number.isNaN(Date.parse(endDate))) return `endDate ${endDate} is not a date`
  if (Date.parse(endDate) <= Date.parse(startDate)) return 'endDate must be after startDate'
  return null
}
