import { useEffect, useRef, useState } from 'react'
import { exportAddress, listRecipes, listTags, type Recipe, type Tag } from '../api.js'
import { useUi } from '../i18n.js'
import { Link, navigate, replaceAddress } from '../router.js'
import { type BrowseState, browseAddress, readBrowseState } from './address.js'

const PAGE_SIZE = 20
/** Short: the keystroke-to-results budget is 150 ms, and stale answers are cancelled anyway. */
const TYPING_PAUSE_MS = 80

/** The latest answer, with the page it is for: until the next one arrives, the page shows this one whole. */
type Results =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; recipes: Recipe[]; total: number; totalEstimated?: true; page: number }

export function BrowsePage({ search }: { search: string }) {
  const { t } = useUi()
  const state = readBrowseState(search)
  const [typed, setTyped] = useState(state.query)
  const written = useRef(state.query)
  const [results, setResults] = useState<Results>({ status: 'loading' })
  const [tags, setTags] = useState<Tag[]>([])

  // Back and Forward change the address without typing: the box follows.
  if (state.query !== written.current) {
    written.current = state.query
    setTyped(state.query)
  }

  useEffect(() => {
    listTags().then(
      (body) => setTags(body.tags),
      () => setTags([]),
    )
  }, [])

  const key = `${state.query}|${state.tags.join(',')}|${state.page}`
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names every part of the state used.
  useEffect(() => {
    const controller = new AbortController()
    const offset = (state.page - 1) * PAGE_SIZE
    listRecipes({ search: state.query, tags: state.tags, offset, limit: PAGE_SIZE }, controller.signal).then(
      (body) => {
        setResults({ status: 'ready', ...body, page: state.page })
        // The query the answer is for: a timing can tell it from an earlier prefix's answer.
        performance.mark('recipes-drawn', { detail: state.query })
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setResults({ status: 'failed' })
        return error
      },
    )
    return () => controller.abort()
  }, [key])

  useEffect(() => {
    if (typed === state.query) return
    const timer = setTimeout(() => {
      written.current = typed
      replaceAddress(browseAddress({ ...state, query: typed, page: 1 }))
    }, TYPING_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [typed, state])

  const go = (next: Partial<BrowseState>) => navigate(browseAddress({ ...state, ...next }))
  const toggleTag = (id: number) =>
    go({
      tags: state.tags.includes(id) ? state.tags.filter((tag) => tag !== id) : [...state.tags, id],
      page: 1,
    })
  const pages = results.status === 'ready' ? Math.max(1, Math.ceil(results.total / PAGE_SIZE)) : 1

  return (
    <>
      <h1>{t.navRecipes}</h1>
      <search className="search-bar">
        <label htmlFor="recipe-search">{t.search}</label>
        <input
          id="recipe-search"
          type="search"
          value={typed}
          aria-describedby="recipe-search-hint"
          onChange={(event) => {
            performance.mark('recipes-typed')
            setTyped(event.target.value)
          }}
          autoComplete="off"
        />
        <p id="recipe-search-hint" className="hint">
          {t.searchHint}
        </p>
      </search>
      {tags.length > 0 && (
        <fieldset className="chips">
          <legend>{t.filterByTag}</legend>
          {tags.map((tag) => (
            <button
              key={tag.id}
              type="button"
              className="chip"
              aria-pressed={state.tags.includes(tag.id)}
              onClick={() => toggleTag(tag.id)}
            >
              {tag.name}
            </button>
          ))}
          {state.tags.length > 0 && (
            <button type="button" className="link-button" onClick={() => go({ tags: [], page: 1 })}>
              {t.clearFilters}
            </button>
          )}
        </fieldset>
      )}
      <div aria-live="polite" className="count">
        {results.status === 'loading' && t.loading}
        {results.status === 'failed' && t.loadFailed}
        {results.status === 'ready' &&
          (results.totalEstimated ? t.recipeCountEstimate(results.total) : t.recipeCount(results.total))}
      </div>
      {results.status === 'ready' && results.recipes.length === 0 && <p>{t.noRecipes}</p>}
      {results.status === 'ready' && (
        <ul className="recipe-list">
          {results.recipes.map((recipe) => (
            <li key={recipe.id} className={recipe.image ? 'recipe-card with-image' : 'recipe-card'}>
              {recipe.image && (
                <img
                  src={recipe.image.thumbnailUrl}
                  alt={recipe.title}
                  width={96}
                  height={96}
                  loading="lazy"
                  className="thumbnail"
                />
              )}
              <h2>
                <Link to={`/recipes/${recipe.id}`}>{recipe.title}</Link>
              </h2>
              {recipe.description && <p>{recipe.description}</p>}
              <p className="meta">
                {recipe.servings !== undefined && <span>{t.servingsCount(recipe.servings)}</span>}
                {recipe.tags.map((tag) => (
                  <span key={tag.id} className="tag">
                    {tag.name}
                  </span>
                ))}
              </p>
            </li>
          ))}
        </ul>
      )}
      {results.status === 'ready' && results.total > 0 && (
        <p>
          <a href={exportAddress(state.query, state.tags)} download="recipes.json">
            {t.exportThese}
          </a>
        </p>
      )}
      {results.status === 'ready' && pages > 1 && (
        <nav aria-label={t.pagination} className="pagination">
          {results.page > 1 ? (
            <Link to={browseAddress({ ...state, page: results.page - 1 })}>{t.previous}</Link>
          ) : (
            <span />
          )}
          <span>{t.pageOf(results.page, pages)}</span>
          {results.page < pages ? (
            <Link to={browseAddress({ ...state, page: results.page + 1 })}>{t.next}</Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </>
  )
}
