import { type FormEvent, useEffect, useState } from 'react'
import { type CaseList as CaseListPage, listCases } from './api.js'
import { useUi } from './i18n.js'
import { Link } from './router.js'
import { useFocusOnMount } from './useFocusOnMount.js'

const PAGE_SIZE = 20

export function CaseList() {
  const { t } = useUi()
  const heading = useFocusOnMount<HTMLHeadingElement>()
  const [draft, setDraft] = useState('')
  const [query, setQuery] = useState({ search: '', offset: 0 })
  const [page, setPage] = useState<CaseListPage | undefined>()
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    let current = true
    setFailed(false)
    listCases(query.search, query.offset, PAGE_SIZE).then(
      (result) => current && setPage(result),
      () => current && setFailed(true),
    )
    return () => {
      current = false
    }
  }, [query])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setQuery({ search: draft, offset: 0 })
  }

  return (
    <section aria-labelledby="cases-heading">
      <h1 id="cases-heading" ref={heading} tabIndex={-1}>
        {t.cases}
      </h1>
      <search>
        <form className="search" onSubmit={submit}>
          <label htmlFor="case-search">{t.search}</label>
          <div className="search-row">
            <input
              id="case-search"
              type="search"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              autoComplete="off"
            />
            <button type="submit">{t.searchButton}</button>
          </div>
        </form>
      </search>
      {failed ? (
        <p role="alert" className="error">
          {t.loadFailed}
        </p>
      ) : !page ? (
        <p aria-live="polite">{t.loading}</p>
      ) : page.cases.length === 0 ? (
        <p aria-live="polite">{t.noCases}</p>
      ) : (
        <>
          <ul className="case-list" aria-live="polite">
            {page.cases.map((item) => (
              <li key={item.id}>
                <Link to={`/cases/${encodeURIComponent(item.id)}`} className="case-link">
                  <span className="case-number">{item.caseNumber}</span>
                  <span className="case-contact">{item.contactName ?? t.noContact}</span>
                  <span className="case-status">
                    <span className="visually-hidden">{t.status}: </span>
                    {item.latestEnvelopeStatus ? (
                      <span className={`status status-${item.latestEnvelopeStatus}`}>
                        {t.statusName(item.latestEnvelopeStatus)}
                      </span>
                    ) : (
                      <span className="status status-none">{t.notSentYet}</span>
                    )}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {(page.offset > 0 || page.hasMore) && (
            <nav className="pager" aria-label={t.pageOf(page.offset + 1, page.offset + page.cases.length)}>
              <button
                type="button"
                disabled={page.offset === 0}
                onClick={() => setQuery({ ...query, offset: Math.max(0, page.offset - PAGE_SIZE) })}
              >
                {t.previous}
              </button>
              <span>{t.pageOf(page.offset + 1, page.offset + page.cases.length)}</span>
              <button
                type="button"
                disabled={!page.hasMore}
                onClick={() => setQuery({ ...query, offset: page.offset + PAGE_SIZE })}
              >
                {t.next}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  )
}
