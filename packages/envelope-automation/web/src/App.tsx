import { useState } from 'react'
import { CaseList } from './CaseList.js'
import { CasePage } from './CasePage.js'
import { initialUiLanguage, MESSAGES, rememberUiLanguage, UiContext, type UiLanguage } from './i18n.js'
import { Link, useRoute } from './router.js'

export function App() {
  const [language, setLanguage] = useState<UiLanguage>(() => {
    const chosen = initialUiLanguage()
    document.documentElement.lang = chosen
    return chosen
  })
  const route = useRoute()
  const t = MESSAGES[language]
  const choose = (next: UiLanguage) => {
    rememberUiLanguage(next)
    setLanguage(next)
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
      </header>
      <main id="main" tabIndex={-1}>
        {route.page === 'case' ? <CasePage key={route.caseId} caseId={route.caseId} /> : <CaseList />}
      </main>
    </UiContext.Provider>
  )
}
