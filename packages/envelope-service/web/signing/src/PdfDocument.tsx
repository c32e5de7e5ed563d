import type { PDFDocumentProxy } from 'pdfjs-dist'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import type { SigningTab } from '../../../src/signing/schema.js'
import { signingApi } from './api.js'
import type { Words } from './i18n.js'

/**
 * pdf.js in its own chunk, requested as this module runs: the page's first script stays small, so the
 * session is fetched while pdf.js (about 120 KB gzipped) and its worker load in parallel.
 */
const pdfjs = import('./pdfjs.js')

interface Props {
  token: string
  document: { documentId: string; name: string; pages: number; url: string }
  tabs: readonly PlacedTab[]
  words: Words
  renderTab: (tab: PlacedTab, page: PageSize) => ReactNode
  onFirstPageDrawn: () => void
}

/**
 * A tab at one of its places: its own (`copy` absent), or the n-th further place of an anchor found
 * several times (`copy` n, from the tab's `alsoAt`), showing the same value.
 */
export type PlacedTab = SigningTab & { copy?: number }

/** Each tab at its own place and at every further place of its anchor. */
export const placedTabs = (tabs: readonly SigningTab[]): PlacedTab[] =>
  tabs.flatMap((tab) => [
    tab,
    ...(tab.alsoAt ?? []).map((place, index) => ({ ...tab, ...place, copy: index + 1 })),
  ])

/** The element id of a tab at one of its places; the first place's is the one focus goes to. */
export const tabElementId = (tab: PlacedTab) =>
  tab.copy === undefined ? `tab-${tab.tabId}` : `tab-${tab.tabId}-copy-${tab.copy}`

export interface PageSize {
  width: number
  height: number
}

/** One document: its pages drawn by pdf.js, each with the recipient's tabs laid over it. */
export function PdfDocument({ token, document, tabs, words, renderTab, onFirstPageDrawn }: Props) {
  const [pdf, setPdf] = useState<PDFDocumentProxy>()
  const [error, setError] = useState<string>()

  useEffect(() => {
    let cancelled = false
    let loaded: PDFDocumentProxy | undefined
    signingApi
      .document(token, document.url)
      .then(async (bytes) => (await pdfjs).openPdf(new Uint8Array(bytes)))
      .then((proxy) => {
        loaded = proxy
        if (!cancelled) setPdf(proxy)
      })
      .catch(() => {
        if (!cancelled) setError(words.failed)
      })
    return () => {
      cancelled = true
      void loaded?.destroy()
    }
  }, [token, document.url, words.failed])

  if (error) return <p role="alert">{error}</p>
  return (
    <section className="document" aria-label={words.documentLabel(document.name)}>
      <h2 className="document-name">{document.name}</h2>
      {Array.from({ length: pdf?.numPages ?? document.pages }, (_, index) => {
        const pageNumber = index + 1
        return (
          <PdfPage
            key={pageNumber}
            pdf={pdf}
            pageNumber={pageNumber}
            pageCount={pdf?.numPages ?? document.pages}
            words={words}
            onDrawn={pageNumber === 1 ? onFirstPageDrawn : undefined}
          >
            {(size) => tabs.filter((tab) => tab.pageNumber === pageNumber).map((tab) => renderTab(tab, size))}
          </PdfPage>
        )
      })}
    </section>
  )
}

/** A tab's box as percentages of the page, so it follows the page at any zoom or screen width. */
export function positionOf(
  box: { x: number; y: number; width: number; height: number },
  size: PageSize,
): React.CSSProperties {
  return {
    left: `${(box.x / size.width) * 100}%`,
    top: `${(box.y / size.height) * 100}%`,
    width: `${(box.width / size.width) * 100}%`,
    height: `${(box.height / size.height) * 100}%`,
  }
}

function PdfPage({
  pdf,
  pageNumber,
  pageCount,
  words,
  onDrawn,
  children,
}: {
  pdf: PDFDocumentProxy | undefined
  pageNumber: number
  pageCount: number
  words: Words
  onDrawn: (() => void) | undefined
  children: (size: PageSize) => ReactNode
}) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const [size, setSize] = useState<PageSize>()

  useEffect(() => {
    if (!pdf || !canvas.current) return
    let cancelled = false
    let task: { cancel: () => void } | undefined
    const target = canvas.current
    void pdf.getPage(pageNumber).then(async (page) => {
      const natural = page.getViewport({ scale: 1 })
      if (cancelled) return
      setSize({ width: natural.width, height: natural.height })
      const cssWidth = target.parentElement?.clientWidth || natural.width
      const scale = (cssWidth / natural.width) * Math.min(window.devicePixelRatio || 1, 2)
      const viewport = page.getViewport({ scale })
      target.width = Math.floor(viewport.width)
      target.height = Math.floor(viewport.height)
      const render = page.render({ canvas: target, viewport })
      task = render
      try {
        await render.promise
        if (!cancelled) onDrawn?.()
      } catch {
        // A cancelled render (the page left the screen or the document closed) needs no message.
      }
    })
    return () => {
      cancelled = true
      task?.cancel()
    }
  }, [pdf, pageNumber, onDrawn])

  return (
    <fieldset
      className="page"
      style={size ? { aspectRatio: `${size.width} / ${size.height}` } : undefined}
      aria-label={words.page(pageNumber, pageCount)}
    >
      <canvas ref={canvas} />
      {size ? children(size) : null}
    </fieldset>
  )
}
