/**
 * Anchor tabs on the signing page: what opening a signer's session costs when their tabs are placed by
 * anchor text, with the service's placement cache (documents/pdf-text/placement-cache.ts) and, in the
 * same run, without it (a fresh cache before every opening: each opening reads and searches the
 * documents again, as every opening did before the cache). The service is built in process on SQLite;
 * each opening is a new embedded recipient view whose `GET /signing/api/session` is timed through
 * `app.inject`, with the longest event-loop block seen while it ran.
 *
 * Two envelopes:
 * - "initials on every page": a 300-page document, initials anchored on every page, a signature and a
 *   date anchored on the last;
 * - "the most one recipient may have": a 2,000-page document (the page limit), its anchor twice on
 *   every page, two anchor tabs on it (8,000 places, under the 10,000 a recipient may take).
 *
 * And the send that the places limit refuses: the same document with 51 anchor tabs (204,000 places;
 * before the limit it was sent, and each opening of its signing page answered 10.7 MB after 2.5 s).
 *
 * Then creates of new long documents arriving together (`TOGETHER`, default 8, of `TOGETHER_PAGES`, default
 * 400 pages): when their answers come and how far the heap grows, with the cache's bound on readings at
 * once against none (alternated runs).
 *
 * Run: `npm run bench:anchor-session -w envelope-service` (`RUNS`, default 5 openings each way).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { createAnchorPlacementCache } from '../src/documents/pdf-text/placement-cache.js'
import { seedPrincipal } from '../src/testing/harness.js'
import { embeddedSigningHeaders, injectAs } from '../src/testing/inject.js'
import { startSealedTestService } from '../src/testing/sealed-service.js'

const RUNS = Number(process.env.RUNS ?? 5)

async function anchoredPdf(pages: number, lines: (page: number) => string[]): Promise<string> {
  const document = await PDFDocument.create()
  const font = await document.embedFont(StandardFonts.Helvetica)
  for (let index = 1; index <= pages; index++) {
    const page = document.addPage([612, 792])
    lines(index).forEach((text, line) => {
      page.drawText(text, { x: 72, y: 720 - line * 40, size: 12, font })
    })
  }
  return Buffer.from(await document.save()).toString('base64')
}

const directory = mkdtempSync(join(tmpdir(), 'bench-anchor-session-'))
const service = await startSealedTestService(`sqlite:${join(directory, 'db.sqlite')}`)
const signer = { name: 'Pat Owner', email: 'pat@example.test', clientUserId: 'crm-pat' }

interface Scenario {
  name: string
  pages: number
  lines: (page: number) => string[]
  tabs: Record<string, object[]>
}

const scenarios: Scenario[] = [
  {
    name: 'initials on every page (300 pages, 3 anchor tabs, 302 places)',
    pages: 300,
    lines: (page) => [
      `Page ${page} of the agreement. Initials: /in/`,
      ...(page === 300 ? ['Signature: /sn/', 'Date: /dt/'] : []),
    ],
    tabs: {
      initialHereTabs: [{ anchorString: '/in/', anchorXOffset: '20' }],
      signHereTabs: [{ anchorString: '/sn/', anchorYOffset: '-10' }],
      dateSignedTabs: [{ anchorString: '/dt/' }],
    },
  },
  {
    name: 'the most one recipient may have (2,000 pages, 2 anchor tabs, 8,000 places)',
    pages: 2000,
    lines: (page) => [`Page ${page}: sign /sn1/ here`, 'and again: /sn1/'],
    tabs: {
      signHereTabs: [{ anchorString: '/sn1/' }, { anchorString: '/sn1/', anchorXOffset: '150' }],
    },
  },
]

interface Opening {
  ms: number
  blockMs: number
  bytes: number
}

type Principal = Awaited<ReturnType<typeof seedPrincipal>>

/** Sends one document to the signer as a new envelope. */
function sendAgreement(principal: Principal, emailSubject: string, documentBase64: string, tabs: object) {
  return injectAs(service, principal, 'POST', '/envelopes', {
    status: 'sent',
    emailSubject,
    documents: [{ documentId: '1', name: 'Agreement.pdf', documentBase64 }],
    recipients: { signers: [{ recipientId: '1', routingOrder: '1', ...signer, tabs }] },
  })
}

