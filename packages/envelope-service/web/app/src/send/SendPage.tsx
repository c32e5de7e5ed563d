import { chosenMessage, lockedMessageOf } from 'esign-contract/message-lock'
import { useEffect, useId, useState } from 'react'
import { accountPath, getJson, sendJson } from '../api.js'
import { FlagWithHint } from '../builder/FlagWithHint.js'
import { roleDeliveryOf } from '../builder/model.js'
import { useTemplates } from '../builder/TemplateList.js'
import { BUILDER_WORDS } from '../builder/words.js'
import { useSession } from '../context.js'
import { refusalText } from '../refusal.js'
import { navigate } from '../router.js'
import {
  disclosureOf,
  type MergedRole,
  mergeRoles,
  prefill,
  type RecipientEntry,
  roleKey,
  sendRequest,
  type TemplateForSending,
} from './merge.js'
import { SEND_WORDS } from './words.js'

const KINDS = ['signers', 'carbonCopies', 'certifiedDeliveries', 'inPersonSigners'] as const

async function templateForSending(accountId: string, templateId: string): Promise<TemplateForSending> {
  const template = await getJson<Record<string, unknown>>(
    accountPath(accountId, `/templates/${encodeURIComponent(templateId)}`),
  )
  const recipients = (template.recipients ?? {}) as Record<
    string,
    { roleName?: string; routingOrder?: string; deliveryMethod?: string }[]
  >
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
  const useDisclosure = text(template.useDisclosure)
  return {
    templateId,
    name: String(template.name ?? ''),
    emailSubject: text(template.emailSubject),
    emailBlurb: text(template.emailBlurb),
    lockedMessage: lockedMessageOf({
      messageLock: text(template.messageLock),
      emailSubject: text(template.emailSubject),
      emailBlurb: text(template.emailBlurb),
    }),
    ...(useDisclosure !== undefined ? { useDisclosure: useDisclosure === 'true' } : {}),
    roles: KINDS.flatMap((kind) =>
      (recipients[kind] ?? []).map((recipient) => ({
        roleName: recipient.roleName ?? '',
        routingOrder: Number(recipient.routingOrder ?? 1) || 1,
        kind,
        ...(roleDeliveryOf(recipient.deliveryMethod) === 'SMS' ? { defaultDelivery: 'SMS' as const } : {}),
      })),
    ),
  }
}

const EMPTY_ENTRY: RecipientEntry = { name: '', delivery: 'email', email: '', countryCode: '1', phone: '' }

