import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { draftChanges, draftFromEnvelope } from '../web/app/src/builder/envelope-target.js'
import type { BuilderState } from '../web/app/src/builder/model.js'
import { returnAddress, returnUrlOf } from '../web/app/src/embedded/return.js'

/** A draft as `GET /envelopes/{id}?include=recipients,tabs,documents` returns it. */
const envelope = {
  envelopeId: 'e1',
  status: 'created',
  emailSubject: 'Please sign',
  envelopeDocuments: [
    { documentId: '1', name: 'Lease.pdf', type: 'content' },
    { documentId: 'certificate', name: 'Summary', type: 'summary' },
  ],
  recipients: {
    recipientCount: '2',
    currentRoutingOrder: '1',
    signers: [
      {
        recipientId: '7',
        name: 'Ana Ruiz',
        email: 'ana@example.test',
        routingOrder: '1',
        tabs: {
          signHereTabs: [{ documentId: '1', pageNumber: '1', xPosition: '72', yPosition: '100' }],
          // An anchor tab is kept as it came, never saved again.
          dateSignedTabs: [{ anchorString: '/d1/' }],
        },
      },
    ],
    carbonCopies: [{ recipientId: '9', name: 'Carl Copy', email: 'carl@example.test', routingOrder: '2' }],
  },
}

let counter = 0
const key = () => `k${++counter}`
const loaded = () => draftFromEnvelope(envelope, key)

describe('draftFromEnvelope', () => {
  it('reads recipients as roles named after the person, keeping ids, emails and content documents', () => {
    const draft = loaded()
    expect(draft.status).toBe('created')
    expect(draft.state.documents.map((document) => document.documentId)).toEqual(['1'])
    expect(draft.state.roles.map((role) => [role.name, role.kind, role.extra?.email])).toEqual([
      ['Ana Ruiz', 'signers', 'ana@example.test'],
      ['Carl Copy', 'carbonCopies', 'carl@example.test'],
    ])
    expect(draft.state.roles.map((role) => draft.recipientIds[role.key])).toEqual(['7', '9'])
    expect(draft.state.fields).toHaveLength(1)
  })
})

describe('draftChanges', () => {
  it('finds nothing to save in the draft as loaded', () => {
    const draft = loaded()
    expect(draftChanges(draft, draft.state)).toEqual({
      corrections: {},
      added: {},
      removed: [],
      tabs: {},
      removedDocuments: [],
      addedDocuments: [],
      reordered: false,
    })
  })

  it('sends only the changed parts of the subject and message, and nothing else', () => {
    fc.assert(
      fc.property(
        fc.option(fc.string(), { nil: undefined }),
        fc.option(fc.string(), { nil: undefined }),
        (subject, blurb) => {
          const draft = loaded()
          const before = draft.state.settings
          const settings = {
            ...before,
            ...(subject === undefined ? {} : { emailSubject: subject }),
            ...(blurb === undefined ? {} : { emailBlurb: blurb }),
          }
          const changes = draftChanges(draft, { ...draft.state, settings })
          const expected = {
            ...(settings.emailSubject !== before.emailSubject ? { emailSubject: settings.emailSubject } : {}),
            ...(settings.emailBlurb !== before.emailBlurb ? { emailBlurb: settings.emailBlurb } : {}),
          }
          expect(changes.message).toEqual(Object.keys(expected).length ? expected : undefined)
          expect(changes.corrections).toEqual({})
          expect(changes.tabs).toEqual({})
        },
      ),
    )
  })

  it('corrects a renamed recipient (name and email) and nothing else', () => {
    const draft = loaded()
    const [ana, carl] = draft.state.roles
    const now: BuilderState = {
      ...draft.state,
      roles: [
        { ...ana!, name: 'Ana Ruiz Gómez' },
        { ...carl!, extra: { ...carl!.extra, email: 'c@example.test' } },
      ],
    }
    const changes = draftChanges(draft, now)
    expect(changes.corrections).toEqual({
      signers: [{ recipientId: '7', name: 'Ana Ruiz Gómez', email: 'ana@example.test' }],
      carbonCopies: [{ recipientId: '9', name: 'Carl Copy', email: 'c@example.test' }],
    })
    expect(changes.tabs).toEqual({})
  })

  it('creates a moved tab read without an id and removes the old one; removes dropped recipients and documents', () => {
    const draft = loaded()
    const [field] = draft.state.fields
    const now: BuilderState = {
      ...draft.state,
      documents: [],
      roles: draft.state.roles.slice(0, 1),
      fields: [{ ...field!, x: 200 }],
    }
    const changes = draftChanges(draft, now)
    expect(changes.removed).toEqual(['9'])
    expect(changes.removedDocuments).toEqual(['1'])
    expect(changes.tabs['7']?.create.signHereTabs?.[0]).toMatchObject({ xPosition: '200', recipientId: '7' })
    expect(changes.tabs['7']?.remove.signHereTabs?.[0]).toMatchObject({ xPosition: '72' })
  })

  it('notices documents put in another order, and not a removal', () => {
    const draft = loaded()
    const second = { documentId: '2', name: 'B.pdf', fileExtension: 'pdf' }
    const two = { ...draft, state: { ...draft.state, documents: [...draft.state.documents, second] } }
    const swapped = [second, ...draft.state.documents]
    expect(draftChanges(two, { ...two.state, documents: swapped }).reordered).toBe(true)
    expect(draftChanges(two, { ...two.state, documents: [second] }).reordered).toBe(false)
  })

  it('gives added recipients fresh ids above every id in the draft', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), (count) => {
        const draft = loaded()
        const added = Array.from({ length: count }, (_, index) => ({
          key: `new${index}`,
          name: `New ${index}`,
          routingOrder: 3,
          kind: 'signers' as const,
          extra: { email: `new${index}@example.test` },
        }))
        const changes = draftChanges(draft, { ...draft.state, roles: [...draft.state.roles, ...added] })
        const ids = (changes.added.signers ?? []).map((recipient) => Number(recipient.recipientId))
        expect(ids).toEqual(Array.from({ length: count }, (_, index) => 10 + index))
        expect(changes.corrections).toEqual({})
      }),
    )
  })
})

describe('returnUrlOf (the embedded view return)', () => {
  const search = `?returnUrl=${encodeURIComponent('https://crm.example.test/done?x=1')}`
  const cookie = `a=b; inkwell_view_return=${encodeURIComponent('https://crm.example.test/done?x=1')}`

  it('trusts the address only when the view URL put the same return URL in the cookie', () => {
    expect(returnUrlOf(search, cookie)).toBe('https://crm.example.test/done?x=1')
    expect(returnUrlOf(search, 'a=b')).toBeUndefined()
    expect(
      returnUrlOf(`?returnUrl=${encodeURIComponent('https://evil.example.test/')}`, cookie),
    ).toBeUndefined()
  })

  it('refuses a return URL that is not http(s), even from the cookie', () => {
    const script = 'javascript:alert(1)'
    expect(
      returnUrlOf(
        `?returnUrl=${encodeURIComponent(script)}`,
        `inkwell_view_return=${encodeURIComponent(script)}`,
      ),
    ).toBeUndefined()
  })

  it('adds the event and keeps the caller’s query', () => {
    expect(returnAddress('https://crm.example.test/done?x=1', 'Send')).toBe(
      'https://crm.example.test/done?x=1&event=Send',
    )
  })
})
