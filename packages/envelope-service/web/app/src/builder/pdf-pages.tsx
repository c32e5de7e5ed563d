import type { PDFDocumentProxy } from 'pdfjs-dist'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { PageSize } from './model.js'
import type { BuilderWords } from './words.js'

/**
 * pdf.js loads only when a document is shown, so it stays out of the app's first script. A failed load
 * (the chunk's request lost) is forgotten, so trying again fetches it again.
 */
let pdfjs: Promise<typeof import('./pdfjs.js')> | undefined
export const loadPdfjs = () => {
  pdfjs ??= import('./pdfjs.js').catch((error: unknown) => {
    pdfjs = undefined
    throw error
  })
  return pdfjs
}

/**
 * A PDF opened by pdf.js with every page's size in points (read once, before any page is drawn).
 * `failed` when it could not be opened; `retry` opens it again.
 */
export function usePdf(bytes: Uint8Array | undefined): {
  pdf?: PDFDocumentProxy
  sizes?: PageSize[]
  failed: boolean
  retry: () => void
} {
  // Kept with the bytes it was opened from: new bytes (a draft read again after a save) close the old
  // document, which must then never be drawn from.
  const [state, setState] = useState<{
    of?: Uint8Array
    pdf?: PDFDocumentProxy
    sizes?: PageSize[]
    failed: boolean
  }>({ failed: false })
  const [attempt, setAttempt] = useState(0)
  const retry = useCallback(() => {
    setState({ failed: false })
    setAttempt((current) => current + 1)
  }, [])
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt opens the document again
  useEffect(() => {
    if (!bytes) return
    let cancelled = false
    let opened: PDFDocumentProxy | undefined
    // pdf.js takes the buffer over; a copy keeps the caller's bytes for saving.
    loadPdfjs()
      .then((module) => module.openPdf(bytes.slice()))
      .then(async (pdf) => {
        opened = pdf
        const sizes = await Promise.all(
          Array.from({ length: pdf.numPages }, async (_, index) => {
            const viewport = (await pdf.getPage(index + 1)).getViewport({ scale: 1 })
            return { width: viewport.width, height: viewport.height }
          }),
        )
        if (!cancelled) setState({ of: bytes, pdf, sizes, failed: false })
      })
      .catch(() => {
        if (!cancelled) setState({ of: bytes, failed: true })
      })
    return () => {
      cancelled = true
      void opened?.destroy()
    }
  }, [bytes, attempt])
  if (state.of !== bytes) return { failed: false, retry }
  return {
    ...(state.pdf ? { pdf: state.pdf } : {}),
    ...(state.sizes ? { sizes: state.sizes } : {}),
    failed: state.failed,
    retry,
  }
}

/** One page drawn into a canvas as wide as its box (`cssWidth`), sharp on high-density screens. */
export function PageCanvas({
  pdf,
  pageNumber,
  cssWidth,
  onDrawn,
}: {
  pdf: PDFDocumentProxy
  pageNumber: number
  cssWidth: number
  onDrawn?: () => void
}) {
  const canvas = useRef<HTMLCanvasElement>(null)
  useEffect(() => {
    const target = canvas.current
    if (!target) return
    let cancelled = false
    let task: { cancel: () => void } | undefined
    void pdf.getPage(pageNumber).then(async (page) => {
      if (cancelled) return
      const natural = page.getViewport({ scale: 1 })
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
        // A cancelled render (the document closed or the page was drawn again) needs no message.
      }
    })
    return () => {
      cancelled = true
      task?.cancel()
    }
  }, [pdf, pageNumber, cssWidth, onDrawn])
  return <canvas ref={canvas} />
}

/** A document pdf.js could not open: said so, with a way to try again (the pages stay unshown). */
export function PdfFailed(props: { name: string; words: BuilderWords; onRetry: () => void }) {
  return (
    <div role="alert" className="warning pdf-failed">
      <p>{props.words.pagesUnreadable(props.name)}</p>
      <button type="button" className="secondary" onClick={props.onRetry}>
        {props.words.tryAgain}
      </button>
    </div>
  )
}
