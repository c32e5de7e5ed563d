import { useEffect, useState } from 'react'
import { currentSession, onSignedOut, type SessionInfo, signOut } from './api.js'
import { CaseList } from './CaseList.js'
import { CasePage } from './CasePage.js'
import { initialUiLanguage, MESSAGES, rememberUiLanguage, UiContext, type UiLanguage } from './i18n.js'
import { Link, useRoute } from './router.js'
import { SignInPage } from './SignInPage.js'

type SessionState =
  | { state: 'checking' }
  | { state: 'signed_out'; ended: boolean }
  | { state: 'signed_in'; session: SessionInfo }

export function App() {
  const [language, setLanguage] = useState<UiLanguage>(() => {
    const chosen = initialUiLanguage()
    document.documentElement.lang = chosen
    return chosen
  })
  const [session, setSession] = useState<SessionState>({ state: 'checking' })
  const route = useRoute()
  const t = MESSAGES[language]
  const choose = (next: UiLanguage) => {
    rememberUiLanguage(next)
    setLanguage(next)
  }

  useEffect(() => {
    currentSession().then(
      (found) =>
        setSession(found ? { state: 'signed_in', session: found } : { state: 'signed_out', ended: false }),
      () => setSession({ state: 'signed_out', ended: false }),
    )
    return onSignedOut(() => setSession({ state: 'signed_out', ended: true }))
  }, [])

  const leave = async () => {
    await signOut()
    setSession({ state: 'signed_out', ended: false })
  }

  return (
    <UiContext.Provider value={{ t, language }}>
      <a className="skip-link" href="#main">
        {t.skipToContent}
      </a>
      <header className="top-bar">
        <Link to="/" className="brand">
          Inkwell · {t.appTitle}
        </Link>
        <div className="top-bar-tools">
          <label className="ui-language">
            <span>{t.uiLanguage}</span>
            <select value={language} onChange={(event) => choose(event.target.value as UiLanguage)}>
              <option value="en" lang="en">
                English
              </option>
              <option value="es" lang="es">
                Español
              </option>
            </select>
          </label>
          {session.state === 'signed_in' && (
            <div className="account">
              <span>{t.signedInAs(session.session.username)}</span>
              <button type="button" onClick={leave}>
                {t.signOut}
              </button>
            </div>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {session.state === 'checking' ? (
          <p aria-live="polite">{t.loading}</p>
        ) : session.state === 'signed_out' ? (
          <SignInPage
            sessionEnded={session.ended}
            onSignedIn={(signedIn) => setSession({ state: 'signed_in', session: signedIn })}
          />
        ) : route.page === 'case' ? (
          <CasePage key={route.caseId} caseId={route.caseId} />
        ) : (
          <CaseList />
        )}
      </main>
    </UiContext.Provider>
  )
}
