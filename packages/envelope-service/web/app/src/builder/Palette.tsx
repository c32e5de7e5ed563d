import { useId, useRef, useState } from 'react'
import { DEFAULT_SIZE, FIELD_TYPES, type FieldType, type PageSize } from './model.js'
import type { BuilderWords } from './words.js'

interface Drop {
  documentId: string
  pageNumber: number
  x: number
  y: number
}

interface Props {
  words: BuilderWords
  disabled: boolean
  hint: string | undefined
  sizes: Record<string, PageSize[]>
  /** `at` when dropped on a page; without it the field goes on the current page (keyboard, or a click). */
  onPlace: (type: FieldType, at?: Drop) => void
}

/** Pointer travel, in CSS pixels, that turns a press on a palette item into a drag. */
const DRAG_THRESHOLD = 4

/** Where on which page a pointer is, in points from the page's top-left; undefined off the pages. */
function dropAt(clientX: number, clientY: number, type: FieldType, sizes: Record<string, PageSize[]>) {
  const page = document.elementFromPoint(clientX, clientY)?.closest<HTMLElement>('[data-page]')
  if (!page) return undefined
  const documentId = page.dataset.document as string
  const pageNumber = Number(page.dataset.page)
  const size = sizes[documentId]?.[pageNumber - 1]
  if (!size) return undefined
  const rect = page.getBoundingClientRect()
  const scale = rect.width / size.width
  // The pointer holds the field by its middle, as the ghost shows it.
  const { width, height } = DEFAULT_SIZE[type]
  return {
    documentId,
    pageNumber,
    x: (clientX - rect.left) / scale - width / 2,
    y: (clientY - rect.top) / scale - height / 2,
  }
}

/** The field types, dragged onto a page with the mouse or placed with Enter on the current page. */
export function Palette({ words, disabled, hint, sizes, onPlace }: Props) {
  const id = useId()
  const drag = useRef<{ type: FieldType; x: number; y: number; moved: boolean }>(undefined)
  const dragged = useRef(false)
  const [ghost, setGhost] = useState<{ type: FieldType; x: number; y: number }>()

  return (
    <section className="palette" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{words.palette}</h2>
      <p className="hint" id={`${id}-hint`}>
        {hint ?? words.paletteHint}
      </p>
      <ul>
        {FIELD_TYPES.map((type) => (
          <li key={type}>
            <button
              type="button"
              className="palette-item"
              disabled={disabled}
              aria-describedby={`${id}-hint`}
              data-type={type}
              onPointerDown={(event) => {
                if (event.button !== 0) return
                event.currentTarget.setPointerCapture(event.pointerId)
                drag.current = { type, x: event.clientX, y: event.clientY, moved: false }
                dragged.current = false
              }}
              onPointerMove={(event) => {
                const current = drag.current
                if (!current) return
                if (
                  !current.moved &&
                  Math.hypot(event.clientX - current.x, event.clientY - current.y) < DRAG_THRESHOLD
                ) {
                  return
                }
                current.moved = true
                setGhost({ type, x: event.clientX, y: event.clientY })
              }}
              onPointerUp={(event) => {
                const current = drag.current
                drag.current = undefined
                setGhost(undefined)
                if (!current?.moved) return
                dragged.current = true
                const at = dropAt(event.clientX, event.clientY, type, sizes)
                if (at) onPlace(type, at)
              }}
              onPointerCancel={() => {
                drag.current = undefined
                setGhost(undefined)
              }}
              onClick={() => {
                // A drag ends with a click on the item too; only a press without travel places here.
                if (dragged.current) {
                  dragged.current = false
                  return
                }
                onPlace(type)
              }}
            >
              {words.fieldType[type]}
            </button>
          </li>
        ))}
      </ul>
      {ghost && (
        <div className="drag-ghost" aria-hidden="true" style={{ left: ghost.x, top: ghost.y }}>
          {words.fieldType[ghost.type]}
        </div>
      )}
    </section>
  )
}
