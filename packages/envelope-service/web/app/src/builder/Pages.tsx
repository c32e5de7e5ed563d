import { useCallback, useEffect, useRef, useState } from 'react'
import type { AnchorHit } from './anchor-preview.js'
import type { AnchorField, BuilderDocument, Field, PageRef, PageSize, Role } from './model.js'
import { PageSurface } from './page-surface.js'
import { PageCanvas, PdfFailed, usePdf } from './pdf-pages.js'
import type { BuilderWords } from './words.js'

interface Props {
  documents: BuilderDocument[]
  bytes: Record<string, Uint8Array>
  fields: Field[]
  anchors: AnchorField[]
  anchorHits: AnchorHit[]
  roles: Role[]
  selectedField: string | undefined
  words: BuilderWords
  onSizes: (documentId: string, sizes: PageSize[]) => void
  onSelect: (key: string) => void
  onChange: (field: Field) => void
  onDelete: (key: string) => void
  onFocusPage: (page: PageRef) => void
}

/** The width pages are drawn at: the column's, followed as the window changes. */
function useWidth() {
  const element = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(0)
  useEffect(() => {
    const target = element.current
    if (!target) return
    const observer = new ResizeObserver(() => setWidth(Math.round(target.clientWidth)))
    observer.observe(target)
    return () => observer.disconnect()
  }, [])
  return { element, width }
}

/** Every document's pages with their fields, and a strip of thumbnails to jump between them. */
export function Pages(props: Props) {
  const { element, width } = useWidth()
  return (
    <div className="builder-pages" ref={element}>
      {props.documents.map((document) =>
        props.bytes[document.documentId] ? (
          <DocumentPages
            key={document.documentId}
            {...props}
            document={document}
            pdfBytes={props.bytes[document.documentId] as Uint8Array}
            width={width}
          />
        ) : (
          <p key={document.documentId} className="placeholder">
            {props.words.previewAfterSave(document.name)}
          </p>
        ),
      )}
    </div>
  )
}

function DocumentPages(props: Props & { document: BuilderDocument; pdfBytes: Uint8Array; width: number }) {
  const { document, words, onSizes } = props
  const { pdf, sizes, failed, retry } = usePdf(props.pdfBytes)
  useEffect(() => {
    if (sizes) onSizes(document.documentId, sizes)
  }, [sizes, document.documentId, onSizes])
  const firstDrawn = useCallback(() => {
    performance.mark(`inkwell:builder-first-page:${document.documentId}`)
  }, [document.documentId])

  if (failed) return <PdfFailed name={document.name} words={words} onRetry={retry} />
  if (!pdf || !sizes) return <p role="status">{words.loadingPages}</p>
  const cssWidth = Math.max(200, props.width - 96)
  return (
    <section className="builder-document" aria-label={document.name}>
      <h2>{document.name}</h2>
      <div className="builder-document-body">
        <nav className="thumbnails" aria-label={document.name}>
          {sizes.map((_, index) => (
            <a
              // biome-ignore lint/suspicious/noArrayIndexKey: pages are numbered, never reordered
              key={index}
              href={`#page-${document.documentId}-${index + 1}`}
              aria-label={words.pageThumbnail(index + 1)}
              onClick={(event) => {
                event.preventDefault()
                window.document.getElementById(`page-${document.documentId}-${index + 1}`)?.scrollIntoView()
                props.onFocusPage({ documentId: document.documentId, pageNumber: index + 1 })
              }}
            >
              <PageCanvas pdf={pdf} pageNumber={index + 1} cssWidth={64} />
              <span aria-hidden="true">{index + 1}</span>
            </a>
          ))}
        </nav>
        <div className="builder-document-pages">
          {sizes.map((size, index) => (
            <PageSurface
              // biome-ignore lint/suspicious/noArrayIndexKey: pages are numbered, never reordered
              key={index}
              pdf={pdf}
              documentId={document.documentId}
              documentName={document.name}
              pageNumber={index + 1}
              pageCount={sizes.length}
              size={size}
              cssWidth={cssWidth}
              fields={props.fields.filter(
                (field) => field.documentId === document.documentId && field.pageNumber === index + 1,
              )}
              anchors={props.anchors}
              anchorHits={props.anchorHits.filter(
                (hit) => hit.documentId === document.documentId && hit.pageNumber === index + 1,
              )}
              roles={props.roles}
              selectedKey={props.selectedField}
              words={words}
              onSelect={props.onSelect}
              onChange={props.onChange}
              onDelete={props.onDelete}
              onFocusPage={() =>
                props.onFocusPage({ documentId: document.documentId, pageNumber: index + 1 })
              }
              onDrawn={index === 0 ? firstDrawn : undefined}
            />
          ))}
        </div>
      </div>
    </section>
  )
}
