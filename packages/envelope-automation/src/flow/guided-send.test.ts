import type { EnvelopeDefinition } from 'esign-contract'
import { beforeEach, describe, expect, it } from 'vitest'
import { inMemoryCases, TEST_CASES, TEST_CONTACTS } from '../testing/in-memory-cases.js'
import {
  type FlowScreens,
  isRecipientEmailBlank,
  PAUSE,
  runGuidedSendFlow,
  type SmsPhoneScreenRequest,
} from './guided-send.js'

function fakeEsign() {
  const created: EnvelopeDefinition[] = []
  return {
    accountId: 'acc-1',
    created,
    getTemplate: async (templateId: string) => ({ templateId, emailBlurb: 'Body.' }) as never,
    createEnvelope: async (definition: EnvelopeDefinition) => {
      created.push(definition)
      return { envelopeId: `env-${created.length}`, uri: '', statusDateTime: '', status: 'sent' }
    },
  }
}

/** Answers the phone screen from a script and records what it was shown. */
function scriptedScreens(answers: (string | undefined)[]): FlowScreens & { shown: SmsPhoneScreenRequest[] } {
  const shown: SmsPhoneScreenRequest[] = []
  return {
    shown,
    askSmsPhone: async (request) => {
      shown.push(request)
      if (answers.length === 0) throw new Error('the phone screen was shown more often than scripted')
      return answers.shift()
    },
  }
}

const input = (caseId: string) => ({ caseId, templateIds: ['tpl-a'], subjectText: 'Please sign' })
const firstSigner = (definition: EnvelopeDefinition | undefined) =>
  definition?.compositeTemplates?.[0]?.inlineTemplates?.[0]?.recipients?.signers?.[0]

let cases: ReturnType<typeof inMemoryCases>
let esign: ReturnType<typeof fakeEsign>
beforeEach(() => {
  cases = inMemoryCases(TEST_CASES, TEST_CONTACTS)
  esign = fakeEsign()
})

describe('guided flow version 4', () => {
  it('Is_Recipient_Email_Blank: null and blank emails are blank; a missing contact is not', () => {
    expect(isRecipientEmailBlank({ id: 'c', name: 'A', email: null, mobile: null })).toBe(true)
    expect(isRecipientEmailBlank({ id: 'c', name: 'A', email: '  ', mobile: null })).toBe(true)
    expect(isRecipientEmailBlank({ id: 'c', name: 'A', email: 'a@example.test', mobile: null })).toBe(false)
    expect(isRecipientEmailBlank(undefined)).toBe(false)
  })

  it('goes straight on to Send_Composite_Envelope when the contact has an email, by email', async () => {
    const screens = scriptedScreens([])
    const result = await runGuidedSendFlow({ cases, esign, screens }, input('case-email'))
    expect(result).toEqual({
      outcome: 'sent',
      envelopeId: 'env-1',
      recipientSmsPhone: null,
      path: ['Get_Recipient_Contact', 'Is_Recipient_Email_Blank', 'Send_Composite_Envelope'],
    })
    expect(screens.shown).toEqual([])
    expect(firstSigner(esign.created[0])?.deliveryMethod).toBeUndefined()
  })

  it('routes a blank email to SMS_Phone_Screen and passes its value to the action as recipientSmsPhone', async () => {
    const screens = scriptedScreens(['+1 415 555 2671'])
    const result = await runGuidedSendFlow({ cases, esign, screens }, input('case-no-email'))
    expect(result).toMatchObject({
      outcome: 'sent',
      recipientSmsPhone: '+14155552671',
      path: [
        'Get_Recipient_Contact',
        'Is_Recipient_Email_Blank',
        'SMS_Phone_Screen',
        'Send_Composite_Envelope',
      ],
    })
    expect(screens.shown).toEqual([{ contactName: 'Luis Pérez', suggestedPhone: '+14155552671' }])
    expect(firstSigner(esign.created[0])).toMatchObject({
      deliveryMethod: 'SMS',
      phoneNumber: { countryCode: '1', number: '4155552671' },
    })
  })

  it('SMS_Phone_Screen is required: a blank answer shows the screen again with the reason', async () => {
    const screens = scriptedScreens(['  ', '+14155552671'])
    const result = await runGuidedSendFlow({ cases, esign, screens }, input('case-no-email'))
    expect(result.outcome).toBe('sent')
    expect(screens.shown).toHaveLength(2)
    expect(screens.shown[1]).toMatchObject({
      problem: 'phone_required',
      error: expect.stringMatching(/required/),
    })
  })

  it('SMS_Phone_Screen shows an invalid number again with the reason, never calling the service with it', async () => {
    const screens = scriptedScreens(['555-1234', '+14155552671'])
    await runGuidedSendFlow({ cases, esign, screens }, input('case-no-email'))
    expect(screens.shown[1]).toMatchObject({
      problem: 'phone_invalid',
      error: expect.stringMatching(/country code/),
    })
    expect(esign.created).toHaveLength(1)
  })

  it('pauses at SMS_Phone_Screen when the screen is answered elsewhere, with what it asks and why', async () => {
    const screens = scriptedScreens([])
    const paused = await runGuidedSendFlow(
      { cases, esign, screens: { askSmsPhone: async () => PAUSE } },
      input('case-no-email'),
    )
    expect(paused).toEqual({
      outcome: 'paused',
      screen: { contactName: 'Luis Pérez', suggestedPhone: '+14155552671' },
      path: ['Get_Recipient_Contact', 'Is_Recipient_Email_Blank', 'SMS_Phone_Screen'],
    })
    // An invalid answer, then a pause: the screen comes back with the reason.
    const answers: (string | typeof PAUSE)[] = ['12345', PAUSE]
    const again = await runGuidedSendFlow(
      { cases, esign, screens: { askSmsPhone: async () => answers.shift() } },
      input('case-no-email'),
    )
    expect(again).toMatchObject({ outcome: 'paused', screen: { problem: 'phone_invalid' } })
    expect(esign.created).toEqual([])
    expect(screens.shown).toEqual([])
  })

  it('ends without sending when the user cancels the phone screen', async () => {
    const screens = scriptedScreens([undefined])
    const result = await runGuidedSendFlow({ cases, esign, screens }, input('case-no-email'))
    expect(result).toEqual({
      outcome: 'cancelled',
      path: ['Get_Recipient_Contact', 'Is_Recipient_Email_Blank', 'SMS_Phone_Screen'],
    })
    expect(esign.created).toEqual([])
    expect(cases.envelopes).toEqual([])
  })

  it('skips the phone screen when the case links no contact (no recipient 1)', async () => {
    const screens = scriptedScreens([])
    const result = await runGuidedSendFlow({ cases, esign, screens }, input('case-no-link'))
    expect(result).toMatchObject({
      outcome: 'sent',
      path: ['Get_Recipient_Contact', 'Is_Recipient_Email_Blank', 'Send_Composite_Envelope'],
    })
  })

  it('fails at Get_Recipient_Contact for an unknown case', async () => {
    await expect(
      runGuidedSendFlow({ cases, esign, screens: scriptedScreens([]) }, input('nope')),
    ).rejects.toThrow(/case nope does not exist/)
    expect(esign.created).toEqual([])
  })
})
