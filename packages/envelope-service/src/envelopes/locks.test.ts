import fc from 'fast-check'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { draftAsTemplate } from '../bulk-send/source.js'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import { seedPrincipal, startTestService, type TestPrincipal, type TestService } from '../testing/harness.js'
import { injectAs } from '../testing/inject.js'
import {
  checkDraftMessageUnlocked,
  checkTemplateLocks,
  envelopeLocks,
  lockedDefaults,
  type TemplateLock,
  templateLockOf,
} from './locks.js'
import type { EnvelopeRecord } from './reads.js'

const text = fc.string({ maxLength: 8 })
const flag = fc.option(fc.constantFrom('true', 'false'), { nil: undefined })
const template = fc.record({
  name: fc.string({ minLength: 1, maxLength: 8 }),
  emailSubject: text,
  emailBlurb: text,
  brandId: fc.option(fc.constantFrom('b1', 'b2'), { nil: undefined }),
  messageLock: fc.option(fc.constant(true as const), { nil: undefined }),
  brandLock: fc.option(fc.constant(true as const), { nil: undefined }),
})
const withoutUndefined = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T

describe('the message and brand lock rules', () => {
  it('a template locks its message only with a subject, and its brand only with a brand', () => {
    fc.assert(
      fc.property(template, (given) => {
        const t = withoutUndefined(given)
        const lock = templateLockOf(t)
        const locksMessage = t.messageLock === true && t.emailSubject !== ''
        const locksBrand = t.brandLock === true && t.brandId !== undefined
        expect(lock === undefined).toBe(!t.messageLock && !t.brandLock)
        if (lock) {
          expect([lock.messageLock, lock.brandLock]).toEqual([t.messageLock, t.brandLock])
          expect(lock.message).toEqual(
            locksMessage ? { emailSubject: t.emailSubject, emailBlurb: t.emailBlurb } : undefined,
          )
          expect(lock.brandId).toBe(locksBrand ? t.brandId : undefined)
        }
      }),
    )
  })

  it("an envelope that takes the locking templates' defaults always passes the check", () => {
    fc.assert(
      fc.property(fc.array(template, { maxLength: 3 }), text, text, (templates, subject, blurb) => {
        const locks = templates.map((t) => templateLockOf(withoutUndefined(t))).filter((l) => l !== undefined)
        // Only locks that agree with each other can all be met.
        const agree = (pick: (lock: TemplateLock) => unknown) =>
          new Set(
            locks
              .map(pick)
              .filter((v) => v !== undefined)
              .map((v) => JSON.stringify(v)),
          ).size <= 1
        fc.pre(agree((lock) => lock.message) && agree((lock) => lock.brandId))
        const defaults = lockedDefaults(locks)
        const envelope = {
          emailSubject: defaults.message?.emailSubject ?? subject,
          emailBlurb: defaults.message?.emailBlurb ?? blurb,
          brandId: defaults.brandId,
        }
        expect(() => checkTemplateLocks(envelope, {}, locks)).not.toThrow()
        expect(envelopeLocks({}, locks)).toEqual({
          ...(locks.some((lock) => lock.messageLock) ? { messageLock: true } : {}),
          ...(locks.some((lock) => lock.brandLock) ? { brandLock: true } : {}),
        })
      }),
    )
  })

  it('refuses a subject, message or brand other than the locked one, and an explicit "false"', () => {
    const lock = {
      templateName: 'NDA',
      messageLock: true as const,
      message: { emailSubject: 'Sign the NDA', emailBlurb: '' },
      brandLock: true as const,
      brandId: 'b1',
    }
    const locked = { emailSubject: 'Sign the NDA', emailBlurb: '', brandId: 'b1' }
    expect(() => checkTemplateLocks(locked, {}, [lock])).not.toThrow()
    for (const change of [{ emailSubject: 'Other' }, { emailBlurb: 'Added' }, { brandId: 'b2' }]) {
      expect(() => checkTemplateLocks({ ...locked, ...change }, {}, [lock])).toThrow(
        /The template "NDA" locks/,
      )
    }
    expect(() => checkTemplateLocks(locked, { messageLock: 'false' }, [lock])).toThrow(/messageLock cannot/)
    expect(() => checkTemplateLocks(locked, { brandLock: 'false' }, [lock])).toThrow(/brandLock cannot/)
  })

  it("the envelope's own locks are its request's or any template's", () => {
    fc.assert(
      fc.property(flag, flag, fc.boolean(), (messageLock, brandLock, templateLocks) => {
        const locks = templateLocks ? [{ templateName: 't', messageLock: true as const }] : []
        const request = withoutUndefined({ messageLock, brandLock })
        const result = envelopeLocks(request, locks)
        expect(result.messageLock === true).toBe(messageLock === 'true' || templateLocks)
        expect(result.brandLock === true).toBe(brandLock === 'true')
      }),
    )
  })

  it("a locked draft's message stays, unless it has no subject yet", () => {
    expect(() => checkDraftMessageUnlocked({ messageLock: true, emailSubject: 'Locked' })).toThrow(/locked/)
    expect(() => checkDraftMessageUnlocked({ messageLock: true, emailSubject: '' })).not.toThrow()
    expect(() => checkDraftMessageUnlocked({ emailSubject: 'Free' })).not.toThrow()
  })

  it("a bulk send's draft passes its brand, settings and locks to its copies", () => {
    const envelope = {
      envelopeId: 'e1',
      accountId: 'a1',
      sender: { userId: 'u1', userName: 'Ana', email: 'ana@example.test' },
      status: 'created',
      emailSubject: 'Renewal',
      emailBlurb: '',
      createdAt: '2026-12-06T00:00:00.000Z',
      statusChangedAt: '2026-12-06T00:00:00.000Z',
      updatedAt: '2026-12-06T00:00:00.000Z',
      envelopeIdStamping: true,
      enforceSignerVisibility: true,
      allowReassign: false,
      brandId: 'b1',
      messageLock: true,
      brandLock: true,
      emailSettings: { replyEmailAddressOverride: 'desk@example.test' },
    } as unknown as EnvelopeRecord
    const read = draftAsTemplate(envelope, [], [], { textCustomFields: [], listCustomFields: [] })
    expect(read).toMatchObject({
      brandId: 'b1',
      messageLock: true,
      brandLock: true,
      enforceSignerVisibility: true,
      emailSettings: { replyEmailAddressOverride: 'desk@example.test' },
    })
    expect(read).not.toHaveProperty('envelopeIdStamping')
    // A draft that prints no envelope id makes copies that print none either.
    const unstamped = { ...envelope, envelopeIdStamping: false } as EnvelopeRecord
    expect(draftAsTemplate(unstamped, [], [], { textCustomFields: [], listCustomFields: [] })).toMatchObject({
      envelopeIdStamping: false,
    })
  })
})

