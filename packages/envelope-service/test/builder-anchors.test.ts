import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type AnchorSpec, searchAnchors } from '../src/documents/pdf-text/anchors.js'
import type { PageText } from '../src/documents/pdf-text/page-text.js'
import { anchorHits, anchorProblems } from '../web/app/src/builder/anchor-preview.js'
import {
  ANCHOR_UNITS,
  type AnchorField,
  fromTemplate,
  toTemplateDefinition,
} from '../web/app/src/builder/model.js'
import { NO_REMINDERS } from '../web/app/src/builder/reminders.js'

/** The builder's anchor fields: the preview agrees with the server, and the wire shape round-trips. */

const anchor = (patch: Partial<AnchorField>): AnchorField => ({
  key: 'a',
  type: 'signHere',
  roleKey: 'r',
  anchorString: '/sig/',
  xOffset: '0',
  yOffset: '0',
  units: 'pixels',
  ignoreIfNotPresent: false,
  caseSensitive: false,
  matchWholeWord: false,
  required: true,
  tabLabel: '',
  ...patch,
})

/** A page of lines of text, each a run from x 72, 20 points apart, 12 points high, Courier-like. */
const pageOf = (pageNumber: number, lines: string[]): PageText => ({
  pageNumber,
  runs: lines.map((text, index) => ({
    text,
    start: { x: 72, y: 100 + index * 20 },
    end: { x: 72 + 7.2 * text.length, y: 100 + index * 20 },
    fontSize: 12,
    endsLine: true,
  })),
})

describe('anchorHits', () => {
  it('finds what the server finds, with the same offsets, for any text and anchor', async () => {
    const word = fc.constantFrom('Sign', 'sign', '/sig/', 'here', 'SIGN', 'Date', ' ', 'signature')
    const line = fc.array(word, { minLength: 1, maxLength: 5 }).map((words) => words.join(' '))
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(line, { maxLength: 4 }), { minLength: 1, maxLength: 3 }),
        fc.record({
          anchorString: fc.constantFrom('sign', 'Sign', '/sig/', 'here', 'Date'),
          xOffset: fc.integer({ min: -50, max: 50 }).map(String),
          yOffset: fc.double({ min: -2, max: 2, noNaN: true }).map((value) => value.toFixed(2)),
          units: fc.constantFrom(...ANCHOR_UNITS),
          caseSensitive: fc.boolean(),
          matchWholeWord: fc.boolean(),
        }),
        async (linesByPage, patch) => {
          const pages = linesByPage.map((lines, index) => pageOf(index + 1, lines))
          const field = anchor(patch)
          const spec: AnchorSpec = {
            anchorString: field.anchorString,
            anchorXOffset: field.xOffset,
            anchorYOffset: field.yOffset,
            anchorUnits: field.units,
            anchorCaseSensitive: String(field.caseSensitive),
            anchorMatchWholeWord: String(field.matchWholeWord),
          }
          const server = await searchAnchors(pages, [spec])
          expect(anchorHits([{ documentId: '1', pages }], [field])).toEqual(
            server.map((placement) => ({
              anchorKey: 'a',
              documentId: '1',
              pageNumber: placement.pageNumber,
              x: placement.xPosition,
              y: placement.yPosition,
            })),
          )
        },
      ),
    )
  })

  it('names each document its hits are in', () => {
    const hits = anchorHits(
      [
        { documentId: '1', pages: [pageOf(1, ['nothing'])] },
        { documentId: '2', pages: [pageOf(1, ['x']), pageOf(2, ['Sign /sig/ here'])] },
      ],
      [anchor({})],
    )
    expect(hits).toEqual([{ anchorKey: 'a', documentId: '2', pageNumber: 2, x: 72 + 7.2 * 5, y: 100 }])
  })
})

describe('anchorProblems', () => {
  it('refuses what the server refuses: blank text, offsets that are not numbers', () => {
    expect(anchorProblems(anchor({}))).toEqual([])
    expect(anchorProblems(anchor({ anchorString: '', xOffset: 'x', yOffset: '1e' }))).toEqual([
      'blank',
      'xOffset',
      'yOffset',
    ])
    expect(anchorProblems(anchor({ xOffset: ' ', yOffset: '-2.5' }))).toEqual([])
  })
})

describe('anchor fields on the wire', () => {
  it('writes anchor tabs for their role and reads them back as anchor fields', () => {
    const state = {
      settings: {
        name: 'T',
        description: '',
        emailSubject: '',
        emailBlurb: '',
        shared: false,
        messageLock: false,
        envelopeIdStamping: true,
        useDisclosure: false,
        customFields: [],
        reminders: NO_REMINDERS,
      },
      documents: [],
      roles: [{ key: 'r', name: 'Buyer', routingOrder: 1, kind: 'signers' as const }],
      fields: [],
      anchors: [
        anchor({ xOffset: '0.5', units: 'inches', matchWholeWord: true }),
        anchor({ key: 'b', type: 'text', anchorString: 'Zip:', required: false, tabLabel: 'Zip' }),
      ],
    }
    const wire = toTemplateDefinition(state, { withDocuments: false }) as {
      recipients: { signers: { tabs: Record<string, unknown[]> }[] }
    }
    expect(wire.recipients.signers[0]?.tabs).toEqual({
      signHereTabs: [
        {
          recipientId: '1',
          anchorString: '/sig/',
          anchorXOffset: '0.5',
          anchorYOffset: '0',
          anchorUnits: 'inches',
          anchorIgnoreIfNotPresent: 'false',
          anchorCaseSensitive: 'false',
          anchorMatchWholeWord: 'true',
        },
      ],
      textTabs: [
        {
          recipientId: '1',
          anchorString: 'Zip:',
          anchorXOffset: '0',
          anchorYOffset: '0',
          anchorUnits: 'pixels',
          anchorIgnoreIfNotPresent: 'false',
          anchorCaseSensitive: 'false',
          anchorMatchWholeWord: 'false',
          tabLabel: 'Zip',
          required: 'false',
        },
      ],
    })
    let key = 0
    const back = fromTemplate(wire, () => `k${++key}`)
    expect(back.anchors.map(({ key: _k, roleKey: _r, extra: _e, ...rest }) => rest)).toEqual(
      state.anchors.map(({ key: _k, roleKey: _r, ...rest }) => rest),
    )
    expect(back.anchors.every((field) => field.roleKey === back.roles[0]?.key)).toBe(true)
  })
})
