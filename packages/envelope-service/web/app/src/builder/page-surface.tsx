import type { PDFDocumentProxy } from 'pdfjs-dist'
import { useRef } from 'react'
import type { AnchorHit } from './anchor-preview.js'
import { type AnchorField, clampBox, DEFAULT_SIZE, type Field, type PageSize, type Role } from './model.js'
import { PageCanvas } from './pdf-pages.js'
import { roleColor } from './role-colors.js'
import type { BuilderWords } from './words.js'

/** How far one arrow key press moves or resizes a field, in points. */
export const KEY_STEP = 5

interface Props {
  pdf: PDFDocumentProxy
  documentId: string
  documentName: string
  pageNumber: number
  pageCount: number
  size: PageSize
  cssWidth: number
  fields: Field[]
  anchors: AnchorField[]
  /** Where this page's anchor fields land: drawn, not movable (the anchor text decides). */
  anchorHits: AnchorHit[]
  roles: Role[]
  selectedKey: string | undefined
  words: BuilderWords
  onSelect: (key: string) => void
  onChange: (field: Field) => void
  onDelete: (key: string) => void
  onFocusPage: () => void
  onDrawn?: () => void
}

/** One page with its fields laid over it: dragged and resized with the mouse, moved with the keys. */
export function PageSurface(props: Props) {
  const { size, fields, roles, words } = props
  const surface = useRef<HTMLDivElement>(null)
  const drag = useRef<{
    key: string
    mode: 'move' | 'resize'
    startX: number
    startY: number
    origin: Field
  }>(undefined)

  const roleOf = (field: Field) => roles.find((role) => role.key === field.roleKey)
  // The name starts with the label shown on the box, so speech input finds the field by what it shows.
  const nameOf = (field: Field) => {
    const name = words.fieldName(words.fieldType[field.type], roleOf(field)?.name ?? '', field.pageNumber)
    return field.tabLabel ? `${field.tabLabel}, ${name}` : name
  }

  const scale = () => (surface.current?.getBoundingClientRect().width ?? size.width) / size.width

  const start = (event: React.PointerEvent, field: Field, mode: 'move' | 'resize') => {
    if (event.button !== 0) return
    event.stopPropagation()
    props.onSelect(field.key)
    props.onFocusPage()
    ;(event.currentTarget as HTMLElement).setPointerCapture(event.pointerId)
    drag.current = { key: field.key, mode, startX: event.clientX, startY: event.clientY, origin: field }
  }
  const move = (event: React.PointerEvent) => {
    const current = drag.current
    if (!current) return
    const factor = scale()
    const dx = (event.clientX - current.startX) / factor
    const dy = (event.clientY - current.startY) / factor
    const { origin } = current
    const next =
      current.mode === 'move'
        ? { ...origin, x: origin.x + dx, y: origin.y + dy }
        : { ...origin, width: origin.width + dx, height: origin.height + dy }
    props.onChange(clampBox(next, size))
  }
  const end = () => {
    drag.current = undefined
  }

  const onKeyDown = (event: React.KeyboardEvent, field: Field) => {
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key]
    if (step) {
      event.preventDefault()
      const [dx, dy] = step as [number, number]
      const next = event.shiftKey
        ? { ...field, width: field.width + dx * KEY_STEP, height: field.height + dy * KEY_STEP }
        : { ...field, x: field.x + dx * KEY_STEP, y: field.y + dy * KEY_STEP }
      props.onChange(clampBox(next, size))
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault()
      props.onDelete(field.key)
    }
  }

  const percent = (value: number, of: number) => `${(value / of) * 100}%`
  const label = words.pageLabel(props.documentName, props.pageNumber, props.pageCount)

  return (
    <section className="builder-page-block" aria-label={label}>
      <div
        ref={surface}
        className="builder-page"
        style={{ aspectRatio: `${size.width} / ${size.height}` }}
        data-document={props.documentId}
        data-page={props.pageNumber}
        id={`page-${props.documentId}-${props.pageNumber}`}
        onPointerDown={props.onFocusPage}
      >
        <PageCanvas
          pdf={props.pdf}
          pageNumber={props.pageNumber}
          cssWidth={props.cssWidth}
          onDrawn={props.onDrawn}
        />
        {fields.map((field) => {
          const color = roleColor(roles, field.roleKey)
          // A radio group's box is its first radio; the others are drawn where they sit and edited in
          // the properties panel.
          const otherRadios = field.type === 'radioGroup' ? (field.radios ?? []).slice(1) : []
          return [
            ...otherRadios.map((radio) => (
              <div
                key={`${field.key}-${radio.key}`}
                className="radio-marker"
                data-radio={radio.key}
                aria-hidden="true"
                style={{
                  left: percent(field.x + radio.dx, size.width),
                  top: percent(field.y + radio.dy, size.height),
                  width: percent(field.width, size.width),
                  height: percent(field.height, size.height),
                  borderColor: color.border,
                  background: color.fill,
                }}
              >
                <span className="placed-field-name">{radio.value}</span>
              </div>
            )),
            <button
              type="button"
              key={field.key}
              data-field={field.key}
              className={`placed-field${field.key === props.selectedKey ? ' selected' : ''}`}
              style={{
                left: percent(field.x, size.width),
                top: percent(field.y, size.height),
                width: percent(field.width, size.width),
                height: percent(field.height, size.height),
                borderColor: color.border,
                background: color.fill,
              }}
              aria-label={nameOf(field)}
              aria-pressed={field.key === props.selectedKey}
              onPointerDown={(event) => start(event, field, 'move')}
              onPointerMove={move}
              onPointerUp={end}
              onPointerCancel={end}
              onFocus={() => {
                props.onSelect(field.key)
                props.onFocusPage()
              }}
              onKeyDown={(event) => onKeyDown(event, field)}
            >
              <span className="placed-field-name" aria-hidden="true">
                {field.tabLabel || words.fieldType[field.type]}
              </span>
              <span
                className="resize-handle"
                aria-hidden="true"
                onPointerDown={(event) => start(event, field, 'resize')}
                onPointerMove={move}
                onPointerUp={end}
                onPointerCancel={end}
              />
            </button>,
          ]
        })}
        {props.anchorHits.map((hit, index) => {
          const anchor = props.anchors.find((candidate) => candidate.key === hit.anchorKey)
          if (!anchor) return null
          const color = roleColor(roles, anchor.roleKey)
          const { width, height } = DEFAULT_SIZE[anchor.type]
          return (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: an anchor's hits on a page are in reading order
              key={`${hit.anchorKey}-${index}`}
              className="anchor-hit"
              data-anchor-hit={hit.anchorKey}
              aria-hidden="true"
              style={{
                left: percent(hit.x, size.width),
                top: percent(hit.y, size.height),
                width: percent(width, size.width),
                height: percent(height, size.height),
                borderColor: color.border,
                background: color.fill,
              }}
            >
              <span className="placed-field-name">{anchor.tabLabel || words.fieldType[anchor.type]}</span>
            </div>
          )
        })}
      </div>
      <details className="page-fields" open={fields.length > 0}>
        <summary>{words.fieldsOnPage(props.pageNumber, fields.length)}</summary>
        {fields.length === 0 ? (
          <p>{words.noFields}</p>
        ) : (
          <ul>
            {fields.map((field) => (
              <li key={field.key}>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    props.onSelect(field.key)
                    document.querySelector<HTMLElement>(`[data-field="${field.key}"]`)?.focus()
                  }}
                >
                  {nameOf(field)}
                </button>{' '}
                {words.at(field.x, field.y, field.width, field.height)}
              </li>
            ))}
          </ul>
        )}
      </details>
    </section>
  )
}
