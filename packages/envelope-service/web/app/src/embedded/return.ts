/**
 * DocuSign's embedded views end by sending the browser to the caller's `returnUrl` with `?event=...`
 * (`Send`, `Save`, `Correct`, `Cancel`). The app receives that URL in its own address (`?returnUrl=`),
 * put there by the one-time view URL.
 */

import { cookieValue } from '../cookies.js'

export type ViewEvent = 'Send' | 'Save' | 'Correct' | 'Cancel'

/** The cookie the view URL sets (identity/sessions/cookie.ts, `VIEW_RETURN_COOKIE`). */
const VIEW_RETURN_COOKIE = 'inkwell_view_return'

/**
 * The return URL of the screen being shown, if it was opened as an embedded view: the one in the address,
 * when a view URL also put it in the cookie (so another site's link cannot make the app redirect to it),
 * and http(s) only.
 */
export function returnUrlOf(search: string, cookies: string = document.cookie): string | undefined {
  const value = new URLSearchParams(search).get('returnUrl')
  if (!value || cookieValue(cookies, VIEW_RETURN_COOKIE) !== value) return undefined
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined
  } catch {
    return undefined
  }
}

/** The return URL with the event added, keeping the caller's own query. */
export function returnAddress(returnUrl: string, event: ViewEvent): string {
  const url = new URL(returnUrl)
  url.searchParams.set('event', event)
  return url.toString()
}

export function leaveTo(returnUrl: string, event: ViewEvent): void {
  location.assign(returnAddress(returnUrl, event))
}
