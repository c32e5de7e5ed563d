import { useEffect, useRef } from 'react'
import { useUi } from './i18n.js'

/** A modal question with the confirming action named (e.g. "Delete"); Escape or Cancel closes it. */
export function ConfirmDialog({
  message,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  message: string
  confirmLabel: string
  onConfirm: () => void
  onCancel: () => void
}) {
  const { t } = useUi()
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    dialog.current?.showModal()
  }, [])
  return (
    <dialog ref={dialog} className="confirm" aria-labelledby="confirm-message" onClose={onCancel}>
      <p id="confirm-message">{message}</p>
      <div className="actions">
        <button type="button" onClick={onCancel}>
          {t.cancel}
        </button>
        <button type="button" className="danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  )
}
