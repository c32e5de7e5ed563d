import { type MouseEvent, type ReactNode, useEffect, useState } from 'react'

/** The few routes of the console, in the browser's history so back, forward and bookmarks work. */
export type Route = { page: 'cases' } | { page: 'case'; caseId: string }

export function parseRoute(pathname: string): Route {
  const match = /^\/cases\/([^/]+)\/?$/.exec(pathname)
  return match ? { page: 'case', caseId: decodeURIComponent(match[1] as string) } : { page: 'cases' }
}

export function navigate(to: string) {
  history.pushState(null, '', to)
  dispatchEvent(new PopStateEvent('popstate'))
}

export function useRoute(): Route {
  const [pathname, setPathname] = useState(location.pathname)
  useEffect(() => {
    const update = () => setPathname(location.pathname)
    addEventListener('popstate', update)
    return () => removeEventListener('popstate', update)
  }, [])
  return parseRoute(pathname)
}

/** A real link (open in a new tab still works) that moves inside the app without reloading it. */
export function Link({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    navigate(to)
  }
  return (
    <a href={to} onClick={onClick} className={className}>
      {children}
    </a>
  )
}
