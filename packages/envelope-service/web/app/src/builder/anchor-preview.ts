import { useEffect, useMemo, useState } from 'react'
import { matchAnchors, pointsOf } from '../../../../src/documents/pdf-text/anchor-match.js'
import {
  type PageText,
  pageBoxOf,
  type TextRun,
  toRun,
} from '../../../../src/documents/pdf-text/text-runs.js'
import type { AnchorField, BuilderDocument } from './model.js'

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
  const { openPdf } = await import('./pdfjs.js')
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

/** The anchor hits for the documents shown, the text of each PDF read once per upload. */
export function useAnchorHits(
  documents: readonly BuilderDocument[],
  bytes: Record<string, Uint8Array>,
  anchors: readonly AnchorField[],
): AnchorHit[] {
  const [texts, setTexts] = useState<Map<Uint8Array, PageText[]>>(new Map())
  const wanted = anchors.length > 0
  useEffect(() => {
    if (!wanted) return
    let cancelled = false
    const missing = Object.values(bytes).filter((pdf) => !texts.has(pdf))
    if (missing.length === 0) return
    void Promise.all(missing.map(async (pdf) => [pdf, await readText(pdf)] as const))
      .then((read) => {
        if (!cancelled) setTexts((current) => new Map([...current, ...read]))
      })
      .catch(() => undefined)
    return () => {
      cancelled = true
    }
  }, [bytes, texts, wanted])
  return useMemo(() => {
    const withText = documents.flatMap((document) => {
      const pdf = bytes[document.documentId]
      const pages = pdf ? texts.get(pdf) : undefined
      return pages ? [{ documentId: document.documentId, pages }] : []
    })
    return anchorHits(
      withText,
      anchors.filter((anchor) => anchorProblems(anchor).length === 0),
    )
  }, [documents, bytes, texts, anchors])
}
