import { useEffect, useState } from 'react'

/** Path routing under /app/ with the History API: small enough not to need a router library. */

const listeners = new Set<() => void>()

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) history.replaceState(null, '', to)
  else history.pushState(null, '', to)
  for (const listener of listeners) listener()
}

const read = () => ({ pathname: location.pathname, search: location.search })

export function useLocation(): { pathname: string; search: string } {
  const [current, setCurrent] = useState(read)
  useEffect(() => {
    const update = () => setCurrent(read())
    listeners.add(update)
    window.addEventListener('popstate', update)
    return () => {
      listeners.delete(update)
      window.removeEventListener('popstate', update)
    }
  }, [])
  return current
}

export type Route =
  | { screen: 'dashboard' }
  | { screen: 'envelope'; envelopeId: string }
  | { screen: 'editEnvelope'; envelopeId: string }
  | { screen: 'correct'; envelopeId: string }
  | { screen: 'templates' }
  | { screen: 'template'; templateId?: string }
  | { screen: 'send' }
  | { screen: 'connect' }
  | { screen: 'settings' }
  | { screen: 'security' }
  | { screen: 'missing' }

export function routeOf(pathname: string): Route {
  if (pathname === '/app/' || pathname === '/app') return { screen: 'dashboard' }
  const envelope = /^\/app\/envelopes\/([^/]+)\/?$/.exec(pathname)
  if (envelope) return { screen: 'envelope', envelopeId: decodeURIComponent(envelope[1] as string) }
  const embedded = /^\/app\/envelopes\/([^/]+)\/(edit|correct)\/?$/.exec(pathname)
  if (embedded) {
    const envelopeId = decodeURIComponent(embedded[1] as string)
    return embedded[2] === 'edit' ? { screen: 'editEnvelope', envelopeId } : { screen: 'correct', envelopeId }
  }
  if (/^\/app\/templates\/?$/.test(pathname)) return { screen: 'templates' }
  if (/^\/app\/templates\/new\/?$/.test(pathname)) return { screen: 'template' }
  const template = /^\/app\/templates\/([^/]+)\/?$/.exec(pathname)
  if (template) return { screen: 'template', templateId: decodeURIComponent(template[1] as string) }
  if (/^\/app\/send\/?$/.test(pathname)) return { screen: 'send' }
  if (/^\/app\/security\/?$/.test(pathname)) return { screen: 'security' }
  const admin = /^\/app\/(connect|settings)\/?$/.exec(pathname)
  if (admin) return { screen: admin[1] as 'connect' | 'settings' }
  return { screen: 'missing' }
}

/** A same-app link: a real href (so it opens in a new tab too) that navigates without reloading. */
export function onLinkClick(event: React.MouseEvent<HTMLAnchorElement>): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return
  event.preventDefault()
  navigate(event.currentTarget.getAttribute('href') ?? '/app/')
}