/** Sending from one or more templates: the merged roles' people, subject and message, send or draft. */
export function SendPage() {
  const { account, language, t } = useSession()
  const words = SEND_WORDS[language]
  // The same setting as the template builder's, in the same words.
  const builderWords = BUILDER_WORDS[language]
  const id = useId()
  const { templates } = useTemplates()
  const [picked, setPicked] = useState<string[]>(() =>
    (new URLSearchParams(location.search).get('templates') ?? '').split(',').filter(Boolean),
  )
  const [details, setDetails] = useState<Record<string, TemplateForSending>>({})
  const [entries, setEntries] = useState<Record<string, RecipientEntry>>({})
  const [subject, setSubject] = useState<string>()
  const [message, setMessage] = useState<string>()
  const [reminderDays, setReminderDays] = useState('')
  const [expireDays, setExpireDays] = useState('')
  // Left to the templates until the sender ticks or clears it.
  const [disclosure, setDisclosure] = useState<boolean>()
  // Whether the account shows the disclosure on envelopes that do not say (Settings).
  const [accountDisclosure, setAccountDisclosure] = useState(false)
  const [problem, setProblem] = useState<string>()
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    for (const templateId of picked) {
      if (details[templateId]) continue
      templateForSending(account.account_id, templateId)
        .then((loaded) => setDetails((current) => ({ ...current, [templateId]: loaded })))
        .catch(() => setProblem(words.pickOne))
    }
  }, [picked, details, account.account_id, words.pickOne])

  useEffect(() => {
    getJson<{ useConsumerDisclosureWithinAccount?: string }>(
      accountPath(account.account_id, '/consumer_disclosure'),
    ).then(
      (read) => setAccountDisclosure(read.useConsumerDisclosureWithinAccount === 'true'),
      () => undefined, // Unread, the box starts as the templates say; what is sent is what is ticked.
    )
  }, [account.account_id])

  const chosen = picked.map((templateId) => details[templateId]).filter((found) => found !== undefined)
  const roles = mergeRoles(chosen)
  const filled = prefill(chosen)
  // A template that locks its subject and message fixes them: shown, not editable, and not sent.
  const lock = chosenMessage(chosen)
  const locked = lock.kind === 'locked' ? lock.message : undefined
  const conflict = lock.kind === 'conflict' ? words.lockConflict(...lock.templateNames) : undefined
  const asksDisclosure = disclosure ?? disclosureOf(chosen, accountDisclosure)
  // Each recipient's delivery starts as its role's default, until the sender changes it.
  const entryOf = (role: MergedRole) =>
    entries[roleKey(role)] ?? { ...EMPTY_ENTRY, delivery: role.defaultDelivery ?? 'email' }
  const setEntry = (role: MergedRole, patch: Partial<RecipientEntry>) =>
    setEntries((current) => ({ ...current, [roleKey(role)]: { ...entryOf(role), ...patch } }))

  const toggle = (templateId: string, on: boolean) =>
    setPicked((current) =>
      on ? [...current, templateId] : current.filter((candidate) => candidate !== templateId),
    )

  const check = (status: 'sent' | 'created'): string | undefined => {
    if (chosen.length === 0) return words.pickOne
    if (conflict) return conflict
    if (!locked && !(subject ?? filled.subject).trim()) return words.subjectRequired
    if (status === 'created') return undefined
    for (const role of roles) {
      const entry = entryOf(role)
      if (!entry.name.trim() || !entry.email.trim()) return words.missing(role.roleName)
      if (entry.delivery === 'SMS' && !entry.phone.trim()) return words.missingPhone(role.roleName)
    }
    return undefined
  }

  const submit = async (status: 'sent' | 'created') => {
    const found = check(status)
    setProblem(found)
    if (found) return
    setBusy(true)
    try {
      const body = sendRequest({
        templates: chosen,
        recipients: new Map(roles.map((role) => [roleKey(role), entryOf(role)])),
        ...(locked ? {} : { subject: subject ?? filled.subject, message: message ?? filled.message }),
        status,
        ...(disclosure !== undefined ? { useDisclosure: disclosure } : {}),
        reminderDelayDays: Number(reminderDays) || undefined,
        expireAfterDays: Number(expireDays) || undefined,
      })
      const created = await sendJson<{ envelopeId: string }>(
        'POST',
        accountPath(account.account_id, '/envelopes'),
        body,
      )
      navigate(`/app/envelopes/${encodeURIComponent(created.envelopeId)}`)
    } catch (error) {
      // The service's own words in English, its refusal worded by code in another language.
      setProblem(refusalText(error, language, t))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="send-page">
      <h1>{words.title}</h1>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          void submit('sent')
        }}
        noValidate
      >
        <fieldset className="panel">
          <legend>{words.pickTemplates}</legend>
          <p className="hint">{words.pickHint}</p>
          <ul className="template-picks">
            {(templates ?? []).map((template) => {
              const position = picked.indexOf(template.templateId)
              return (
                <li key={template.templateId}>
                  <label className="check">
                    <input
                      type="checkbox"
                      checked={position >= 0}
                      onChange={(event) => toggle(template.templateId, event.target.checked)}
                    />
                    {template.name}
                    {position >= 0 && <span className="badge">{position + 1}</span>}
                  </label>
                </li>
              )
            })}
          </ul>
          <p className="hint" aria-live="polite">
            {words.picked(picked.length)}
          </p>
        </fieldset>

        <section className="panel" aria-labelledby={`${id}-recipients`}>
          <h2 id={`${id}-recipients`}>{words.recipients}</h2>
          <p className="hint">{words.recipientsHint}</p>
          {roles.length === 0 && <p>{words.noRoles}</p>}
          {roles.map((role) => {
            const entry = entryOf(role)
            const key = roleKey(role)
            return (
              <fieldset key={key} className="recipient">
                <legend>{words.roleHeading(role.roleName, role.routingOrder)}</legend>
                <p className="hint">{words.fromTemplates(role.templates.join(', '))}</p>
                {role.kind === 'inPersonSigners' && <p className="hint">{words.host}</p>}
                <label className="field">
                  <span>{words.name}</span>
                  <input
                    value={entry.name}
                    autoComplete="off"
                    onChange={(event) => setEntry(role, { name: event.target.value })}
                  />
                </label>
                <label className="field">
                  <span>{words.email}</span>
                  <input
                    type="email"
                    value={entry.email}
                    autoComplete="off"
                    onChange={(event) => setEntry(role, { email: event.target.value })}
                  />
                </label>
                {role.kind !== 'inPersonSigners' && (
                  <label className="field">
                    <span>{words.delivery}</span>
                    <select
                      value={entry.delivery}
                      onChange={(event) =>
                        setEntry(role, { delivery: event.target.value as 'email' | 'SMS' })
                      }
                    >
                      <option value="email">{words.byEmail}</option>
                      <option value="SMS">{words.bySms}</option>
                    </select>
                  </label>
                )}
                {entry.delivery === 'SMS' && (
                  <div className="phone">
                    <label className="field narrow">
                      <span>{words.countryCode}</span>
                      <input
                        inputMode="numeric"
                        value={entry.countryCode}
                        onChange={(event) => setEntry(role, { countryCode: event.target.value })}
                      />
                    </label>
                    <label className="field">
                      <span>{words.phone}</span>
                      <input
                        type="tel"
                        value={entry.phone}
                        onChange={(event) => setEntry(role, { phone: event.target.value })}
                      />
                    </label>
                  </div>
                )}
              </fieldset>
            )
          })}
        </section>

        <section className="panel" aria-labelledby={`${id}-message`}>
          <h2 id={`${id}-message`}>{words.message}</h2>
          <label className="field">
            <span>{words.subject}</span>
            <input
              value={locked ? locked.emailSubject : (subject ?? filled.subject)}
              maxLength={100}
              readOnly={locked !== undefined}
              aria-describedby={locked ? `${id}-locked` : undefined}
              onChange={(event) => setSubject(event.target.value)}
            />
          </label>
          <label className="field">
            <span>{words.body}</span>
            <textarea
              rows={3}
              value={locked ? locked.emailBlurb : (message ?? filled.message)}
              readOnly={locked !== undefined}
              aria-describedby={locked ? `${id}-locked` : undefined}
              onChange={(event) => setMessage(event.target.value)}
            />
          </label>
          {lock.kind === 'locked' && (
            <p id={`${id}-locked`} className="hint">
              {words.locked(lock.templateName)}
            </p>
          )}
          {/* Said here as soon as the templates are picked; after Send, beside the buttons instead. */}
          {conflict && problem !== conflict && (
            <p role="alert" className="error">
              {conflict}
            </p>
          )}
          <label className="field narrow">
            <span>{words.reminderDays}</span>
            <input
              type="number"
              min={1}
              max={999}
              value={reminderDays}
              onChange={(event) => setReminderDays(event.target.value)}
            />
          </label>
          <label className="field narrow">
            <span>{words.expireDays}</span>
            <input
              type="number"
              min={1}
              max={999}
              value={expireDays}
              onChange={(event) => setExpireDays(event.target.value)}
            />
          </label>
          <FlagWithHint
            id={`${id}-disclosure`}
            checked={asksDisclosure}
            label={builderWords.useDisclosure}
            hint={builderWords.useDisclosureHint}
            onChange={setDisclosure}
          />
        </section>

        {problem && (
          <p role="alert" className="error">
            {problem}
          </p>
        )}
        <div className="row-actions">
          <button type="submit" disabled={busy}>
            {busy ? words.sending : words.send}
          </button>
          <button type="button" className="secondary" disabled={busy} onClick={() => void submit('created')}>
            {words.saveDraft}
          </button>
        </div>
      </form>
    </div>
  )
}
