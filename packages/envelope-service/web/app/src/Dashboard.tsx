import { useEffect, useState } from 'react'
import { accountPath, type EnvelopesInformation, getJson } from './api.js'
import { useSession } from './context.js'
import { FOLDER_KEYS, type ListFilters, listQuery, statusesOf } from './folders.js'
import { type FolderKey, formatDateTime, formatTime, type StatusKey } from './i18n.js'
import { type ListTotal, listTotalOf } from './list-total.js'
import { navigate, onLinkClick, useLocation } from './router.js'
import { useRefreshTick } from './use-refresh.js'

const PAGE_SIZE = 25

/** The dashboard's view lives in the address (`?folder=&status=&q=&from=&to=&start=`), so Back and links work. */
function filtersOf(search: string): ListFilters {
  const params = new URLSearchParams(search)
  const folder = (FOLDER_KEYS as string[]).includes(params.get('folder') ?? '')
    ? (params.get('folder') as FolderKey)
    : 'waiting'
  const status = params.get('status') as StatusKey | null
  const day = (name: string) =>
    /^\d{4}-\d{2}-\d{2}$/.test(params.get(name) ?? '') ? (params.get(name) as string) : undefined
  const from = day('from')
  const to = day('to')
  return {
    folder,
    ...(status && statusesOf(folder).includes(status) ? { status } : {}),
    ...(params.get('q') ? { search: params.get('q') as string } : {}),
    ...(from ? { fromDay: from } : {}),
    ...(to ? { toDay: to } : {}),
    start: Math.max(0, Number.parseInt(params.get('start') ?? '0', 10) || 0),
    count: PAGE_SIZE,
  }
}

function addressOf(filters: Partial<ListFilters> & { folder: FolderKey }): string {
  const params = new URLSearchParams({ folder: filters.folder })
  if (filters.status) params.set('status', filters.status)
  if (filters.search) params.set('q', filters.search)
  if (filters.fromDay) params.set('from', filters.fromDay)
  if (filters.toDay) params.set('to', filters.toDay)
  if (filters.start) params.set('start', String(filters.start))
  return `/app/?${params}`
}

let firstPageMarked = false

