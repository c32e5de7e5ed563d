import { type ChosenMessage, chosenMessage } from 'esign-contract/message-lock'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { resolveLanguage } from '../../src/composition/language.js'
import {
  type CaseDetail,
  listTemplates,
  type SendFailure,
  type SendOutcome,
  sendForSignature,
  type TemplateOptions,
} from './api.js'
import { type PhoneProblem, useUi } from './i18n.js'
import { TemplatePicker } from './TemplatePicker.js'
import { useFocusOnMount } from './useFocusOnMount.js'

type Step =
  | { name: 'form' }
  | { name: 'phone'; contactName: string; problem?: PhoneProblem }
  | { name: 'sent'; envelopeId: string; recipientSmsPhone: string | null }
  | { name: 'failed'; failure: SendFailure }

/** The service's templates for the picker, each with the subject and message it locks, if any. */
function readTemplates(set: (templates: TemplateOptions['templates'] | 'failed') => void) {
  return listTemplates().then(
    (result) => set(result.templates),
    () => set('failed'),
  )
}

/**
 * "Send for signature": the form, then the guided flow's SMS phone screen when the server stops there (the
 * contact has no email), then the result. The server runs the flow; this keeps the answers between posts.
 */
export function SendPanel({ detail, onSent }: { detail: CaseDetail; onSent: () => void }) {
  const { t } = useUi()
  const [templates, setTemplates] = useState<TemplateOptions['templates'] | 'loading' | 'failed'>('loading')
  const [chosen, setChosen] = useState<string[]>([])
  const [language, setLanguage] = useState(() => resolveLanguage(detail.language))
  const [subject, setSubject] = useState('')
  const [phone, setPhone] = useState('')
  const [step, setStep] = useState<Step>({ name: 'form' })
  const [busy, setBusy] = useState(false)
  const [missingTemplates, setMissingTemplates] = useState(false)
  const stepHeading = useFocusOnMount<HTMLHeadingElement>(step.name)
  const conflictAlert = useRef<HTMLParagraphElement>(null)
  // What the chosen templates do to the subject and message: a template that locks them (DocuSign's
  // messageLock) shows its own in place of the form's, which the service would refuse.
  const message: ChosenMessage =
    templates === 'loading' || templates === 'failed'
      ? { kind: 'composed' }
      : chosenMessage(chosen.flatMap((id) => templates.filter((template) => template.templateId === id)))

  useEffect(() => {
    void readTemplates(setTemplates)
  }, [])

  const send = async (recipientSmsPhone?: string) => {
    setBusy(true)
    let outcome: SendOutcome
    try {
      outcome = await sendForSignature(detail.id, {
        templateIds: chosen,
        // Locked: no subject of the form's own, so the envelope carries the template's.
        subject: message.kind === 'locked' ? '' : subject,
        language,
        ...(recipientSmsPhone !== undefined ? { recipientSmsPhone } : {}),
      })
    } finally {
      setBusy(false)
    }
    if (outcome.kind === 'sent') {
      setStep({ name: 'sent', ...outcome.result })
      onSent()
    } else if (outcome.kind === 'sms_phone_needed') {
      if (recipientSmsPhone === undefined && outcome.screen.suggestedPhone && phone === '') {
        setPhone(outcome.screen.suggestedPhone)
      }
      const { code, contactName } = outcome.screen
      setStep({ name: 'phone', contactName, ...(code === 'sms_phone_needed' ? {} : { problem: code }) })
    } else {
      // A template was locked after this page read the list: read it again, so the form shows the lock.
      if (outcome.failure.code === 'message_locked') void readTemplates(setTemplates)
      setStep({ name: 'failed', failure: outcome.failure })
    }
  }

  const submitForm = (event: FormEvent) => {
    event.preventDefault()
    if (chosen.length === 0) {
      setMissingTemplates(true)
      return
    }
    setMissingTemplates(false)
    if (message.kind === 'conflict') {
      conflictAlert.current?.focus()
      return
    }
    void send()
  }

  const submitPhone = (event: FormEvent) => {
    event.preventDefault()
    if (step.name !== 'phone') return
    if (phone.trim() === '') {
      setStep({ ...step, problem: 'phone_required' })
      return
    }
    void send(phone)
  }

  const restart = () => {
    setStep({ name: 'form' })
    setPhone('')
  }

  return (
    <section aria-labelledby="send-heading" className="send-panel">
      <h2 id="send-heading">{t.sendTitle}</h2>
      {step.name === 'form' &&
        (templates === 'loading' ? (
          <p aria-live="polite">{t.templatesLoading}</p>
        ) : templates === 'failed' ? (
          <p role="alert" className="error">
            {t.templatesFailed}
          </p>
        ) : (
          <form onSubmit={submitForm} noValidate>
            <TemplatePicker
              templates={templates}
              chosen={chosen}
              onChange={(next) => {
                setChosen(next)
                if (next.length > 0) setMissingTemplates(false)
              }}
              invalid={missingTemplates}
            />
            {missingTemplates && (
              <p role="alert" className="error">
                {t.chooseTemplate}
              </p>
            )}
            <div className="field">
              <label htmlFor="envelope-language">{t.envelopeLanguage}</label>
              <select
                id="envelope-language"
                value={language}
                onChange={(event) => setLanguage(event.target.value as 'en' | 'es')}
              >
                <option value="en">{t.english}</option>
                <option value="es">{t.spanish}</option>
              </select>
            </div>
            <div className="field">
              <label htmlFor="envelope-subject">{t.subject}</label>
              {message.kind === 'locked' ? (
                // What was typed is kept, and comes back if the locking template is removed.
                <input
                  id="envelope-subject"
                  type="text"
                  value={message.message.emailSubject}
                  readOnly
                  aria-describedby="message-locked"
                />
              ) : (
                <input
                  id="envelope-subject"
                  type="text"
                  value={subject}
                  maxLength={100}
                  onChange={(event) => setSubject(event.target.value)}
                />
              )}
            </div>
            {message.kind === 'locked' && (
              <>
                {message.message.emailBlurb !== '' && (
                  <div className="field">
                    <label htmlFor="envelope-message">{t.message}</label>
                    <textarea
                      id="envelope-message"
                      value={message.message.emailBlurb}
                      readOnly
                      rows={3}
                      aria-describedby="message-locked"
                    />
                  </div>
                )}
                <p id="message-locked" className="hint">
                  {t.messageLocked(message.templateName)}
                </p>
              </>
            )}
            {message.kind === 'conflict' && (
              <p ref={conflictAlert} tabIndex={-1} role="alert" className="error">
                {t.messageConflict(...message.templateNames)}
              </p>
            )}
            <button type="submit" className="primary" disabled={busy}>
              {busy ? t.sending : t.send}
            </button>
          </form>
        ))}

      {step.name === 'phone' && (
        <form onSubmit={submitPhone} noValidate className="step">
          <h3 ref={stepHeading} tabIndex={-1}>
            {t.smsTitle}
          </h3>
          <p>{t.smsIntro(step.contactName)}</p>
          <div className="field">
            <label htmlFor="sms-phone">
              {t.smsPhone} <span aria-hidden="true">*</span>
            </label>
            <input
              id="sms-phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              required
              aria-required="true"
              aria-invalid={step.problem ? true : undefined}
              aria-describedby={step.problem ? 'sms-phone-hint sms-phone-error' : 'sms-phone-hint'}
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
            />
            <p id="sms-phone-hint" className="hint">
              {t.smsHint}
            </p>
            {step.problem && (
              <p id="sms-phone-error" role="alert" className="error">
                {t.phoneProblem(step.problem)}
              </p>
            )}
          </div>
          <div className="actions">
            <button type="button" onClick={restart} disabled={busy}>
              {t.back}
            </button>
            <button type="submit" className="primary" disabled={busy}>
              {busy ? t.sending : t.send}
            </button>
          </div>
        </form>
      )}

      {step.name === 'sent' && (
        <div className="step result success" role="status">
          <h3 ref={stepHeading} tabIndex={-1}>
            {t.sentTitle}
          </h3>
          <p>
            {t.sentBody} <code data-testid="envelope-id">{step.envelopeId}</code>
          </p>
          {step.recipientSmsPhone && <p>{t.sentBySms(step.recipientSmsPhone)}</p>}
          <button type="button" onClick={restart}>
            {t.sendAnother}
          </button>
        </div>
      )}

      {step.name === 'failed' && (
        <div className="step result failure" role="alert">
          <h3 ref={stepHeading} tabIndex={-1}>
            {t.failedTitle}
          </h3>
          <p data-testid="failure-advice">{t.failureAdvice(step.failure.code)}</p>
          {step.failure.service && (
            <>
              <p>
                {t.serviceAnswered}{' '}
                <strong data-testid="failure-status">
                  {t.failedStatus(step.failure.service.status, step.failure.service.errorCode)}
                </strong>
              </p>
              <p data-testid="failure-message" lang="en">
                {step.failure.service.message}
              </p>
            </>
          )}
          <button type="button" onClick={() => setStep({ name: 'form' })}>
            {t.tryAgain}
          </button>
        </div>
      )}
    </section>
  )
}
