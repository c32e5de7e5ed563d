import { useState } from 'react'
import { BrowsePage } from './browse/BrowsePage.js'
import { RecipeForm } from './edit/RecipeForm.js'
import { initialUiLanguage, MESSAGES, rememberUiLanguage, UiContext, type UiLanguage } from './i18n.js'
import { ImportPage } from './import/ImportPage.js'
import { RecipePage } from './recipe/RecipePage.js'
import { Link, parseRoute, useLocation } from './router.js'
import { TagsPage } from './tags/TagsPage.js'

export function App() {
  const [language, setLanguage] = useState<UiLanguage>(() => {
    const chosen = initialUiLanguage()
    document.documentElement.lang = chosen
    return chosen
  })
  const { pathname, search } = useLocation()
  const route = parseRoute(pathname)
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
          {t.appTitle}
        </Link>
        <nav aria-label={t.appTitle}>
          <Link to="/" aria-current={route.page === 'browse' ? 'page' : undefined}>
            {t.navRecipes}
          </Link>
          <Link to="/new" aria-current={route.page === 'new' ? 'page' : undefined}>
            {t.navNew}
          </Link>
          <Link to="/tags" aria-current={route.page === 'tags' ? 'page' : undefined}>
            {t.navTags}
          </Link>
          <Link to="/import" aria-current={route.page === 'import' ? 'page' : undefined}>
            {t.navImport}
          </Link>
        </nav>
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
        {route.page === 'browse' && <BrowsePage search={search} />}
        {route.page === 'recipe' && <RecipePage key={route.id} id={route.id} />}
        {route.page === 'edit' && <RecipeForm key={`edit-${route.id}`} id={route.id} />}
        {route.page === 'new' && <RecipeForm key="new" />}
        {route.page === 'tags' && <TagsPage />}
        {route.page === 'import' && <ImportPage />}
        {route.page === 'missing' && (
          <p>
            {t.notFound} <Link to="/">{t.backToRecipes}</Link>
          </p>
        )}
      </main>
    </UiContext.Provider>
  )
}