export function Dashboard() {
  const { account, language, t } = useSession()
  const { search } = useLocation()
  const filters = filtersOf(search)
  const [tick, refreshNow] = useRefreshTick()
  const [page, setPage] = useState<EnvelopesInformation | undefined>()
  const [counts, setCounts] = useState<Partial<Record<FolderKey, ListTotal>>>({})
  const [failed, setFailed] = useState(false)
  const [updatedAt, setUpdatedAt] = useState<Date | undefined>()
  const [searchText, setSearchText] = useState(filters.search ?? '')
  const query = listQuery(filters)

  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string is the whole of the filters; tick asks again.
  useEffect(() => {
    let current = true
    getJson<EnvelopesInformation>(accountPath(account.account_id, `/envelopes?${query}`))
      .then((result) => {
        if (!current) return
        setPage(result)
        setFailed(false)
        setUpdatedAt(new Date())
        if (!firstPageMarked) {
          firstPageMarked = true
          performance.mark('inkwell:dashboard-first-page')
        }
      })
      .catch(() => current && setFailed(true))
    return () => {
      current = false
    }
  }, [account.account_id, query, tick])

  // biome-ignore lint/correctness/useExhaustiveDependencies: tick asks again.
  useEffect(() => {
    let current = true
    Promise.all(
      FOLDER_KEYS.map(async (folder) => {
        const result = await getJson<EnvelopesInformation>(
          accountPath(account.account_id, `/envelopes?${listQuery({ folder, start: 0, count: 1 })}`),
        )
        return [folder, listTotalOf(result.totalSetSize, 0)] as const
      }),
    )
      .then((entries) => current && setCounts(Object.fromEntries(entries)))
      .catch(() => undefined)
    return () => {
      current = false
    }
  }, [account.account_id, tick])

  const go = (change: Partial<ListFilters>) => navigate(addressOf({ ...filters, start: 0, ...change }))
  const total = listTotalOf(page?.totalSetSize, filters.start)
  const envelopes = page?.envelopes ?? []

  return (
    <div className="dashboard">
      <nav className="folders" aria-label={t.folders}>
        <ul>
          {FOLDER_KEYS.map((folder) => {
            const counted = counts[folder]
            return (
              <li key={folder}>
                <a
                  href={addressOf({ folder })}
                  onClick={onLinkClick}
                  aria-current={folder === filters.folder ? 'page' : undefined}
                >
                  <span>{t.folder[folder]}</span>
                  {counted !== undefined && (
                    <span className="count" title={t.envelopeCount(counted.count, counted.more)}>
                      <span aria-hidden="true">{t.countBadge(counted.count, counted.more)}</span>
                      <span className="visually-hidden">{t.envelopeCount(counted.count, counted.more)}</span>
                    </span>
                  )}
                </a>
              </li>
            )
          })}
        </ul>
      </nav>
      <section className="listing" aria-labelledby="folder-title">
        <div className="listing-head">
          <h1 id="folder-title">{t.folder[filters.folder]}</h1>
          <div className="updated">
            {updatedAt && <span>{t.updated(formatTime(language, updatedAt))}</span>}
            <button type="button" className="secondary" onClick={refreshNow}>
              {t.refresh}
            </button>
            <a className="button-like" href="/app/send" onClick={onLinkClick}>
              {t.sendEnvelope}
            </a>
          </div>
        </div>
        <form
          className="filters"
          aria-label={t.filters}
          onSubmit={(event) => {
            event.preventDefault()
            go({ search: searchText.trim() || undefined })
          }}
        >
          <label className="search">
            <span>{t.search}</span>
            <input type="search" value={searchText} onChange={(event) => setSearchText(event.target.value)} />
          </label>
          <button type="submit">{t.searchButton}</button>
          <label>
            <span>{t.statusFilter}</span>
            <select
              value={filters.status ?? ''}
              onChange={(event) => go({ status: (event.target.value || undefined) as StatusKey | undefined })}
            >
              <option value="">{t.anyStatus}</option>
              {statusesOf(filters.folder).map((status) => (
                <option key={status} value={status}>
                  {t.status[status]}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t.from}</span>
            <input
              type="date"
              value={filters.fromDay ?? ''}
              onChange={(event) => go({ fromDay: event.target.value || undefined })}
            />
          </label>
          <label>
            <span>{t.to}</span>
            <input
              type="date"
              value={filters.toDay ?? ''}
              onChange={(event) => go({ toDay: event.target.value || undefined })}
            />
          </label>
          {(filters.search || filters.status || filters.fromDay || filters.toDay) && (
            <button
              type="button"
              className="secondary"
              onClick={() => {
                setSearchText('')
                navigate(addressOf({ folder: filters.folder }))
              }}
            >
              {t.clearFilters}
            </button>
          )}
        </form>
        {failed && (
          <p role="alert" className="error">
            {t.failed}
          </p>
        )}
        {!page && !failed && <p role="status">{t.loading}</p>}
        {page && envelopes.length === 0 && (
          <div className="empty">
            <p>{t.empty}</p>
            {filters.folder !== 'deleted' && (
              <p>
                {t.emptyHint}{' '}
                <a href="/app/send" onClick={onLinkClick}>
                  {t.sendEnvelope}
                </a>
              </p>
            )}
          </div>
        )}
        {envelopes.length > 0 && (
          <table className="envelopes">
            <caption className="visually-hidden">{t.folder[filters.folder]}</caption>
            <thead>
              <tr>
                <th scope="col">{t.subject}</th>
                <th scope="col">{t.statusColumn}</th>
                <th scope="col">{t.senderColumn}</th>
                <th scope="col">{t.changedColumn}</th>
              </tr>
            </thead>
            <tbody>
              {envelopes.map((envelope) => (
                <tr key={envelope.envelopeId}>
                  <td className="subject">
                    {/* A draft opens in the builder again, where it can be finished and sent. */}
                    <a
                      href={`/app/envelopes/${envelope.envelopeId}${envelope.status === 'created' ? '/edit' : ''}`}
                      onClick={onLinkClick}
                    >
                      {envelope.emailSubject || t.noSubject}
                    </a>
                  </td>
                  <td>
                    <span className={`badge status-${envelope.status}`}>
                      {t.status[envelope.status as StatusKey] ?? envelope.status}
                    </span>
                  </td>
                  <td className="sender">{envelope.sender?.userName}</td>
                  <td className="changed">{formatDateTime(language, envelope.statusChangedDateTime)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {total.count > 0 && (
          <nav className="pager" aria-label={t.envelopeCount(total.count, total.more)}>
            <span>
              {t.range(filters.start + 1, filters.start + envelopes.length, total.count, total.more)}
            </span>
            <button
              type="button"
              className="secondary"
              disabled={filters.start === 0}
              onClick={() => go({ ...filters, start: Math.max(0, filters.start - PAGE_SIZE) })}
            >
              {t.previous}
            </button>
            <button
              type="button"
              className="secondary"
              disabled={!total.more && filters.start + envelopes.length >= total.count}
              onClick={() => go({ ...filters, start: filters.start + PAGE_SIZE })}
            >
              {t.next}
            </button>
          </nav>
        )}
      </section>
    </div>
  )
}
