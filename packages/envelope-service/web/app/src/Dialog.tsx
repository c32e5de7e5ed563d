import { type ReactNode, useEffect, useRef } from 'react'

/**
 * A modal form on the browser's own <dialog>: it traps focus, closes on Escape and gives focus back to
 * what opened it. `onSubmit` runs on the primary button; the dialog stays open while it is busy.
 */
export function Dialog(props: {
  title: string
  submitLabel: string
  cancelLabel: string
  danger?: boolean
  onSubmit: () => Promise<void>
  onClose: () => void
  children: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    ref.current?.showModal()
  }, [])
  return (
    <dialog ref={ref} aria-labelledby="dialog-title" onClose={props.onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          void props.onSubmit()
        }}
      >
        <h2 id="dialog-title">{props.title}</h2>
        {props.children}
        <div className="dialog-buttons">
          <button type="button" className="secondary" onClick={() => ref.current?.close()}>
            {props.cancelLabel}
          </button>
          <button type="submit" className={props.danger ? 'danger' : undefined}>
            {props.submitLabel}
          </button>
        </div>
      </form>
    </dialog>
  )
}
