import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Envelope, Recipient } from '../web/app/src/envelope.js'
import { yourTurn } from '../web/app/src/sign-now/your-turn.js'

const ME = 'me@example.test'
const envelopeWith = (signers: Recipient[], status = 'sent'): Envelope => ({
  envelopeId: 'e1',
  status,
  recipients: { signers },
})
const signer = (overrides: Partial<Recipient> = {}): Recipient => ({
  recipientId: '1',
  name: 'Me',
  email: ME,
  routingOrder: '1',
  status: 'sent',
  ...overrides,
})

describe('yourTurn (when the app offers "Sign now")', () => {
  it("finds the signed-in person's signer once the routing reached them, whatever the email's case", () => {
    expect(yourTurn(envelopeWith([signer({ email: 'Me@Example.TEST ' })]), ME)?.recipientId).toBe('1')
    expect(yourTurn(envelopeWith([signer({ status: 'delivered' })], 'delivered'), ME)?.recipientId).toBe('1')
  })

  it('offers it only for a sent or delivered envelope, a remote signer with their email, not yet finished', () => {
    const statuses = ['created', 'sent', 'delivered', 'completed', 'declined', 'voided', 'autoresponded']
    fc.assert(
      fc.property(
        fc.constantFrom(...statuses),
        fc.constantFrom(...statuses),
        fc.boolean(),
        fc.boolean(),
        (envelopeStatus, recipientStatus, embedded, mine) => {
          const found = yourTurn(
            envelopeWith(
              [
                signer({
                  status: recipientStatus,
                  email: mine ? ME : 'other@example.test',
                  ...(embedded ? { clientUserId: 'crm-1' } : {}),
                }),
              ],
              envelopeStatus,
            ),
            ME,
          )
          const expected =
            ['sent', 'delivered'].includes(envelopeStatus) &&
            ['sent', 'delivered'].includes(recipientStatus) &&
            !embedded &&
            mine
          expect(found !== undefined).toBe(expected)
        },
      ),
    )
  })

  it('never offers a carbon copy or another group: only signers sign by a recipient view here', () => {
    const envelope: Envelope = {
      envelopeId: 'e1',
      status: 'sent',
      recipients: { carbonCopies: [signer()], certifiedDeliveries: [signer({ recipientId: '2' })] },
    }
    expect(yourTurn(envelope, ME)).toBeUndefined()
  })
})
