import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { matchAnchors, pointsOf } from '../../../../src/documents/pdf-text/anchor-match.js'
import {
  type PageText,
  pageBoxOf,
  type TextRun,
  toRun,
} from '../../../../src/documents/pdf-text/text-runs.js'
import type { AnchorField, BuilderDocument } from './model.js'
import { loadPdfjs } from './pdf-pages.js'

/**
 * Where the server will put the builder's anchor fields: the documents' text read with pdf.js in the
 * browser, turned into runs and matched by the server's own pure code (documents/pdf-text/), so the
 * preview and the placement agree.
 */

export interface AnchorHit {
  anchorKey: string
  documentId: string
  pageNumber: number
  x: number
  y: number
}

export type AnchorProblem = 'blank' | 'xOffset' | 'yOffset'

/** What the server would refuse in an anchor field, before it is sent. */
export function anchorProblems(anchor: AnchorField): AnchorProblem[] {
  const problems: AnchorProblem[] = []
  if (anchor.anchorString === '') problems.push('blank')
  if (pointsOf(anchor.xOffset, anchor.units) === undefined) problems.push('xOffset')
  if (pointsOf(anchor.yOffset, anchor.units) === undefined) problems.push('yOffset')
  return problems
}

/** Every occurrence of each anchor in the documents' text, documents in their order. */
export function anchorHits(
  documents: readonly { documentId: string; pages: PageText[] }[],
  anchors: readonly AnchorField[],
): AnchorHit[] {
  const specs = anchors.map((anchor) => ({
    anchorString: anchor.anchorString,
    anchorXOffset: anchor.xOffset,
    anchorYOffset: anchor.yOffset,
    anchorUnits: anchor.units,
    anchorCaseSensitive: String(anchor.caseSensitive),
    anchorMatchWholeWord: String(anchor.matchWholeWord),
  }))
  return documents.flatMap(({ documentId, pages }) =>
    matchAnchors(pages, specs).map((placement) => ({
      anchorKey: (anchors[placement.anchor] as AnchorField).key,
      documentId,
      pageNumber: placement.pageNumber,
      x: placement.xPosition,
      y: placement.yPosition,
    })),
  )
}

async function readText(bytes: Uint8Array): Promise<PageText[]> {
  const { openPdf } = await loadPdfjs()
  const pdf = await openPdf(bytes.slice())
  try {
    const pages: PageText[] = []
    for (let pageNumber = 1; pageNumber <= pdf.numPages; pageNumber++) {
      const page = await pdf.getPage(pageNumber)
      const box = pageBoxOf(page.view, page.rotate)
      const runs: TextRun[] = []
      for (const item of (await page.getTextContent()).items) {
        if ('str' in item) runs.push(toRun(box, item))
      }
      pages.push({ pageNumber, runs })
    }
    return pages
  } finally {
    await pdf.destroy()
  }
}

/** The anchor hits found so far, and whether the documents' text is still being read or could not be. */
export interface AnchorPreview {
  hits: AnchorHit[]
  /** Some document's text is still being read: an anchor not found yet may still be. */
  reading: boolean
  /** The documents whose text could not be read (pdf.js failed to load or to read them). */
  unreadable: BuilderDocument[]
  /** Reads the unreadable documents again. */
  retry: () => void
}

/**
 * The anchor hits for the documents shown, the text of each PDF read once per upload. Each document is
 * read on its own, so one that fails hides no other's hits; a failure is reported, not taken for "not
 * found", and is read again on `retry`.
 */
export function useAnchorHits(
  documents: readonly BuilderDocument[],
  bytes: Record<string, Uint8Array>,
  anchors: readonly AnchorField[],
): AnchorPreview {
  const [texts, setTexts] = useState<Map<Uint8Array, PageText[]>>(new Map())
  const [failed, setFailed] = useState<ReadonlySet<Uint8Array>>(new Set())
  // Readings under way outlive a render: one finishing must not drop or restart the others.
  const reading = useRef(new Set<Uint8Array>())
  const wanted = anchors.length > 0
  useEffect(() => {
    if (!wanted) return
    for (const pdf of Object.values(bytes)) {
      if (texts.has(pdf) || failed.has(pdf) || reading.current.has(pdf)) continue
      reading.current.add(pdf)
      readText(pdf)
        .then(
          (pages) => setTexts((current) => new Map([...current, [pdf, pages]])),
          () => setFailed((current) => new Set([...current, pdf])),
        )
        .finally(() => reading.current.delete(pdf))
    }
  }, [bytes, texts, failed, wanted])
  const retry = useCallback(() => setFailed(new Set()), [])
  return useMemo(() => {
    const withText = documents.flatMap((document) => {
      const pdf = bytes[document.documentId]
      const pages = pdf ? texts.get(pdf) : undefined
      return pages ? [{ documentId: document.documentId, pages }] : []
    })
    const hits = anchorHits(
      withText,
      anchors.filter((anchor) => anchorProblems(anchor).length === 0),
    )
    const unreadable = documents.filter((document) => {
      const pdf = bytes[document.documentId]
      return pdf !== undefined && failed.has(pdf)
    })
    const stillReading =
      wanted &&
      documents.some((document) => {
        const pdf = bytes[document.documentId]
        return pdf !== undefined && !texts.has(pdf) && !failed.has(pdf)
      })
    return { hits, reading: stillReading, unreadable, retry }
  }, [documents, bytes, texts, failed, anchors, wanted, retry])
}
