import { describe, expect, it } from 'vitest'
import { fixedPosition, type LocateTab } from '../tabs/locate.js'
import type { CompletionRecipient } from './model.js'
import { planStamps } from './stamps.js'

const locate: LocateTab = (tab, documentId) => {
  if (tab.anchorString === 'twice') {
    return [
      { documentId: '1', pageNumber: 1, x: 10, y: 20 },
      { documentId: '2', pageNumber: 3, x: 30, y: 40 },
    ]
  }
  const position = fixedPosition(tab, documentId)
  return position ? [position] : []
}
const context = { envelopeId: 'env-7', language: 'en' as const, locate }
const at = (x: number, y: number) => ({
  documentId: '1',
  pageNumber: '1',
  xPosition: String(x),
  yPosition: String(y),
})

function recipient(
  tabs: CompletionRecipient['tabs'],
  extra: Partial<CompletionRecipient> = {},
): CompletionRecipient {
  return {
    recipientId: '1',
    type: 'signer',
    name: 'Grace Brewster Hopper',
    email: 'grace@example.com',
    deliveryMethod: 'email',
    routingOrder: '1',
    status: 'completed',
    signedAt: new Date('2026-03-04T23:30:00Z'),
    tabs,
    ...extra,
  }
}

describe('planStamps', () => {
  it('draws a formula result like any value, unless the formula tab is hidden', () => {
    const stamps = planStamps(
      [
        recipient({
          formulaTabs: [
            { ...at(1, 2), value: '59.97', formula: '[a] * [b]' },
            { ...at(3, 4), value: '54.97', formula: '[c] - 5', hidden: 'true' },
          ],
        }),
      ],
      context,
    )
    expect(stamps.map((stamp) => (stamp.kind === 'text' ? stamp.text : stamp.kind))).toEqual(['59.97'])
  })

  it('draws nothing of a tab its condition hides, its signature image included', () => {
    const tabs = (checked: string) => ({
      checkboxTabs: [{ ...at(1, 1), tabLabel: 'Pets', selected: checked }],
      textTabs: [{ ...at(1, 2), value: 'Rex', conditionalParentLabel: 'Pets', conditionalParentValue: 'on' }],
      signHereTabs: [{ ...at(1, 3), conditionalParentLabel: 'Pets', conditionalParentValue: 'on' }],
    })
    const kinds = (checked: string) =>
      planStamps([recipient(tabs(checked), { signatureImage: 'data:image/png;base64,AA==' })], context).map(
        (stamp) => (stamp.kind === 'text' ? stamp.text : stamp.kind),
      )
    expect(kinds('true')).toEqual(['check', 'Rex', 'image'])
    expect(kinds('false')).toEqual([])
  })

  it('draws entered values as text in DocuSign font sizes, default Courier 9', () => {
    const stamps = planStamps(
      [
        recipient({
          textTabs: [
            { ...at(1, 2), value: 'hello', fontSize: 'size14', font: 'helvetica', bold: 'true' },
            { ...at(3, 4), value: 'x' },
          ],
        }),
      ],
      context,
    )
    expect(stamps).toEqual([
      {
        documentId: '1',
        pageNumber: 1,
        x: 1,
        y: 2,
        kind: 'text',
        text: 'hello',
        fontSize: 14,
        font: 'helvetica-bold',
      },
      { documentId: '1', pageNumber: 1, x: 3, y: 4, kind: 'text', text: 'x', fontSize: 9, font: 'courier' },
    ])
  })

  it('fills name, email, date signed and envelope id tabs itself', () => {
    const texts = planStamps(
      [
        recipient({
          fullNameTabs: [at(0, 0)],
          firstNameTabs: [at(0, 0)],
          lastNameTabs: [at(0, 0)],
          emailAddressTabs: [at(0, 0)],
          dateSignedTabs: [at(0, 0)],
          envelopeIdTabs: [at(0, 0)],
        }),
      ],
      context,
    ).map((stamp) => (stamp.kind === 'text' ? stamp.text : stamp.kind))
    expect(texts).toEqual([
      'Grace Brewster Hopper',
      'Grace',
      'Brewster Hopper',
      'grace@example.com',
      '3/4/2026',
      'env-7',
    ])
    const spanish = planStamps([recipient({ dateSignedTabs: [at(0, 0)] })], { ...context, language: 'es' })
    expect(spanish[0]).toMatchObject({ text: '4/3/2026' })
  })

  it('marks only selected checkboxes, radios and list items', () => {
    const stamps = planStamps(
      [
        recipient({
          checkboxTabs: [{ ...at(1, 1), selected: 'true' }, { ...at(2, 2), selected: 'false' }, at(3, 3)],
          radioGroupTabs: [
            {
              documentId: '1',
              groupName: 'plan',
              radios: [
                { pageNumber: '1', xPosition: '50', yPosition: '60', value: 'basic', selected: 'false' },
                { pageNumber: '1', xPosition: '50', yPosition: '80', value: 'pro', selected: 'true' },
              ],
            },
          ],
          listTabs: [
            {
              ...at(9, 9),
              listItems: [
                { text: 'Red', value: 'r', selected: 'false' },
                { text: 'Green', value: 'g', selected: 'true' },
              ],
            },
            { ...at(8, 8), listItems: [{ text: 'Blue', value: 'b' }] },
          ],
        }),
      ],
      context,
    )
    expect(stamps.map(({ kind, x, y }) => [kind, x, y])).toEqual([
      ['check', 1, 1],
      ['dot', 50, 80],
      ['text', 9, 9],
    ])
    expect(stamps[2]).toMatchObject({ text: 'Green' })
  })

  it('draws the adopted signature and initials, scaled by scaleValue, and nothing without them', () => {
    const signature = 'data:image/png;base64,AAAA'
    const stamps = planStamps(
      [
        recipient(
          { signHereTabs: [{ ...at(5, 6), scaleValue: '0.5' }], initialHereTabs: [at(7, 8)] },
          { signatureImage: signature },
        ),
      ],
      context,
    )
    expect(stamps).toEqual([
      {
        documentId: '1',
        pageNumber: 1,
        x: 5,
        y: 6,
        kind: 'image',
        dataUrl: signature,
        maxWidth: 72,
        maxHeight: 18,
      },
    ])
  })

  it('stamps an anchor tab at every placement and skips empty tabs', () => {
    const stamps = planStamps(
      [
        recipient({
          textTabs: [
            { anchorString: 'twice', value: 'v' },
            { ...at(1, 1), value: '' },
          ],
        }),
      ],
      context,
    )
    expect(stamps.map(({ documentId, pageNumber, x, y }) => [documentId, pageNumber, x, y])).toEqual([
      ['1', 1, 10, 20],
      ['2', 3, 30, 40],
    ])
  })
})
