import { useSession } from '../context.js'
import { EMBEDDED_WORDS } from './words.js'

/**
 * The bar of the embedded screens, as DocuSign's: Send (envelope drafts only), Save, Cancel. While an
 * action runs the buttons are disabled, so a second click cannot send twice.
 */
export function EmbeddedBar(props: {
  busy: 'send' | 'save' | undefined
  onSend?: () => void
  onSave: () => void
  onCancel: () => void
  saveLabel?: string
}) {
  const { language } = useSession()
  const words = EMBEDDED_WORDS[language]
  return (
    <fieldset className="embedded-bar">
      <legend className="visually-hidden">{words.bar}</legend>
      {props.onSend && (
        <button type="button" onClick={props.onSend} disabled={props.busy !== undefined}>
          {props.busy === 'send' ? words.sending : words.send}
        </button>
      )}
      <button
        type="button"
        className={props.onSend ? 'secondary' : undefined}
        onClick={props.onSave}
        disabled={props.busy !== undefined}
      >
        {props.busy === 'save' ? words.saving : (props.saveLabel ?? words.save)}
      </button>
      <button
        type="button"
        className="secondary"
        onClick={props.onCancel}
        disabled={props.busy !== undefined}
      >
        {words.cancel}
      </button>
    </fieldset>
  )
}