describeEachDatabase('messageLock on templates and envelopes', (databases) => {
  let service: TestService
  let sender: TestPrincipal
  let pdf: string

  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl())
    sender = await seedPrincipal(service.ctx)
    pdf = await makePdfBase64(1)
  })
  afterAll(() => service?.close())

  const inject = (method: 'GET' | 'PUT' | 'POST', path: string, payload?: object) =>
    injectAs(service, sender, method, path, payload)
  const signHere = { documentId: '1', pageNumber: '1', xPosition: '100', yPosition: '100' }
  const documents = () => [{ documentId: '1', name: 'NDA.pdf', fileExtension: 'pdf', documentBase64: pdf }]

  async function createTemplate(extra: object): Promise<string> {
    const response = await inject('POST', '/templates', {
      name: `Locked ${Math.random()}`,
      documents: documents(),
      recipients: { signers: [{ recipientId: '1', roleName: 'Signer', tabs: { signHereTabs: [signHere] } }] },
      ...extra,
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().templateId
  }
  const fromTemplate = (templateId: string, extra: object = {}) =>
    inject('POST', '/envelopes', {
      status: 'created',
      templateId,
      templateRoles: [{ roleName: 'Signer', name: 'Ana Ruiz', email: 'ana@example.test' }],
      ...extra,
    })

  it("gives envelopes a locked template's subject and message, refuses others, and keeps the draft's", async () => {
    const templateId = await createTemplate({
      emailSubject: 'Please sign the NDA',
      emailBlurb: 'Legal wrote this.',
      messageLock: 'true',
    })
    expect((await inject('GET', `/templates/${templateId}`)).json().messageLock).toBe('true')
    // The list says so too, with the text, as DocuSign's list of templates does: a sender's app can show
    // the fixed wording before choosing the template, without reading each one.
    const listed = (await inject('GET', '/templates?count=100')).json().envelopeTemplates as {
      templateId: string
    }[]
    expect(listed.find((template) => template.templateId === templateId)).toMatchObject({
      emailSubject: 'Please sign the NDA',
      emailBlurb: 'Legal wrote this.',
      messageLock: 'true',
    })
    expect(listed.find((template) => template.templateId === templateId)).not.toHaveProperty('brandLock')

    const made = await fromTemplate(templateId)
    expect(made.statusCode, made.body).toBe(201)
    const envelopeId = made.json().envelopeId
    expect((await inject('GET', `/envelopes/${envelopeId}`)).json()).toMatchObject({
      emailSubject: 'Please sign the NDA',
      emailBlurb: 'Legal wrote this.',
      messageLock: 'true',
      brandLock: 'false',
    })
    // Giving the template's own text is no change; other text is refused before anything is stored.
    expect(
      (
        await fromTemplate(templateId, {
          emailSubject: 'Please sign the NDA',
          emailBlurb: 'Legal wrote this.',
        })
      ).statusCode,
    ).toBe(201)
    for (const change of [{ emailSubject: 'My own subject' }, { emailBlurb: 'My own words' }]) {
      const refused = await fromTemplate(templateId, change)
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toMatchObject({
        errorCode: 'INVALID_REQUEST_PARAMETER',
        message: expect.stringContaining('messageLock'),
      })
    }

    const changed = await inject('PUT', `/envelopes/${envelopeId}`, { emailSubject: 'Changed later' })
    expect(changed.statusCode).toBe(400)
    expect(changed.json().message).toContain('locked (messageLock)')
    expect((await inject('GET', `/envelopes/${envelopeId}`)).json().emailSubject).toBe('Please sign the NDA')
  })

  it('lets the sender write a subject when the locking template has none, as DocuSign does', async () => {
    const templateId = await createTemplate({ messageLock: 'true' })
    const made = await fromTemplate(templateId, { emailSubject: 'Written by the sender' })
    expect(made.statusCode, made.body).toBe(201)
    const read = (await inject('GET', `/envelopes/${made.json().envelopeId}`)).json()
    expect(read).toMatchObject({ emailSubject: 'Written by the sender', messageLock: 'true' })
    // The subject is now written: the lock holds from here.
    const changed = await inject('PUT', `/envelopes/${made.json().envelopeId}`, { emailSubject: 'Again' })
    expect(changed.statusCode).toBe(400)
  })

  it("locks an envelope's own draft message when the request sets messageLock", async () => {
    const created = await inject('POST', '/envelopes', {
      status: 'created',
      emailSubject: 'Fixed wording',
      messageLock: 'true',
      documents: documents(),
      recipients: {
        signers: [
          {
            recipientId: '1',
            name: 'Ana Ruiz',
            email: 'ana@example.test',
            tabs: { signHereTabs: [signHere] },
          },
        ],
      },
    })
    expect(created.statusCode, created.body).toBe(201)
    const envelopeId = created.json().envelopeId
    expect((await inject('PUT', `/envelopes/${envelopeId}`, { emailBlurb: 'More' })).statusCode).toBe(400)
    // Sending the locked draft is not a change of its message.
    expect((await inject('PUT', `/envelopes/${envelopeId}`, { status: 'sent' })).statusCode).toBe(200)
  })
})
