/**
 * Completion benchmark (issue 9): an envelope of 3 documents and 10 pages completed 100 times (values
 * and signatures drawn, certificate of completion, every output sealed), timed one after another in
 * this process. Target: p95 < 500 ms. Two variants: tabs placed by coordinates, and the same envelope
 * with anchor tabs as well (which adds a text extraction of every document with pdf.js), and that one again
 * completed where its anchor placements were kept (the process that sent it or opened its signing page).
 * Run: `npm run bench:completion -w envelope-service`.
 */
import { availableParallelism, cpus, loadavg } from 'node:os'
import { type CompleteEnvelopeInput, completeEnvelope } from '../src/completion/complete.js'
import type { CompletionRecipient } from '../src/completion/model.js'
import { completionDocument, pdfWithText, signaturePng, testSeal } from '../src/completion/test-fixtures.js'
import { createAnchorPlacementCache } from '../src/documents/pdf-text/placement-cache.js'
import { makePdf } from '../src/documents/test-pdfs.js'

const ENVELOPES = 100
const WARMUP = 5
const TARGET_P95_MS = 500

async function envelope(withAnchors: boolean): Promise<CompleteEnvelopeInput> {
  const anchorPage = (title: string) => [
    { text: `${title}. Initials: /ini/`, x: 72, baseline: 80 },
    { text: 'Signature: /sig/   Date: /date/', x: 72, baseline: 700 },
  ]
  const documents = [
    completionDocument('1', 'Agreement', await makePdf(4, 'Agreement')),
    completionDocument(
      '2',
      'Schedule',
      await pdfWithText([anchorPage('Schedule A'), anchorPage('Schedule B'), anchorPage('Schedule C')]),
    ),
    completionDocument('3', 'Mandate', await makePdf(3, 'Mandate')),
  ]
  const signer = (id: string, name: string, x: number): CompletionRecipient => {
    const tabs: CompletionRecipient['tabs'] = {}
    const add = (type: string, ...added: Record<string, string>[]) => {
      tabs[type] = [...(tabs[type] ?? []), ...added]
    }
    for (const documentId of ['1', '2', '3']) {
      const at = (page: number, y: number) => ({
        documentId,
        pageNumber: String(page),
        xPosition: String(x),
        yPosition: String(y),
      })
      add('signHereTabs', at(1, 600))
      add('initialHereTabs', at(2, 740), at(3, 740))
      add('dateSignedTabs', at(1, 660))
      add('fullNameTabs', at(1, 680))
      add('textTabs', { ...at(1, 200), value: `Reference ${id}-${documentId}` })
      add('checkboxTabs', { ...at(1, 240), selected: 'true' })
    }
    if (withAnchors && id === '1') {
      add('initialHereTabs', { anchorString: '/ini/', anchorXOffset: '40' })
      add('signHereTabs', { anchorString: '/sig/', anchorYOffset: '-20' })
      add('dateSignedTabs', { anchorString: '/date/' })
    }
    return {
      recipientId: id,
      type: 'signer',
      name,
      email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
      deliveryMethod: 'email',
      routingOrder: id,
      status: 'completed',
      ipAddress: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
      sentAt: new Date('2026-11-20T10:00:00Z'),
      viewedAt: new Date('2026-11-20T10:05:00Z'),
      signedAt: new Date('2026-11-20T10:15:00Z'),
      signatureImage: signaturePng(400, 100),
      initialsImage: signaturePng(120, 60),
      tabs,
    }
  }
  return {
    envelope: {
      envelopeId: '0193a5b2-7c1d-7000-8000-000000000001',
      emailSubject: 'Agreement, schedule and mandate',
      status: 'completed',
      completedAt: new Date('2026-11-20T10:15:00Z'),
    },
    documents,
    recipients: [signer('1', 'Ada Lovelace', 80), signer('2', 'Grace Hopper', 330)],
    language: 'en',
    seal: testSeal(),
    anchorPlacements: createAnchorPlacementCache(),
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

/**
 * Wall-clock percentiles, plus the process's CPU time per envelope: on a machine shared with other work
 * the wall clock includes waiting for a core, the CPU time does not.
 */
async function measure(
  label: string,
  envelope: CompleteEnvelopeInput,
  placements: 'searched' | 'kept' = 'searched',
): Promise<number> {
  // Searched: each completion in a process that has not seen the documents (a fresh placement cache).
  // Kept: in the process that sent the envelope, which kept where its anchors are.
  const kept = createAnchorPlacementCache()
  const anchorPlacements = () => (placements === 'kept' ? kept : createAnchorPlacementCache())
  const input = () => ({ ...envelope, anchorPlacements: anchorPlacements() })
  for (let index = 0; index < WARMUP; index++) await completeEnvelope(input())
  const times: number[] = []
  let bytes = 0
  const cpuBefore = process.cpuUsage()
  for (let index = 0; index < ENVELOPES; index++) {
    const started = performance.now()
    const result = await completeEnvelope(input())
    times.push(performance.now() - started)
    bytes = result.combinedPdf.length
  }
  const cpu = process.cpuUsage(cpuBefore)
  times.sort((a, b) => a - b)
  const p95 = percentile(times, 95)
  console.log(
    `${label}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ` +
      `max ${(times.at(-1) ?? 0).toFixed(1)} ms over ${ENVELOPES} envelopes; ` +
      `CPU ${((cpu.user + cpu.system) / 1000 / ENVELOPES).toFixed(1)} ms per envelope ` +
      `(combined PDF ${(bytes / 1024).toFixed(0)} KB)`,
  )
  return p95
}

console.log(
  `completion benchmark: ${cpus()[0]?.model ?? 'cpu'} × ${availableParallelism()}, Node ${process.version}, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
)
console.log(
  '3 documents, 10 pages, 2 signers; values, signatures and initials drawn; certificate; combined, each document and certificate sealed',
)
const positioned = await measure('tabs by position', await envelope(false))
const anchored = await measure('tabs by position and anchor', await envelope(true))
await measure(
  'tabs by position and anchor, placements kept (the process that sent it)',
  await envelope(true),
  'kept',
)
const worst = Math.max(positioned, anchored)
console.log(`target p95 < ${TARGET_P95_MS} ms: ${worst < TARGET_P95_MS ? 'met' : 'NOT met'}`)
