import '../../shared/own-text.css'
import { useEffect, useId, useRef, useState } from 'react'
import type { DisclosureDetails } from '../../../src/signing/disclosure/text.js'
import type { Words } from './i18n.js'
import { showAsModal } from './modal.js'

/**
 * The Electronic Record and Signature Disclosure the envelope asks for (`useDisclosure`): over the
 * documents, until the signer agrees (then the page is theirs) or declines to sign. Escape does not
 * dismiss it: the choice is one of the two.
 */
export function DisclosureDialog({
  sender,
  details,
  words,
  busy,
  error,
  onAgree,
  onDecline,
}: {
  sender: string
  /** What the sender's account added to the text (its name, contact details, ways to withdraw), or its own text. */
  details: DisclosureDetails | undefined
  words: Words
  busy: boolean
  error: string | undefined
  onAgree: () => void
  onDecline: () => void
}) {
  const id = useId()
  const [checked, setChecked] = useState(false)
  const { disclosure } = words
  const company = details?.companyName ?? sender
  // An own text may hold links: the dialog would focus the first one, mid-text. The reader starts at the
  // text's top instead (the service's text has none, so its first stop is the box to tick).
  const ownText = useRef<HTMLDivElement>(null)
  useEffect(() => ownText.current?.focus(), [])
  return (
    <dialog
      open
      className="disclosure"
      aria-labelledby={`${id}-title`}
      aria-describedby={details?.ownText === undefined ? `${id}-intro` : undefined}
      ref={showAsModal}
      onCancel={(event) => event.preventDefault()}
    >
      <h2 id={`${id}-title`}>{disclosure.title}</h2>
      {details?.ownText !== undefined ? (
        <div
          ref={ownText}
          tabIndex={-1}
          className="own-text"
          // The account's own text: HTML the service took only as formatting and links (signing/disclosure/own-text.ts).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: checked and rewritten by the server before it is stored
          dangerouslySetInnerHTML={{ __html: details.ownText }}
        />
      ) : (
        <>
          <p id={`${id}-intro`}>{disclosure.intro(company)}</p>
          {disclosure.sections(company, details).map((section) => (
            <section key={section.heading}>
              <h3>{section.heading}</h3>
              <p>{section.text}</p>
            </section>
          ))}
        </>
      )}
      <label className="agree">
        <input type="checkbox" checked={checked} onChange={(event) => setChecked(event.target.checked)} />
        {disclosure.agree}
      </label>
      {error ? <p role="alert">{error}</p> : null}
      <div className="actions">
        <button type="button" className="link" onClick={onDecline}>
          {words.decline}
        </button>
        <button type="button" className="primary" disabled={!checked || busy} onClick={onAgree}>
          {busy ? disclosure.agreeing : disclosure.continue}
        </button>
      </div>
    </dialog>
  )
}
