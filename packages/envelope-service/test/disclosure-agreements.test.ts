import { describe, expect, it } from 'vitest'
import { disclosureAgreements } from '../web/app/src/envelope.js'

describe("disclosureAgreements (the details screen's recipients reading the history)", () => {
  const entry = (Action: string, RecipientId: string, logTime: string) => ({ Action, RecipientId, logTime })

  it('takes each recipient’s first Disclosure Accepted entry, by recipient id', () => {
    const agreed = disclosureAgreements([
      entry('Sent Invitations', '', '2026-12-07T10:00:00.000Z'),
      entry('Disclosure Accepted', '2', '2026-12-07T10:05:00.000Z'),
      entry('Signed', '2', '2026-12-07T10:06:00.000Z'),
      entry('Disclosure Accepted', '1', '2026-12-07T10:07:00.000Z'),
      entry('Disclosure Accepted', '2', '2026-12-07T11:00:00.000Z'),
    ])
    expect([...agreed]).toEqual([
      ['2', '2026-12-07T10:05:00.000Z'],
      ['1', '2026-12-07T10:07:00.000Z'],
    ])
  })

  it('names nobody from entries without a recipient (an older service, or the sender’s own)', () => {
    expect(
      disclosureAgreements([{ Action: 'Disclosure Accepted', logTime: '2026-12-07T10:00:00.000Z' }]).size,
    ).toBe(0)
    expect(disclosureAgreements([entry('Disclosure Accepted', '', '2026-12-07T10:00:00.000Z')]).size).toBe(0)
  })
})
