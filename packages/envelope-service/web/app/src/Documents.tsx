import { useEffect, useState } from 'react'
import { accountPath, call } from './api.js'
import { useSession } from './context.js'
import type { Envelope } from './envelope.js'

/**
 * The envelope's files. Downloads need the access token, so each file is fetched and handed to the
 * browser as a blob URL: shown in the page (Chromium's PDF viewer in a frame) or saved under its name.
 */
export function Documents({ envelope }: { envelope: Envelope }) {
  const { account, t } = useSession()
  const [viewing, setViewing] = useState<{ name: string; url: string } | undefined>()
  useEffect(() => () => viewing && URL.revokeObjectURL(viewing.url), [viewing])

  const path = (documentId: string) =>
    accountPath(
      account.account_id,
      `/envelopes/${encodeURIComponent(envelope.envelopeId)}/documents/${documentId}`,
    )
  const fetchBlob = async (documentId: string) =>
    URL.createObjectURL(await (await call(path(documentId))).blob())

  const download = async (documentId: string, filename: string) => {
    const url = await fetchBlob(documentId)
    const link = document.createElement('a')
    link.href = url
    link.download = filename
    link.click()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }

  const files = [
    ...(envelope.envelopeDocuments ?? [])
      .filter((document) => document.documentId !== 'certificate')
      .map((document) => ({
        id: document.documentId,
        name: document.name,
        file: `${document.name}.pdf`,
        view: true,
      })),
    { id: 'combined', name: t.details.combined, file: 'combined.pdf', view: true },
    { id: 'certificate', name: t.details.certificate, file: 'certificate.pdf', view: true },
    ...(envelope.status === 'completed'
      ? [{ id: 'archive', name: t.details.archive, file: `${envelope.envelopeId}.zip`, view: false }]
      : []),
  ]
  return (
    <section aria-labelledby="documents-title">
      <h2 id="documents-title">{t.details.documents}</h2>
      <ul className="documents">
        {files.map((file) => (
          <li key={file.id}>
            <span className="document-name">{file.name}</span>
            {file.view && (
              <button
                type="button"
                className="secondary"
                aria-label={t.details.view(file.name)}
                onClick={async () => setViewing({ name: file.name, url: await fetchBlob(file.id) })}
              >
                {t.details.view('').trim()}
              </button>
            )}
            <button
              type="button"
              className="secondary"
              aria-label={t.details.download(file.name)}
              onClick={() => void download(file.id, file.file)}
            >
              {t.details.download('').trim()}
            </button>
          </li>
        ))}
      </ul>
      {viewing && (
        <div className="viewer">
          <button type="button" className="secondary" onClick={() => setViewing(undefined)}>
            {t.details.closeViewer}
          </button>
          <iframe title={viewing.name} src={viewing.url} />
        </div>
      )}
    </section>
  )
}
