import { useCallback, useEffect, useMemo, useState } from 'react'
import type { SigningSession, SigningState, SigningTab } from '../../../src/signing/schema.js'
import { AccessGate } from './AccessGate.js'
import { AdoptDialog } from './AdoptDialog.js'
import {
  AuthRequiredError,
  DisclosureChangedError,
  LinkRefusedError,
  RecipientLockedError,
  ServiceRefusedError,
  signingApi,
  tokenFromLocation,
} from './api.js'
import { DisclosureDialog } from './DisclosureDialog.js'
import { chooseLanguage, type Language, type Words, wordsFor } from './i18n.js'
import { showAsModal } from './modal.js'
import { PdfDocument, placedTabs, tabElementId } from './PdfDocument.js'
import { CompletedTabField, TabField } from './TabField.js'
import {
  type Adopted,
  hiddenTabs,
  initialValues,
  invalidEntries,
  missingRequired,
  withoutHidden,
} from './tabs.js'

type Load =
  | { kind: 'loading' }
  | { kind: 'refused'; message: keyof Pick<Words, 'linkMissing' | 'linkInvalid' | 'failed'> }
  | { kind: 'session'; session: SigningSession }
  /** The recipient owes an access code or SMS code: nothing of the envelope is loaded yet. */
  | { kind: 'gate' }

/** Marks when the first page is on screen, for the signing-page benchmark. */
function markFirstPageDrawn() {
  if (document.body.dataset.firstPage === 'drawn') return
  document.body.dataset.firstPage = 'drawn'
  performance.mark('first-page-drawn')
}

export function App() {
  const token = useMemo(() => tokenFromLocation(window.location.hash), [])
  const [load, setLoad] = useState<Load>(
    token ? { kind: 'loading' } : { kind: 'refused', message: 'linkMissing' },
  )

  // Bumped when the access gate is passed: the session is asked for again, now with the auth token.
  const [passes, setPasses] = useState(0)
  const passed = useCallback(() => {
    setLoad({ kind: 'loading' })
    setPasses((count) => count + 1)
  }, [])
  const refused = useCallback(() => setLoad({ kind: 'refused', message: 'linkInvalid' }), [])

  useEffect(() => {
    if (!token) return
    void passes
    signingApi
      .session(token)
      .then((session) => setLoad({ kind: 'session', session }))
      .catch((error: unknown) => {
        if (error instanceof AuthRequiredError || error instanceof RecipientLockedError)
          setLoad({ kind: 'gate' })
        else
          setLoad({ kind: 'refused', message: error instanceof LinkRefusedError ? 'linkInvalid' : 'failed' })
      })
  }, [token, passes])

  const language = chooseLanguage(
    load.kind === 'session' ? load.session.language : undefined,
    navigator.languages ?? [navigator.language],
  )
  const words = wordsFor(language)
  useEffect(() => {
    document.documentElement.lang = language
  }, [language])

  if (load.kind === 'loading')
    return (
      <main className="notice" aria-busy="true">
        {words.loading}
      </main>
    )
  if (load.kind === 'refused')
    return (
      <main className="notice" role="alert">
        {words[load.message]}
      </main>
    )
  if (load.kind === 'gate')
    return <AccessGate token={token!} words={words} onPassed={passed} onRefused={refused} />
  if (load.session.state !== 'ready')
    return <StateNotice state={load.session.state} words={words} token={token} />
  return <SigningForm token={token!} session={load.session} words={words} language={language} />
}

function StateNotice({
  state,
  words,
  token,
}: {
  state: Exclude<SigningState, 'ready'>
  words: Words
  token?: string | undefined
}) {
  const [failed, setFailed] = useState(false)
  async function download() {
    try {
      const blob = await signingApi.combined(token!)
      const link = document.createElement('a')
      link.href = URL.createObjectURL(blob)
      link.download = 'signed.pdf'
      link.click()
      URL.revokeObjectURL(link.href)
    } catch {
      setFailed(true)
    }
  }
  return (
    <main className="notice" role="status">
      <p>{words.state[state]}</p>
      {state === 'completed' && token ? (
        <button type="button" className="primary" onClick={() => void download()}>
          {words.download}
        </button>
      ) : null}
      {failed ? <p role="alert">{words.notReady}</p> : null}
    </main>
  )
}