interface Burst {
  firstMs: number
  medianMs: number
  lastMs: number
  heapPeakMb: number
}

/** Sends every document at once as its own envelope; when each answer came, and the heap's peak over the start. */
async function burst(documents: string[], principal: Principal): Promise<Burst> {
  globalThis.gc?.()
  const heapAtStart = process.memoryUsage().heapUsed
  let heapPeak = heapAtStart
  const sampler = setInterval(() => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)
  }, 10)
  const started = performance.now()
  const times = await Promise.all(
    documents.map(async (documentBase64) => {
      const created = await sendAgreement(principal, 'Long agreement', documentBase64, {
        signHereTabs: [{ anchorString: '/sn1/' }],
        initialHereTabs: [{ anchorString: '/in1/' }],
      })
      if (created.statusCode !== 201) throw new Error(`envelope not created: ${created.body}`)
      return performance.now() - started
    }),
  )
  clearInterval(sampler)
  const sorted = [...times].sort((a, b) => a - b)
  return {
    firstMs: sorted[0] ?? 0,
    medianMs: median(sorted),
    lastMs: sorted.at(-1) ?? 0,
    heapPeakMb: (heapPeak - heapAtStart) / 2 ** 20,
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

try {
  const principal = await seedPrincipal(service.ctx)
  console.log(
    `anchor-session benchmark: ${cpus()[0]?.model ?? 'cpu'} × ${availableParallelism()}, Node ${process.version}, ` +
      `load ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}, ${RUNS} openings each way`,
  )
  for (const scenario of scenarios) {
    const documentBase64 = await anchoredPdf(scenario.pages, scenario.lines)
    const send = (tabs: object) => sendAgreement(principal, 'Anchored agreement', documentBase64, tabs)
    const sendStarted = performance.now()
    const created = await send(scenario.tabs)
    const sendMs = performance.now() - sendStarted
    if (created.statusCode !== 201) throw new Error(`envelope not created: ${created.body}`)
    const envelopeId: string = created.json().envelopeId

    const open = async (): Promise<Opening> => {
      const headers = await embeddedSigningHeaders(service, principal, envelopeId, signer)
      const histogram = monitorEventLoopDelay({ resolution: 1 })
      histogram.enable()
      const started = performance.now()
      const session = await service.app.inject({
        url: '/signing/api/session',
        headers,
      })
      const ms = performance.now() - started
      histogram.disable()
      if (session.statusCode !== 200) throw new Error(`session ${session.statusCode}: ${session.body}`)
      return { ms, blockMs: histogram.max / 1e6, bytes: session.rawPayload.length }
    }

    // One opening first, so both ways start with pdf.js loaded and the page built.
    await open()
    const cached: Opening[] = []
    const uncached: Opening[] = []
    for (let run = 0; run < RUNS; run++) {
      service.ctx.anchorPlacements = createAnchorPlacementCache()
      uncached.push(await open())
      cached.push(await open())
    }
    const row = (label: string, openings: Opening[]) =>
      `  ${label.padEnd(34)} median ${median(openings.map((o) => o.ms))
        .toFixed(1)
        .padStart(8)} ms, ` +
      `longest event-loop block ${Math.max(...openings.map((o) => o.blockMs))
        .toFixed(0)
        .padStart(5)} ms, ` +
      `answer ${((openings[0]?.bytes ?? 0) / 1024).toFixed(0)} KB`
    console.log(scenario.name)
    console.log(`  send (create with status "sent", anchors searched and kept): ${sendMs.toFixed(0)} ms`)
    console.log(row('every opening searches (baseline)', uncached))
    console.log(row('placements cached', cached))
    console.log(
      `  ratio: cached openings take ${(median(cached.map((o) => o.ms)) / median(uncached.map((o) => o.ms))).toFixed(3)} of the baseline's time`,
    )
    if (scenario.pages === 2000) {
      const started = performance.now()
      const refused = await send({
        signHereTabs: Array.from({ length: 51 }, (_, index) => ({
          anchorString: '/sn1/',
          anchorXOffset: String(index),
        })),
      })
      if (refused.statusCode !== 400) throw new Error(`51 anchor tabs were not refused: ${refused.body}`)
      console.log(
        `  the same document with 51 anchor tabs (204,000 places) refused at the send in ${(performance.now() - started).toFixed(0)} ms`,
      )
    }
  }
  // What the check adds to a create of an everyday envelope: a new 3-page document each time (so nothing
  // is cached), its three anchor tabs against the same tabs placed by position.
  const sends = { anchored: [] as number[], positioned: [] as number[] }
  for (let run = 0; run < 10 * RUNS; run++) {
    const documentBase64 = await anchoredPdf(3, (page) => [
      `Agreement ${run}, page ${page}`,
      ...(page === 3 ? ['Initials: /in/', 'Signature: /sn/', 'Date: /dt/'] : []),
    ])
    for (const way of ['anchored', 'positioned'] as const) {
      const at = (y: number) => ({ documentId: '1', pageNumber: '3', xPosition: '200', yPosition: String(y) })
      const tabs =
        way === 'anchored'
          ? {
              initialHereTabs: [{ anchorString: '/in/' }],
              signHereTabs: [{ anchorString: '/sn/' }],
              dateSignedTabs: [{ anchorString: '/dt/' }],
            }
          : { initialHereTabs: [at(80)], signHereTabs: [at(120)], dateSignedTabs: [at(160)] }
      const started = performance.now()
      const created = await sendAgreement(principal, 'Everyday agreement', documentBase64, tabs)
      if (created.statusCode !== 201) throw new Error(`envelope not created: ${created.body}`)
      sends[way].push(performance.now() - started)
    }
  }
  console.log('a create of a new 3-page document, sent at once')
  console.log(`  tabs placed by position (baseline)   median ${median(sends.positioned).toFixed(1)} ms`)
  console.log(`  three anchor tabs (searched at send) median ${median(sends.anchored).toFixed(1)} ms`)
  console.log(`  ratio: ${(median(sends.anchored) / median(sends.positioned)).toFixed(2)}`)

  // Creates of new long documents arriving together: their readings bounded (the cache's default, two
  // at a time) against every reading at once (the baseline, as before the bound), alternated.
  const together = Number(process.env.TOGETHER ?? 8)
  const togetherPages = Number(process.env.TOGETHER_PAGES ?? 400)
  console.log(`${together} creates at once, each a new ${togetherPages}-page document with two anchor tabs`)
  const ways = { bounded: [] as Burst[], unbounded: [] as Burst[] }
  for (let run = 0; run < Math.max(2, Math.ceil(RUNS / 2)); run++) {
    for (const way of ['unbounded', 'bounded'] as const) {
      service.ctx.anchorPlacements =
        way === 'bounded' ? createAnchorPlacementCache() : createAnchorPlacementCache(undefined, 1_000)
      const documents = await Promise.all(
        Array.from({ length: together }, (_, index) =>
          anchoredPdf(togetherPages, (page) => [
            `${way} ${run}.${index}, page ${page}: /sn1/ here`,
            'and /in1/',
          ]),
        ),
      )
      ways[way].push(await burst(documents, principal))
    }
  }
  const burstRow = (label: string, bursts: Burst[]) =>
    `  ${label.padEnd(30)} first answer ${median(bursts.map((b) => b.firstMs)).toFixed(0)} ms, ` +
    `median ${median(bursts.map((b) => b.medianMs)).toFixed(0)} ms, last ${median(bursts.map((b) => b.lastMs)).toFixed(0)} ms, ` +
    `heap peak +${median(bursts.map((b) => b.heapPeakMb)).toFixed(0)} MB`
  console.log(burstRow('all read at once (baseline)', ways.unbounded))
  console.log(burstRow('two read at a time', ways.bounded))
} finally {
  await service.close()
  rmSync(directory, { recursive: true, force: true })
}
