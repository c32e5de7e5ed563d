/**
 * DocuSign's embedded views end by sending the browser to the caller's `returnUrl` with `?event=...`
 * (`Send`, `Save`, `Correct`, `Cancel`). The app receives that URL in its own address (`?returnUrl=`),
 * put there by the one-time view URL.
 */

export type ViewEvent = 'Send' | 'Save' | 'Correct' | 'Cancel'

/** The return URL of the screen being shown, if it was opened as an embedded view (http(s) only). */
export function returnUrlOf(search: string): string | undefined {
  const value = new URLSearchParams(search).get('returnUrl')
  if (!value) return undefined
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