function SigningForm({
  token,
  session,
  words,
  language,
}: {
  token: string
  session: SigningSession
  words: Words
  language: Language
}) {
  const [values, setValues] = useState<Record<string, string>>(() =>
    withoutHidden(session.tabs, initialValues(session.tabs)),
  )
  const [adopted, setAdopted] = useState<Adopted>({})
  const [adopting, setAdopting] = useState<SigningTab>()
  const [declining, setDeclining] = useState(false)
  const [reassigning, setReassigning] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const [outcome, setOutcome] = useState<SigningState>()
  // The disclosure the envelope asks for comes first: agreed once, it is not asked again (unless the
  // account changes it before this signer signs). Read again when it changed while the signer read it.
  const [disclosure, setDisclosure] = useState(session.disclosure)
  const agreed = !disclosure || disclosure.accepted

  // Tabs hidden by their conditions are left out of the page, of what Finish waits for and of the count.
  const hidden = hiddenTabs(session.tabs, values)
  const shown = session.tabs.filter((tab) => !hidden.has(tab.tabId))
  const missing = missingRequired(shown, values, adopted)
  const invalid = invalidEntries(shown, values)
  // What Finish waits for, in document order: empty required fields and entries that break their rules.
  const toFix = shown.filter((tab) => missing.includes(tab) || invalid.includes(tab))
  const requiredCount = shown.filter((tab) => tab.required).length
  const requiredDone = requiredCount - missing.length - invalid.filter((tab) => tab.required).length

  const change = useCallback(
    (tabId: string, value: string) => {
      setValues((current) => withoutHidden(session.tabs, { ...current, [tabId]: value }))
    },
    [session.tabs],
  )

  const sign = useCallback(
    (tab: SigningTab) => {
      const image = tab.type === 'signHere' ? adopted.signature : adopted.initials
      if (image === undefined) setAdopting(tab)
      else change(tab.tabId, values[tab.tabId] === 'signed' ? '' : 'signed')
    },
    [adopted, values, change],
  )

  function goToNext() {
    const next = toFix[0]
    if (!next) return
    const element =
      document.getElementById(`tab-${next.tabId}`) ??
      document.getElementById(`tab-${next.tabId}-${next.radios?.[0]?.value}`)
    element?.scrollIntoView({ behavior: 'smooth', block: 'center' })
    element?.focus({ preventScroll: true })
  }

  async function submit(action: () => Promise<{ state: SigningState; redirectUrl?: string }>) {
    setBusy(true)
    setError(undefined)
    try {
      const result = await action()
      if (result.redirectUrl) window.location.assign(result.redirectUrl)
      else setOutcome(result.state)
    } catch (caught) {
      setError(
        caught instanceof LinkRefusedError
          ? words.linkInvalid
          : caught instanceof ServiceRefusedError
            ? words.refused(caught.message)
            : words.failed,
      )
    } finally {
      setBusy(false)
    }
  }

  if (outcome && outcome !== 'ready') return <StateNotice state={outcome} words={words} token={token} />

  return (
    <>
      <header
        className={brandStyle(session.envelope.brand) ? 'bar branded' : 'bar'}
        style={brandStyle(session.envelope.brand)}
      >
        <div>
          {session.envelope.brand ? <p className="brand">{session.envelope.brand.name}</p> : null}
          <h1>{session.envelope.emailSubject}</h1>
          <p>{words.from(session.envelope.senderName)}</p>
        </div>
        <div className="bar-actions">
          <span className="progress" aria-live="polite">
            {words.progress(requiredDone, requiredCount)}
          </span>
          {toFix.length > 0 ? (
            <button type="button" onClick={goToNext}>
              {words.next}
            </button>
          ) : null}
          <button
            type="button"
            className="primary"
            disabled={busy || toFix.length > 0}
            aria-describedby="missing"
            onClick={() =>
              void submit(() =>
                signingApi.finish(token, {
                  ...(adopted.signature ? { signature: adopted.signature } : {}),
                  ...(adopted.initials ? { initials: adopted.initials } : {}),
                  values,
                }),
              )
            }
          >
            {busy ? words.finishing : words.finish}
          </button>
          <button type="button" className="link" onClick={() => setDeclining(true)}>
            {words.decline}
          </button>
          {session.canReassign ? (
            <button type="button" className="link" onClick={() => setReassigning(true)}>
              {words.reassign}
            </button>
          ) : null}
        </div>
        <p id="missing" className="sr-only">
          {[
            missing.length > 0 ? words.missing(missing.length) : '',
            invalid.length > 0 ? words.toFix(invalid.length) : '',
          ].join(' ')}
        </p>
      </header>
      <main className="documents">
        {session.envelope.emailBlurb ? <p className="blurb">{session.envelope.emailBlurb}</p> : null}
        {session.recipient.note ? (
          <section className="note" aria-labelledby="recipient-note">
            <h2 id="recipient-note">{words.noteFrom(session.envelope.senderName)}</h2>
            <p>{session.recipient.note}</p>
          </section>
        ) : null}
        <p className="hint">{words.review}</p>
        {error ? (
          <p role="alert" className="error">
            {error}
          </p>
        ) : null}
        {session.documents.map((document) => (
          <PdfDocument
            key={document.documentId}
            token={token}
            document={document}
            tabs={placedTabs([...(session.completedTabs ?? []), ...shown]).filter(
              (tab) => tab.documentId === document.documentId,
            )}
            words={words}
            onFirstPageDrawn={markFirstPageDrawn}
            renderTab={(tab, page) =>
              tab.signedBy !== undefined ? (
                <CompletedTabField key={tabElementId(tab)} tab={tab} page={page} words={words} />
              ) : (
                <TabField
                  key={tabElementId(tab)}
                  tab={tab}
                  page={page}
                  values={values}
                  adopted={adopted}
                  words={words}
                  onChange={change}
                  onSign={sign}
                />
              )
            }
          />
        ))}
      </main>
      {adopting ? (
        <AdoptDialog
          name={session.recipient.name}
          words={words}
          onCancel={() => setAdopting(undefined)}
          onAdopt={(images) => {
            setAdopted(images)
            change(adopting.tabId, 'signed')
            setAdopting(undefined)
          }}
        />
      ) : null}
      {!agreed && !declining && disclosure ? (
        <DisclosureDialog
          // A new version is a new dialog: its box unticked, its reader back at the top.
          key={disclosure.version}
          sender={session.envelope.senderName}
          details={disclosure.details?.[language]}
          words={words}
          busy={busy}
          error={error}
          onDecline={() => {
            setError(undefined)
            setDeclining(true)
          }}
          onAgree={() =>
            void submit(async () => {
              try {
                await signingApi.acceptDisclosure(token, disclosure.version, language)
                setDisclosure({ ...disclosure, accepted: true })
              } catch (caught) {
                if (!(caught instanceof DisclosureChangedError)) throw caught
                const current = await signingApi.disclosure(token)
                setDisclosure(current)
                if (!current.accepted) setError(words.disclosure.changed)
              }
              return { state: 'ready' }
            })
          }
        />
      ) : null}
      {declining ? (
        <DeclineDialog
          words={words}
          busy={busy}
          onCancel={() => setDeclining(false)}
          onDecline={(reason) => void submit(() => signingApi.decline(token, { reason }))}
        />
      ) : null}
      {reassigning ? (
        <ReassignDialog
          words={words}
          busy={busy}
          error={error}
          onCancel={() => {
            setReassigning(false)
            setError(undefined)
          }}
          onReassign={(request) => void submit(() => signingApi.reassign(token, request))}
        />
      ) : null}
    </>
  )
}

