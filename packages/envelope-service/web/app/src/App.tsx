import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import { AdminScreen } from './AdminScreen.js'
import { AdminLinks } from './admin/AdminLinks.js'
import { type Account, type UserInfo, userInfo } from './api.js'
import { Builder } from './builder/Builder.js'
import { TemplateList } from './builder/TemplateList.js'
import { BUILDER_WORDS } from './builder/words.js'
import { Session } from './context.js'
import { Dashboard } from './Dashboard.js'
import { EnvelopeDetails } from './EnvelopeDetails.js'
import { CorrectView } from './embedded/CorrectView.js'
import { returnUrlOf } from './embedded/return.js'
import { DICTIONARIES, initialLanguage, LANGUAGES, type Language, rememberLanguage } from './i18n.js'
import { navigate, onLinkClick, routeOf, useLocation } from './router.js'
import { SendPage } from './send/SendPage.js'
import { completeSignIn, isCallback, refresh, signOut, startSignIn } from './session.js'

type Phase =
  | { name: 'starting' }
  | { name: 'ready'; user: UserInfo; account: Account }
  | { name: 'signedOut' }
  | { name: 'failed' }

/** Signs in once per page load: the callback's code, else the session cookie, else the sign-in page. */
let signingIn: Promise<UserInfo | undefined> | undefined
function signIn(): Promise<UserInfo | undefined> {
  signingIn ??= (async () => {
    if (isCallback(location.pathname)) {
      const returnTo = await completeSignIn(location.search)
      if (returnTo === undefined) return undefined
      navigate(returnTo.startsWith('/app/') && !isCallback(returnTo) ? returnTo : '/app/', { replace: true })
    } else if (!(await refresh())) {
      return startSignIn()
    }
    return userInfo()
  })()
  return signingIn
}

/** Loaded on first use, as the administrators' screens are (AdminScreen.tsx). */
const SecurityPage = lazy(() =>
  import('./security/SecurityPage.js').then((module) => ({ default: module.SecurityPage })),
)

const defaultAccount = (user: UserInfo) =>
  user.accounts.find((account) => account.is_default) ?? user.accounts[0]

export function App() {
  const [language, setLanguage] = useState<Language>(initialLanguage)
  const [phase, setPhase] = useState<Phase>({ name: 'starting' })
  const t = DICTIONARIES[language]
  const { pathname, search } = useLocation()
  // Set when the screen was opened by one of DocuSign's embedded views (sender, edit, correct, template).
  const returnUrl = returnUrlOf(search)

  useEffect(() => {
    document.documentElement.lang = language
    document.title = t.appName
  }, [language, t])

  useEffect(() => {
    signIn()
      .then((user) => {
        const account = user && defaultAccount(user)
        setPhase(user && account ? { name: 'ready', user, account } : { name: 'failed' })
      })
      .catch(() => setPhase({ name: 'failed' }))
  }, [])

  const session = useMemo(
    () => (phase.name === 'ready' ? { user: phase.user, account: phase.account, language, t } : undefined),
    [phase, language, t],
  )

  const chooseLanguage = (next: Language) => {
    rememberLanguage(next)
    setLanguage(next)
  }

  const leave = async () => {
    await signOut()
    signingIn = undefined
    setPhase({ name: 'signedOut' })
  }

  const route = routeOf(pathname)
  return (
    <>
      <a className="skip" href="#main">
        {t.skipToContent}
      </a>
      <header className="top">
        <a className="brand" href="/app/" onClick={onLinkClick}>
          {t.appName}
        </a>
        {session && (
          <nav className="primary-nav" aria-label={t.mainNavigation}>
            <a
              href="/app/"
              onClick={onLinkClick}
              aria-current={route.screen === 'dashboard' ? 'page' : undefined}
            >
              {t.dashboard}
            </a>
            <a
              href="/app/templates"
              onClick={onLinkClick}
              aria-current={route.screen === 'templates' || route.screen === 'template' ? 'page' : undefined}
            >
              {BUILDER_WORDS[language].templates}
            </a>
            <Session.Provider value={session}>
              <AdminLinks screen={route.screen} />
            </Session.Provider>
            <a
              href="/app/security"
              onClick={onLinkClick}
              aria-current={route.screen === 'security' ? 'page' : undefined}
            >
              {t.security}
            </a>
          </nav>
        )}
        <div className="top-end">
          <label className="language">
            <span className="visually-hidden">{t.language}</span>
            <select value={language} onChange={(event) => chooseLanguage(event.target.value as Language)}>
              {LANGUAGES.map((code) => (
                <option key={code} value={code} lang={code}>
                  {DICTIONARIES[code].languageName}
                </option>
              ))}
            </select>
          </label>
          {session && (
            <>
              <span className="who">{session.user.name}</span>
              <button type="button" className="secondary" onClick={() => void leave()}>
                {t.signOut}
              </button>
            </>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {phase.name === 'starting' && <p role="status">{t.signingIn}</p>}
        {phase.name === 'failed' && (
          <div className="notice" role="alert">
            <p>{t.signInFailed}</p>
            <button type="button" onClick={() => void startSignIn('/app/')}>
              {t.signInAgain}
            </button>
          </div>
        )}
        {phase.name === 'signedOut' && (
          <div className="notice">
            <p role="status">{t.signedOut}</p>
            <button type="button" onClick={() => void startSignIn('/app/')}>
              {t.signInAgain}
            </button>
          </div>
        )}
        {session && (
          <Session.Provider value={session}>
            {route.screen === 'envelope' ? (
              <EnvelopeDetails key={route.envelopeId} envelopeId={route.envelopeId} />
            ) : route.screen === 'editEnvelope' ? (
              <Builder
                key={`envelope-${route.envelopeId}`}
                envelopeId={route.envelopeId}
                returnUrl={returnUrl}
              />
            ) : route.screen === 'correct' ? (
              <CorrectView key={route.envelopeId} envelopeId={route.envelopeId} returnUrl={returnUrl} />
            ) : route.screen === 'templates' ? (
              <TemplateList />
            ) : route.screen === 'template' ? (
              <Builder key={route.templateId ?? 'new'} templateId={route.templateId} returnUrl={returnUrl} />
            ) : route.screen === 'send' ? (
              <SendPage />
            ) : route.screen === 'connect' || route.screen === 'settings' ? (
              <AdminScreen screen={route.screen} />
            ) : route.screen === 'security' ? (
              <Suspense fallback={<p role="status">{t.loading}</p>}>
                <SecurityPage />
              </Suspense>
            ) : (
              <Dashboard />
            )}
          </Session.Provider>
        )}
      </main>
    </>
  )
}
