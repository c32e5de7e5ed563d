import { type MouseEvent, type ReactNode, useEffect, useState } from 'react'

/** The app's pages, in the browser's history so Back, Forward, reloads and bookmarks all work. */
export type Route =
  | { page: 'browse' }
  | { page: 'recipe'; id: number }
  | { page: 'edit'; id: number }
  | { page: 'new' }
  | { page: 'tags' }
  | { page: 'import' }
  | { page: 'missing' }

export function parseRoute(pathname: string): Route {
  if (pathname === '/') return { page: 'browse' }
  if (pathname === '/new') return { page: 'new' }
  if (pathname === '/tags') return { page: 'tags' }
  if (pathname === '/import') return { page: 'import' }
  const recipe = /^\/recipes\/([1-9][0-9]*)(\/edit)?$/.exec(pathname)
  if (recipe) return { page: recipe[2] ? 'edit' : 'recipe', id: Number(recipe[1]) }
  return { page: 'missing' }
}

function notify() {
  dispatchEvent(new PopStateEvent('popstate'))
}

/** A new history entry (Back returns here). */
export function navigate(to: string) {
  history.pushState(null, '', to)
  notify()
}

/** The same history entry with a new address: typing in the search box does not fill the history. */
export function replaceAddress(to: string) {
  history.replaceState(null, '', to)
  notify()
}

export function useLocation(): { pathname: string; search: string } {
  const [location_, setLocation] = useState({ pathname: location.pathname, search: location.search })
  useEffect(() => {
    const update = () => setLocation({ pathname: location.pathname, search: location.search })
    addEventListener('popstate', update)
    return () => removeEventListener('popstate', update)
  }, [])
  return location_
}

/** A real link (open in a new tab still works) that moves inside the app without reloading it. */
export function Link({
  to,
  children,
  className,
  ...rest
}: {
  to: string
  children: ReactNode
  className?: string
  'aria-current'?: 'page' | undefined
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    navigate(to)
  }
  return (
    <a href={to} onClick={onClick} className={className} {...rest}>
      {children}
    </a>
  )
}
