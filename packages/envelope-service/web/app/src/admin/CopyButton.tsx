import { useId, useState } from 'react'
import { useSession } from '../context.js'
import { ADMIN_WORDS } from './words.js'

/** A secret shown once: the value in a read-only field, a copy button, and the warning it will not come back. */
export function ShownOnce({ label, value }: { label: string; value: string }) {
  const { language } = useSession()
  const words = ADMIN_WORDS[language]
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      setState('copied')
    } catch {
      setState('failed')
    }
  }
  const multiline = value.includes('\n')
  const id = useId()
  return (
    <div className="shown-once">
      <div className="field">
        <label htmlFor={id}>{label}</label>
        {multiline ? (
          <textarea id={id} readOnly rows={6} value={value} onFocus={(event) => event.target.select()} />
        ) : (
          <input id={id} readOnly value={value} onFocus={(event) => event.target.select()} />
        )}
      </div>
      <p className="hint">{words.shownOnce}</p>
      <button type="button" className="secondary" onClick={() => void copy()}>
        {words.copy}
      </button>
      <span role="status" className="copy-state">
        {state === 'copied' ? words.copied : state === 'failed' ? words.copyFailed : ''}
      </span>
    </div>
  )
}
