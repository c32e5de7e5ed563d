import { useEffect, useState } from 'react'
import { ApiError, accountPath, getJson } from '../api.js'
import { useSession } from '../context.js'
import { type Envelope, inFlight } from '../envelope.js'
import { Recipients } from '../Recipients.js'
import { navigate } from '../router.js'
import { EmbeddedBar } from './EmbeddedBar.js'
import { leaveTo } from './return.js'
import { EMBEDDED_WORDS } from './words.js'

/**
 * DocuSign's correct view: a sent envelope's recipients, each corrected with the details page's dialog
 * (name, email or phone; a new address gets the invitation again). Done returns with `event=Correct`,
 * Cancel with `event=Cancel`; opened from the app, both go back to the envelope's page.
 */
export function CorrectView({ envelopeId, returnUrl }: { envelopeId: string; returnUrl?: string }) {
  const { account, language, t } = useSession()
  const words = EMBEDDED_WORDS[language]
  const [envelope, setEnvelope] = useState<Envelope>()
  const [problem, setProblem] = useState<string>()
  const [corrected, setCorrected] = useState(0)
  const envelopePath = (rest = '') =>
    accountPath(account.account_id, `/envelopes/${encodeURIComponent(envelopeId)}${rest}`)

  // biome-ignore lint/correctness/useExhaustiveDependencies: corrected asks again after each correction.
  useEffect(() => {
    Promise.all([
      getJson<Envelope>(envelopePath()),
      getJson<Envelope['recipients']>(envelopePath('/recipients')),
    ])
      .then(([found, recipients]) => setEnvelope({ ...found, ...(recipients ? { recipients } : {}) }))
      .catch((error) => setProblem(error instanceof ApiError && error.status === 404 ? t.notFound : t.failed))
  }, [account.account_id, envelopeId, corrected])

  const leave = (event: 'Correct' | 'Cancel') => {
    if (returnUrl) leaveTo(returnUrl, event)
    else navigate(`/app/envelopes/${encodeURIComponent(envelopeId)}`)
  }

  return (
    <div className="details">
      <h1>{words.correctTitle(envelope?.emailSubject ?? '')}</h1>
      <EmbeddedBar
        busy={undefined}
        saveLabel={words.done}
        onSave={() => leave('Correct')}
        onCancel={() => leave('Cancel')}
      />
      <p role="status" className="notice-line">
        {corrected > 0 ? words.corrections(corrected, language) : ''}
      </p>
      {problem && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}
      {!envelope && !problem && <p role="status">{t.loading}</p>}
      {envelope && !inFlight(envelope.status) && (
        <p role="alert" className="warning">
          {words.notInFlight}
        </p>
      )}
      {envelope && (
        <>
          <p className="muted">{words.correctHint}</p>
          <Recipients envelope={envelope} onChanged={() => setCorrected((count) => count + 1)} />
        </>
      )}
    </div>
  )
}
