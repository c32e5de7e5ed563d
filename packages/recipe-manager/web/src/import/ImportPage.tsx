import { type FormEvent, useState } from 'react'
import { exportAddress, type ImportReport, importFile, importHtml, importUrl } from '../api.js'
import { type Messages, useUi } from '../i18n.js'
import { placeOf } from '../problem-place.js'
import { refusalText } from '../refusal.js'
import { Link, navigate } from '../router.js'
import { keepDraft } from './draft.js'

/** Import from a web page (by address or pasted HTML) into the form for review, or a whole export file. */
export function ImportPage() {
  const { t } = useUi()
  const [url, setUrl] = useState('')
  const [html, setHtml] = useState('')
  const [file, setFile] = useState<File | undefined>()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | undefined>()
  const [report, setReport] = useState<ImportReport | undefined>()

  const run = async (work: () => Promise<void>) => {
    setBusy(true)
    setError(undefined)
    try {
      await work()
    } catch (caught) {
      setError(refusalText(caught, t))
    } finally {
      setBusy(false)
    }
  }
  const review = (read: () => Promise<Parameters<typeof keepDraft>[0]>) => (event: FormEvent) => {
    event.preventDefault()
    void run(async () => {
      keepDraft(await read())
      navigate('/new?imported=1')
    })
  }

  return (
    <>
      <h1>{t.importTitle}</h1>
      {error && (
        <p className="problem" role="alert">
          {t.importRefused} {error}
        </p>
      )}
      <section aria-labelledby="from-url">
        <h2 id="from-url">{t.fromWebPage}</h2>
        <form className="inline-create" onSubmit={review(() => importUrl(url))}>
          <label htmlFor="import-url">{t.pageAddress}</label>
          <input id="import-url" type="url" value={url} onChange={(event) => setUrl(event.target.value)} />
          <button type="submit" className="primary" disabled={busy || url.trim() === ''}>
            {t.readRecipe}
          </button>
        </form>
        <form onSubmit={review(() => importHtml(html))}>
          <div className="field">
            <label htmlFor="import-html">{t.pasteHtml}</label>
            <textarea
              id="import-html"
              rows={4}
              value={html}
              onChange={(event) => setHtml(event.target.value)}
            />
          </div>
          <button type="submit" disabled={busy || html.trim() === ''}>
            {t.readRecipe}
          </button>
        </form>
      </section>
      <section aria-labelledby="from-file">
        <h2 id="from-file">{t.fromFile}</h2>
        <p className="hint">{t.fileFormats}</p>
        <form
          className="inline-create"
          onSubmit={(event) => {
            event.preventDefault()
            if (file) void run(async () => setReport(await importFile(file)))
          }}
        >
          <label htmlFor="import-file">{t.exportFile}</label>
          <input
            id="import-file"
            type="file"
            accept=".json,.zip,.paprikarecipes,application/json,application/zip"
            onChange={(event) => setFile(event.target.files?.[0])}
          />
          <button type="submit" className="primary" disabled={busy || !file}>
            {t.importFile}
          </button>
        </form>
        {report && (
          <div aria-live="polite" className="report">
            <p>{t.importedCount(report.created.length)}</p>
            {report.created.length > 0 && (
              <ul>
                {report.created.map((each) => (
                  <li key={each.id}>
                    <Link to={`/recipes/${each.id}`}>{each.title}</Link>
                    {each.imageSkipped && ` (${t.imageSkipped})`}
                  </li>
                ))}
              </ul>
            )}
            {report.skipped.length > 0 && (
              <>
                <p>{t.skippedCount(report.skipped.length)}</p>
                <ul className="skipped">
                  {report.skipped.map((each) => (
                    <li key={each.label}>
                      {each.title ?? each.label}: <SkipReason skipped={each} t={t} />
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
      </section>
      <section aria-labelledby="export">
        <h2 id="export">{t.exportTitle}</h2>
        <p>
          <a href={exportAddress('', [])} download="recipes.json">
            {t.exportAll}
          </a>
        </p>
      </section>
    </>
  )
}

/** Why an entry was skipped, in the reader's language (the report's `reason` is the API's English). */
function SkipReason({ skipped, t }: { skipped: ImportReport['skipped'][number]; t: Messages }) {
  if (skipped.code === 'duplicate' && skipped.recipeId !== undefined) {
    return (
      <>
        {t.duplicateSource} <Link to={`/recipes/${skipped.recipeId}`}>{t.openRecipe(skipped.recipeId)}</Link>
      </>
    )
  }
  if (skipped.code === 'invalid' && skipped.problems) {
    return <>{skipped.problems.map((problem) => t.problem(problem, placeOf(problem, t).label)).join(' ')}</>
  }
  return <>{t.unreadableEntry}</>
}
