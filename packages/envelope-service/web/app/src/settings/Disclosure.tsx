import '../../../shared/own-text.css'
import { useEffect, useId, useRef, useState } from 'react'
import {
  DISCLOSURE_DETAIL_TEXTS,
  DISCLOSURE_LANGUAGES,
  DISCLOSURE_TEXT,
  type DisclosureDetails,
  type DisclosureLanguage,
} from '../../../../src/signing/disclosure/text.js'
import { call, getJson } from '../api.js'
import { useSession } from '../context.js'
import { refusalText } from '../refusal.js'
import { SETTINGS_WORDS } from './words.js'

/**
 * The texts of the form, by DocuSign's names; every one is sent, so an emptied field removes it. The two
 * free texts beyond what withdrawing means (`changeEmailOther`, `withdrawOther`) are the API's only: left
 * out of the request, they keep their value.
 */
const TEXTS = DISCLOSURE_DETAIL_TEXTS.filter(
  (name): name is Exclude<(typeof DISCLOSURE_DETAIL_TEXTS)[number], 'changeEmailOther' | 'withdrawOther'> =>
    name !== 'changeEmailOther' && name !== 'withdrawOther',
)
type TextField = (typeof TEXTS)[number]
type Form = Record<TextField, string> & {
  withdrawByEmail: boolean
  withdrawByPhone: boolean
  withdrawByMail: boolean
  /** Account-wide: shown on every envelope that does not say (DocuSign's `useConsumerDisclosureWithinAccount`). */
  onEveryEnvelope: boolean
  /** The account's own text instead of this service's, in this version (DocuSign's `custom`). */
  custom: boolean
  /** The own text as written here, HTML; sent only with `custom`. */
  esignText: string
}

/** DocuSign's `consumerDisclosure` answer, as far as the form reads it (every property a string). */
type Answer = Partial<
  Record<
    | TextField
    | 'withdrawByEmail'
    | 'withdrawByPhone'
    | 'withdrawByMail'
    | 'useConsumerDisclosureWithinAccount'
    | 'custom'
    | 'esignText',
    string
  >
>

/** The version's own text as the service stored it (checked and rewritten there), if it has one. */
const ownTextOf = (answer: Answer): string | undefined =>
  answer.custom === 'true' ? answer.esignText : undefined

const formOf = (answer: Answer): Form => ({
  ...(Object.fromEntries(TEXTS.map((name) => [name, answer[name] ?? ''])) as Record<TextField, string>),
  withdrawByEmail: answer.withdrawByEmail === 'true',
  withdrawByPhone: answer.withdrawByPhone === 'true',
  withdrawByMail: answer.withdrawByMail === 'true',
  onEveryEnvelope: answer.useConsumerDisclosureWithinAccount === 'true',
  custom: answer.custom === 'true',
  esignText: ownTextOf(answer) ?? '',
})

/** The form as the disclosure text reads it (text.ts), for the preview. */
function detailsOf(form: Form): DisclosureDetails {
  const details: DisclosureDetails = {}
  for (const name of TEXTS) if (form[name].trim() !== '') details[name] = form[name].trim()
  if (form.withdrawByEmail) details.withdrawByEmail = true
  if (form.withdrawByPhone) details.withdrawByPhone = true
  if (form.withdrawByMail) details.withdrawByMail = true
  return details
}

/**
 * The account's Electronic Record and Signature Disclosure: its contact details in the English and the
 * Spanish version (DocuSign's `GET` and `PUT /consumer_disclosure/{langCode}`), or its own text in a
 * version, with the text signers read beside the form, as the signing page writes it (the same module).
 * An own text is previewed only as the service answered it: the service checks the HTML before storing
 * it, so what is typed but not saved never reaches the page as HTML.
 */
