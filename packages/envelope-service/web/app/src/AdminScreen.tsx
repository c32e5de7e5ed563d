import { lazy, Suspense } from 'react'
import { useIsAdmin } from './admin/use-admin.js'
import { ADMIN_WORDS } from './admin/words.js'
import { useSession } from './context.js'

/** The administrators' screens load on first use, so the dashboard's first load does not carry them. */
const ConnectPage = lazy(() =>
  import('./connect/ConnectPage.js').then((module) => ({ default: module.ConnectPage })),
)
const SettingsPage = lazy(() =>
  import('./settings/SettingsPage.js').then((module) => ({ default: module.SettingsPage })),
)

export function AdminScreen({ screen }: { screen: 'connect' | 'settings' }) {
  const { language, t } = useSession()
  const admin = useIsAdmin()
  if (admin === undefined) return <p role="status">{t.loading}</p>
  if (!admin) return <p role="alert">{ADMIN_WORDS[language].adminsOnly}</p>
  return (
    <Suspense fallback={<p role="status">{t.loading}</p>}>
      {screen === 'connect' ? <ConnectPage /> : <SettingsPage />}
    </Suspense>
  )
}