/**
 * The envelope's brand colours on the header, as its emails' header has them: DocuSign's
 * `headerBackground` and `headerText`, taken together or not at all (one alone could leave the header's
 * text unreadable), and only as `#RRGGBB`, as the brand API stores them.
 */
function brandStyle(brand: SigningSession['envelope']['brand']): React.CSSProperties | undefined {
  const color = (name: string) => {
    const value = brand?.colors[name]
    return value !== undefined && /^#[0-9a-f]{6}$/i.test(value) ? value : undefined
  }
  const background = color('headerBackground')
  const text = color('headerText')
  if (!background || !text) return undefined
  return { background, color: text, '--muted': text } as React.CSSProperties
}

function ReassignDialog({
  words,
  busy,
  error,
  onCancel,
  onReassign,
}: {
  words: Words
  busy: boolean
  error: string | undefined
  onCancel: () => void
  onReassign: (request: { name: string; email: string; reason: string }) => void
}) {
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [reason, setReason] = useState('')
  const complete = name.trim() !== '' && email.trim() !== '' && reason.trim() !== ''
  return (
    <dialog
      open
      className="reassign"
      aria-labelledby="reassign-title"
      aria-describedby="reassign-intro"
      ref={showAsModal}
      onCancel={onCancel}
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault()
          if (complete) onReassign({ name: name.trim(), email: email.trim(), reason: reason.trim() })
        }}
      >
        <h2 id="reassign-title">{words.reassignTitle}</h2>
        <p id="reassign-intro">{words.reassignIntro}</p>
        <label>
          {words.reassignName}
          <input
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={100}
            autoComplete="off"
            required
          />
        </label>
        <label>
          {words.reassignEmail}
          <input
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            maxLength={100}
            autoComplete="off"
            required
          />
        </label>
        <label>
          {words.reassignReason}
          <textarea
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={2000}
            rows={3}
            required
          />
        </label>
        {error ? (
          <p role="alert" className="error">
            {error}
          </p>
        ) : null}
        <div className="actions">
          <button type="button" onClick={onCancel}>
            {words.cancel}
          </button>
          <button type="submit" className="primary" disabled={busy || !complete}>
            {words.reassignConfirm}
          </button>
        </div>
      </form>
    </dialog>
  )
}

function DeclineDialog({
  words,
  busy,
  onCancel,
  onDecline,
}: {
  words: Words
  busy: boolean
  onCancel: () => void
  onDecline: (reason: string) => void
}) {
  const [reason, setReason] = useState('')
  return (
    <dialog open className="decline" aria-labelledby="decline-title" ref={showAsModal} onCancel={onCancel}>
      <h2 id="decline-title">{words.declineTitle}</h2>
      <label>
        {words.declineReason}
        <textarea
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={2000}
          rows={4}
        />
      </label>
      <div className="actions">
        <button type="button" onClick={onCancel}>
          {words.cancel}
        </button>
        <button
          type="button"
          className="primary"
          disabled={busy || reason.trim() === ''}
          onClick={() => onDecline(reason.trim())}
        >
          {words.declineConfirm}
        </button>
      </div>
    </dialog>
  )
}
