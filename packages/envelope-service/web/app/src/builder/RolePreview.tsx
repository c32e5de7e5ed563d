import { useEffect, useId, useRef, useState } from 'react'
import type { AnchorHit } from './anchor-preview.js'
import { type BuilderState, DEFAULT_SIZE, type Field, kindCarriesFields } from './model.js'
import { PageCanvas, PdfFailed, usePdf } from './pdf-pages.js'
import type { BuilderWords } from './words.js'

interface Props {
  state: BuilderState
  bytes: Record<string, Uint8Array>
  /** Anchor fields land where their text is: shown at each place found, like the other fields. */
  anchorHits: AnchorHit[]
  words: BuilderWords
}

type Shown = Pick<Field, 'key' | 'type' | 'documentId' | 'pageNumber' | 'x' | 'y' | 'width' | 'height'> &
  Pick<Field, 'required' | 'tabLabel' | 'tooltip'>

const percent = (value: number, of: number) => `${(value / of) * 100}%`

/**
 * The pages as one role will see them on the signing page: only that role's fields, drawn where the
 * signer finds them, nothing movable. Opened in the browser's modal dialog (Escape closes it).
 */
export function RolePreview({ state, bytes, anchorHits, words }: Props) {
  const id = useId()
  const fillers = state.roles.filter((role) => kindCarriesFields(role.kind))
  const [chosen, setChosen] = useState<string>()
  const [open, setOpen] = useState(false)
  const roleKey = fillers.some((role) => role.key === chosen) ? chosen : fillers[0]?.key
  const role = fillers.find((candidate) => candidate.key === roleKey)
  if (!role) return null
  const fields: Shown[] = [
    ...state.fields.filter((field) => field.roleKey === role.key),
    ...anchorHits.flatMap((hit, index) => {
      const anchor = state.anchors.find((candidate) => candidate.key === hit.anchorKey)
      if (anchor?.roleKey !== role.key) return []
      return [{ ...anchor, ...hit, ...DEFAULT_SIZE[anchor.type], key: `${anchor.key}-${index}`, tooltip: '' }]
    }),
  ]
  return (
    <section className="panel role-preview" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{words.previewHeading}</h2>
      <div className="row-actions">
        <label className="field">
          <span>{words.previewAs}</span>
          <select value={role.key} onChange={(event) => setChosen(event.target.value)}>
            {fillers.map((candidate) => (
              <option key={candidate.key} value={candidate.key}>
                {candidate.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="secondary" onClick={() => setOpen(true)}>
          {words.previewOpen(role.name)}
        </button>
      </div>
      {open && (
        <PreviewDialog
          title={words.previewTitle(role.name)}
          summary={words.previewSummary(fields.length)}
          words={words}
          onClose={() => setOpen(false)}
        >
          {state.documents.map((document) =>
            bytes[document.documentId] ? (
              <PreviewDocument
                key={document.documentId}
                name={document.name}
                pdfBytes={bytes[document.documentId] as Uint8Array}
                fields={fields.filter((field) => field.documentId === document.documentId)}
                words={words}
              />
            ) : (
              <p key={document.documentId} className="placeholder">
                {words.previewAfterSave(document.name)}
              </p>
            ),
          )}
        </PreviewDialog>
      )}
    </section>
  )
}

function PreviewDialog(props: {
  title: string
  summary: string
  words: BuilderWords
  onClose: () => void
  children: React.ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const id = useId()
  useEffect(() => {
    ref.current?.showModal()
  }, [])
  return (
    <dialog ref={ref} className="preview-dialog" aria-labelledby={`${id}-title`} onClose={props.onClose}>
      <div className="preview-header">
        <h2 id={`${id}-title`}>{props.title}</h2>
        <button type="button" className="secondary" onClick={() => ref.current?.close()}>
          {props.words.previewClose}
        </button>
      </div>
      <p>{props.summary}</p>
      {props.children}
    </dialog>
  )
}

function PreviewDocument(props: {
  name: string
  pdfBytes: Uint8Array
  fields: Shown[]
  words: BuilderWords
}) {
  const { pdf, sizes, failed, retry } = usePdf(props.pdfBytes)
  const { words } = props
  if (failed) return <PdfFailed name={props.name} words={words} onRetry={retry} />
  if (!pdf || !sizes) return <p role="status">{words.loadingPages}</p>
  return (
    <section aria-label={props.name}>
      <h3>{props.name}</h3>
      {sizes.map((size, index) => {
        const pageFields = props.fields.filter((field) => field.pageNumber === index + 1)
        return (
          <section
            // biome-ignore lint/suspicious/noArrayIndexKey: pages are numbered, never reordered
            key={index}
            className="preview-page"
            aria-label={words.pageLabel(props.name, index + 1, sizes.length)}
          >
            <PageCanvas pdf={pdf} pageNumber={index + 1} cssWidth={Math.min(760, window.innerWidth - 64)} />
            <ul className="preview-fields">
              {pageFields.map((field) => (
                <li
                  key={field.key}
                  className={`preview-field preview-${field.type}`}
                  style={{
                    left: percent(field.x, size.width),
                    top: percent(field.y, size.height),
                    width: percent(field.width, size.width),
                    height: percent(field.height, size.height),
                  }}
                  title={field.tooltip || undefined}
                >
                  {field.tabLabel || words.fieldType[field.type]}
                  {field.required && !['dateSigned', 'fullName', 'email'].includes(field.type) && (
                    <span className="preview-required">
                      <span aria-hidden="true"> *</span>
                      <span className="visually-hidden"> ({words.required})</span>
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </section>
        )
      })}
    </section>
  )
}
