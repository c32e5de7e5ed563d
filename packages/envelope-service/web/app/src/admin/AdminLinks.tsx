import { useSession } from '../context.js'
import { onLinkClick, type Route } from '../router.js'
import { useIsAdmin } from './use-admin.js'
import { ADMIN_WORDS } from './words.js'

/** The main navigation's links to Connect and Settings, for administrators only. */
export function AdminLinks({ screen }: { screen: Route['screen'] }) {
  const { language } = useSession()
  const words = ADMIN_WORDS[language]
  if (!useIsAdmin()) return null
  return (
    <>
      <a href="/app/connect" onClick={onLinkClick} aria-current={screen === 'connect' ? 'page' : undefined}>
        {words.connect}
      </a>
      <a href="/app/settings" onClick={onLinkClick} aria-current={screen === 'settings' ? 'page' : undefined}>
        {words.settings}
      </a>
    </>
  )
}
