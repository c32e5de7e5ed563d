import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { refusedViewRequest } from './view-request.js'

const DISPLAY = [
  'startingScreen',
  'showBackButton',
  'showHeaderActions',
  'recipientSettings',
  'taggerSettings',
]

describe('refusedViewRequest', () => {
  it('accepts any mix of display settings, whatever their values', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...DISPLAY), fc.jsonValue()), (settings) => {
        expect(refusedViewRequest({ settings }, 'envelope')).toBeUndefined()
      }),
    )
  })

  it('refuses a setting it does not know, naming it, whatever else is given', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...DISPLAY), fc.string()),
        fc.stringMatching(/^[a-z]{3,12}$/).filter((name) => !DISPLAY.some((d) => d.toLowerCase() === name)),
        (display, unknown) => {
          const refused = refusedViewRequest({ settings: { ...display, [unknown]: 'x' } }, 'envelope')
          expect(refused).toContain(`settings.${unknown}`)
        },
      ),
    )
  })

  it("takes sendButtonAction 'send' (any case) and refuses 'redirect'", () => {
    expect(refusedViewRequest({ settings: { sendButtonAction: 'Send' } }, 'envelope')).toBeUndefined()
    expect(refusedViewRequest({ settings: { sendButtonAction: 'redirect' } }, 'envelope')).toContain(
      'settings.sendButtonAction',
    )
    expect(refusedViewRequest({ settings: { sendButtonAction: 'send' } }, 'template')).toContain(
      'settings.sendButtonAction',
    )
  })

  it('takes an empty lockToken and refuses a real one', () => {
    expect(refusedViewRequest({ settings: { lockToken: '' } }, 'envelope')).toBeUndefined()
    expect(refusedViewRequest({ settings: { lockToken: 'token' } }, 'envelope')).toContain(
      'settings.lockToken',
    )
  })

  it('takes viewAccess naming what the view edits, or none', () => {
    expect(refusedViewRequest({ viewAccess: 'envelope' }, 'envelope')).toBeUndefined()
    expect(refusedViewRequest({ viewAccess: 'Template' }, 'template')).toBeUndefined()
    expect(refusedViewRequest({}, 'template')).toBeUndefined()
    expect(refusedViewRequest({ viewAccess: 'envelope' }, 'template')).toContain('viewAccess')
  })
})