export function Disclosure(props: { path: (rest: string) => string; onNotice: (message: string) => void }) {
  const { language, t } = useSession()
  const words = SETTINGS_WORDS[language]
  const id = useId()
  const [version, setVersion] = useState<DisclosureLanguage>(language)
  const [form, setForm] = useState<Form | undefined>()
  const [savedOwnText, setSavedOwnText] = useState<string | undefined>()
  const [accountName, setAccountName] = useState('')
  const [failed, setFailed] = useState(false)
  const [problem, setProblem] = useState<string | undefined>()

  const disclosurePath = props.path(`/consumer_disclosure/${version}`)
  // The version shown now: a save answered after another version was picked leaves that one's form alone.
  const shownPath = useRef(disclosurePath)
  shownPath.current = disclosurePath
  useEffect(() => {
    setForm(undefined)
    setProblem(undefined)
    Promise.all([getJson<Answer>(disclosurePath), getJson<{ accountName: string }>(props.path(''))]).then(
      ([answer, account]) => {
        setAccountName(account.accountName)
        setSavedOwnText(ownTextOf(answer))
        // A version without its own name reads the account's: the field stays empty until one is set.
        const read = formOf(answer)
        setForm(read.companyName === account.accountName ? { ...read, companyName: '' } : read)
      },
      () => setFailed(true),
    )
  }, [disclosurePath, props.path])

  if (failed) return <p role="alert">{t.failed}</p>
  const set = (change: Partial<Form>) => form && setForm({ ...form, ...change })
  const text = (name: TextField, options: { type?: string; required?: boolean; long?: boolean } = {}) =>
    form && (
      <div className="field">
        <label htmlFor={`${id}-${name}`}>{words[name]}</label>
        {options.long ? (
          <textarea
            id={`${id}-${name}`}
            value={form[name]}
            maxLength={2000}
            rows={2}
            onChange={(event) => set({ [name]: event.target.value })}
          />
        ) : (
          <input
            id={`${id}-${name}`}
            type={options.type ?? 'text'}
            value={form[name]}
            maxLength={200}
            required={options.required}
            {...(name === 'copyCostPerPage'
              ? { inputMode: 'decimal', pattern: '\\d{1,6}(\\.\\d{1,4})?' }
              : {})}
            onChange={(event) => set({ [name]: event.target.value })}
          />
        )}
      </div>
    )
  const flag = (name: 'onEveryEnvelope' | 'withdrawByEmail' | 'withdrawByPhone' | 'withdrawByMail') =>
    form && (
      <label className="check">
        <input
          type="checkbox"
          checked={form[name]}
          onChange={(event) => set({ [name]: event.target.checked })}
        />{' '}
        {words[name]}
      </label>
    )
  const details = form ? detailsOf(form) : {}
  const company = details.companyName ?? accountName
  const shown = DISCLOSURE_TEXT[version]
  const otherVersion = DISCLOSURE_LANGUAGES.find((code) => code !== version) ?? version

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{words.disclosure}</h2>
      <p className="muted">{words.disclosureIntro}</p>
      <label className="field narrow">
        <span>{words.disclosureLanguage}</span>
        <select value={version} onChange={(event) => setVersion(event.target.value as DisclosureLanguage)}>
          {DISCLOSURE_LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {words.disclosureLanguages[code]}
            </option>
          ))}
        </select>
      </label>
      {!form ? (
        <p role="status">{t.loading}</p>
      ) : (
        <div className="disclosure-editor">
          <form
            lang={version}
            onSubmit={(event) => {
              event.preventDefault()
              setProblem(undefined)
              if (form.custom && form.esignText.trim() === '') {
                setProblem(words.ownTextMissing)
                return
              }
              const body = {
                ...Object.fromEntries(TEXTS.map((name) => [name, form[name].trim()])),
                withdrawByEmail: String(form.withdrawByEmail),
                withdrawByPhone: String(form.withdrawByPhone),
                withdrawByMail: String(form.withdrawByMail),
                useConsumerDisclosureWithinAccount: String(form.onEveryEnvelope),
                ...(form.custom ? { custom: 'true', esignText: form.esignText } : { custom: 'false' }),
              }
              call(disclosurePath, {
                method: 'PUT',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(body),
              })
                // The answer is the disclosure as it now reads: the own text as stored, shown in the preview.
                .then((response) => response.json() as Promise<Answer>)
                .then((answer) => {
                  props.onNotice(words.disclosureSaved(words.disclosureLanguages[version]))
                  if (shownPath.current !== disclosurePath) return
                  const stored = ownTextOf(answer)
                  setSavedOwnText(stored)
                  if (stored !== undefined) setForm((current) => current && { ...current, esignText: stored })
                })
                .catch((error) => setProblem(refusalText(error, language, t)))
            }}
          >
            {flag('onEveryEnvelope')}
            <p className="hint">{words.onEveryEnvelopeHint}</p>
            <fieldset className="choices single">
              <legend>{words.disclosureText}</legend>
              {([false, true] as const).map((custom) => (
                <label key={String(custom)}>
                  <input
                    type="radio"
                    name={`${id}-custom`}
                    checked={form.custom === custom}
                    onChange={() => set({ custom })}
                  />{' '}
                  {custom ? words.ownText : words.serviceText}
                </label>
              ))}
            </fieldset>
            {form.custom && (
              <>
                <div className="field">
                  <label htmlFor={`${id}-esignText`}>{words.ownTextLabel}</label>
                  <textarea
                    id={`${id}-esignText`}
                    className="own-text-source"
                    value={form.esignText}
                    rows={10}
                    spellCheck={false}
                    aria-describedby={`${id}-esignText-hint`}
                    onChange={(event) => set({ esignText: event.target.value })}
                  />
                </div>
                <div id={`${id}-esignText-hint`} className="hint">
                  <p>{words.ownTextAllowed(shown.agree)}</p>
                  <p>
                    {words.ownTextVersions(
                      words.disclosureLanguages[version],
                      words.disclosureLanguages[otherVersion],
                    )}
                  </p>
                </div>
                <p className="hint">{words.detailsKept}</p>
              </>
            )}
            {text('companyName')}
            <div className="field-row">
              {text('changeEmail', { type: 'email' })}
              {text('companyPhone', { type: 'tel' })}
            </div>
            <div className="field-row">
              {text('copyRequestEmail', { type: 'email' })}
              {text('copyCostPerPage')}
            </div>
            {text('copyFeeCollectionMethod')}
            <fieldset>
              <legend>{words.withdrawHeading}</legend>
              {flag('withdrawByEmail')}
              {form.withdrawByEmail && text('withdrawEmail', { type: 'email', required: true })}
              {flag('withdrawByPhone')}
              {form.withdrawByPhone && text('withdrawPhone', { type: 'tel', required: true })}
              {flag('withdrawByMail')}
              {form.withdrawByMail && (
                <>
                  {text('withdrawAddressLine1', { required: true })}
                  {text('withdrawAddressLine2')}
                  <div className="field-row">
                    {text('withdrawCity', { required: true })}
                    {text('withdrawState')}
                    {text('withdrawPostalCode')}
                  </div>
                </>
              )}
              {text('withdrawConsequences', { long: true })}
            </fieldset>
            {problem && (
              <p role="alert" className="error">
                {problem}
              </p>
            )}
            <p className="hint">{words.askedAgain}</p>
            <button type="submit">{words.saveDisclosure}</button>
          </form>
          <aside className="disclosure-preview" aria-labelledby={`${id}-preview`} lang={version}>
            <h3 id={`${id}-preview`}>{words.preview}</h3>
            {!form.custom ? (
              <>
                <p className="muted">{shown.intro(company)}</p>
                {shown.sections(company, details).map((section) => (
                  <div key={section.heading}>
                    <h4>{section.heading}</h4>
                    <p>{section.text}</p>
                  </div>
                ))}
              </>
            ) : savedOwnText === undefined ? (
              <p className="muted">{words.saveToPreview}</p>
            ) : (
              <>
                {form.esignText !== savedOwnText && <p className="muted">{words.previewAsSaved}</p>}
                <div
                  className="own-text"
                  // The own text as the service answered it after checking it (signing/disclosure/own-text.ts), as the signing page shows it.
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: only HTML the server checked and stored, never the unsaved text
                  dangerouslySetInnerHTML={{ __html: savedOwnText }}
                />
              </>
            )}
          </aside>
        </div>
      )}
    </section>
  )
}
