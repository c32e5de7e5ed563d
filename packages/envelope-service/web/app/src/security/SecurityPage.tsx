import '../admin/admin.css'
import './security.css'
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react'
import { ApiError, accountPath, getJson, sendJson } from '../api.js'
import { useSession } from '../context.js'
import { SignInHistory } from './SignInHistory.js'
import { SECURITY_WORDS, type SecurityWords } from './words.js'

interface Status {
  enabled: boolean
  /** An account of the person's requires it: it cannot be turned off. */
  required: boolean
  recoveryCodesLeft?: number
}
interface Enrollment {
  secret: string
  otpauthUri: string
  qrCode: string
}

type Step =
  | { name: 'loading' }
  | { name: 'failed' }
  | { name: 'off'; notice?: string }
  | { name: 'scanning'; enrollment: Enrollment }
  | { name: 'codes'; codes: string[] }
  | { name: 'on'; left: number; required: boolean; notice?: string }

/**
 * The signed-in person's sign-in security: two-step sign-in turned on (scan, type a code, keep the
 * recovery codes) or off (with a code). The service's `two_step_sign_in` endpoints do the work; this
 * screen only words each step in the reader's language.
 */
export function SecurityPage() {
  const { account, language } = useSession()
  const words = SECURITY_WORDS[language]
  const path = (rest: string) => accountPath(account.account_id, `/two_step_sign_in${rest}`)
  const [step, setStep] = useState<Step>({ name: 'loading' })
  const [busy, setBusy] = useState(false)

  const statusPath = path('')
  const load = useCallback(
    async (notice?: string) => {
      try {
        const status = await getJson<Status>(statusPath)
        setStep(
          status.enabled
            ? {
                name: 'on',
                left: status.recoveryCodesLeft ?? 0,
                required: status.required,
                ...(notice ? { notice } : {}),
              }
            : { name: 'off', ...(notice ? { notice } : {}) },
        )
      } catch {
        setStep({ name: 'failed' })
      }
    },
    [statusPath],
  )
  useEffect(() => {
    void load()
  }, [load])

  /** Runs a call with the buttons disabled; a refusal comes back as the words to show. */
  async function act<T>(run: () => Promise<T>): Promise<T | { refused: string }> {
    setBusy(true)
    try {
      return await run()
    } catch (error) {
      const code = error instanceof ApiError ? error.errorCode : undefined
      return {
        refused:
          code === 'INVALID_SECOND_FACTOR_CODE'
            ? words.wrongCode
            : code === 'TOO_MANY_SIGN_IN_ATTEMPTS'
              ? words.tooManyCodes
              : code === 'SECOND_FACTOR_REQUIRED'
                ? words.requiredByAccount
                : words.failed,
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="admin-page security-page">
      <h1>{words.title}</h1>
      <section aria-labelledby="two-step-heading">
        <h2 id="two-step-heading">{words.twoStep}</h2>
        {step.name === 'loading' && <p role="status">{words.loading}</p>}
        {step.name === 'failed' && <p role="alert">{words.failed}</p>}
        {(step.name === 'off' || step.name === 'on') && step.notice && (
          <p role="status" className="notice-line">
            {step.notice}
          </p>
        )}
        {step.name === 'off' && (
          <>
            <p>{words.offLead}</p>
            <button
              type="button"
              disabled={busy}
              onClick={async () => {
                const started = await act(() => sendJson<Enrollment>('POST', path(''), {}))
                if ('refused' in started) setStep({ name: 'failed' })
                else setStep({ name: 'scanning', enrollment: started })
              }}
            >
              {words.turnOn}
            </button>
          </>
        )}
        {step.name === 'scanning' && (
          <Scanning
            enrollment={step.enrollment}
            words={words}
            busy={busy}
            onCancel={() => void load()}
            onCode={async (code) => {
              const confirmed = await act(() =>
                sendJson<{ recoveryCodes: string[] }>('POST', path('/confirm'), { code }),
              )
              if ('refused' in confirmed) return confirmed.refused
              setStep({ name: 'codes', codes: confirmed.recoveryCodes })
              return undefined
            }}
          />
        )}
        {step.name === 'codes' && (
          <RecoveryCodes codes={step.codes} words={words} onDone={() => void load(words.turnedOn)} />
        )}
        {step.name === 'on' && step.required && (
          <>
            <p>{words.onLead(step.left)}</p>
            <p className="muted">{words.requiredByAccount}</p>
          </>
        )}
        {step.name === 'on' && !step.required && (
          <TurnOff
            left={step.left}
            words={words}
            busy={busy}
            onCode={async (code) => {
              const done = await act(() => sendJson<Status>('POST', path('/disable'), { code }))
              if ('refused' in done) return done.refused
              await load(words.turnedOff)
              return undefined
            }}
          />
        )}
      </section>
      <SignInHistory />
    </div>
  )
}

/** A form with one code field; `onCode` answers the words to show when the code is refused. */
function CodeForm(props: {
  label: string
  hint?: string
  submit: string
  busy: boolean
  words: SecurityWords
  onCode: (code: string) => Promise<string | undefined>
  children?: React.ReactNode
}) {
  const id = useId()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | undefined>()
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (code.trim() === '') {
      setError(props.words.codeMissing)
      return
    }
    const refused = await props.onCode(code)
    setError(refused)
    if (refused) setCode('')
  }
  const described = [props.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <label className="code-label" htmlFor={`${id}-code`}>
        {props.label}
      </label>
      <input
        id={`${id}-code`}
        className="code-input"
        value={code}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={32}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => setCode(event.target.value)}
      />
      {props.hint && (
        <p className="hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      )}
      {error && (
        <p role="alert" className="error" id={`${id}-error`}>
          {error}
        </p>
      )}
      <div className="actions">
        <button type="submit" disabled={props.busy}>
          {props.submit}
        </button>
        {props.children}
      </div>
    </form>
  )
}

function Scanning(props: {
  enrollment: Enrollment
  words: SecurityWords
  busy: boolean
  onCancel: () => void
  onCode: (code: string) => Promise<string | undefined>
}) {
  const { enrollment, words } = props
  // Grouped by four, as apps show keys, so it can be read out and typed.
  const grouped = enrollment.secret.match(/.{1,4}/g)?.join(' ') ?? enrollment.secret
  return (
    <>
      <p>{words.scanLead}</p>
      <a href={enrollment.otpauthUri} className="qr-link">
        <img src={enrollment.qrCode} alt={words.qrAlt} width={200} height={200} />
      </a>
      <p>
        {words.orType}: <code className="secret-key">{grouped}</code>
      </p>
      <CodeForm
        label={words.code}
        submit={words.confirm}
        busy={props.busy}
        words={words}
        onCode={props.onCode}
      >
        <button type="button" className="secondary" onClick={props.onCancel} disabled={props.busy}>
          {words.cancel}
        </button>
      </CodeForm>
    </>
  )
}

function RecoveryCodes(props: { codes: string[]; words: SecurityWords; onDone: () => void }) {
  const { codes, words } = props
  const [href] = useState(() =>
    URL.createObjectURL(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' })),
  )
  useEffect(() => () => URL.revokeObjectURL(href), [href])
  return (
    <>
      <h3>{words.codesTitle}</h3>
      <p>{words.codesLead}</p>
      <ol className="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="actions">
        <a className="button-like secondary" href={href} download={words.fileName}>
          {words.download}
        </a>
        <button type="button" onClick={props.onDone}>
          {words.savedThem}
        </button>
      </div>
    </>
  )
}

function TurnOff(props: {
  left: number
  words: SecurityWords
  busy: boolean
  onCode: (code: string) => Promise<string | undefined>
}) {
  const { words } = props
  return (
    <>
      <p>{words.onLead(props.left)}</p>
      <h3>{words.offTitle}</h3>
      <CodeForm
        label={words.codeOrRecovery}
        hint={words.offHint}
        submit={words.turnOff}
        busy={props.busy}
        words={words}
        onCode={props.onCode}
      />
    </>
  )
}
