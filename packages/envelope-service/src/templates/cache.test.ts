import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedPrincipal, startTestService, type TestPrincipal, type TestService } from '../testing/harness.js'
import { createTemplateCache } from './cache.js'
import type { Template } from './model.js'

const base = (accountId: string) => `/restapi/v2.1/accounts/${accountId}`

/** Template create, read, update and delete through the REST API of one service instance. */
function templateClient(service: TestService, who: TestPrincipal) {
  const url = (path = '') => `${base(who.accountId)}/templates${path}`
  return {
    async create(body: object): Promise<string> {
      const response = await service.app.inject({
        method: 'POST',
        url: url(),
        headers: who.headers,
        payload: body,
      })
      expect(response.statusCode, response.body).toBe(201)
      return response.json().templateId
    },
    get: (templateId: string) => service.app.inject({ url: url(`/${templateId}`), headers: who.headers }),
    async update(templateId: string, body: object) {
      const response = await service.app.inject({
        method: 'PUT',
        url: url(`/${templateId}`),
        headers: who.headers,
        payload: body,
      })
      expect(response.statusCode, response.body).toBe(200)
    },
    async remove(templateId: string) {
      const response = await service.app.inject({
        method: 'DELETE',
        url: url(`/${templateId}`),
        headers: who.headers,
      })
      expect(response.statusCode, response.body).toBe(200)
    },
    /** Asks for a draft envelope from the template. */
    createEnvelope: (templateId: string) =>
      service.app.inject({
        method: 'POST',
        url: `${base(who.accountId)}/envelopes`,
        headers: who.headers,
        payload: { templateId, templateRoles: [], status: 'created' },
      }),
    /** Creates a draft envelope from the template and returns its email subject as stored. */
    async envelopeSubject(templateId: string): Promise<string> {
      const created = await this.createEnvelope(templateId)
      expect(created.statusCode, created.body).toBe(201)
      const envelope = await service.app.inject({
        url: `${base(who.accountId)}/envelopes/${created.json().envelopeId}`,
        headers: who.headers,
      })
      expect(envelope.statusCode, envelope.body).toBe(200)
      return envelope.json().emailSubject
    },
  }
}

describeEachDatabase('template cache', (databases) => {
  for (const writers of ['single', 'many'] as const) {
    describe(`WRITERS=${writers}`, () => {
      let service: TestService
      let client: ReturnType<typeof templateClient>
      let outsider: ReturnType<typeof templateClient>

      beforeAll(async () => {
        service = await startTestService(await databases.freshUrl(), { WRITERS: writers })
        client = templateClient(service, await seedPrincipal(service.ctx))
        outsider = templateClient(service, await seedPrincipal(service.ctx))
      })
      afterAll(() => service.close())

      it('serves an update immediately, to reads and to envelopes created from the template', async () => {
        const id = await client.create({ name: 'Before', emailSubject: 'Subject before' })
        expect((await client.get(id)).json().name).toBe('Before')
        expect(await client.envelopeSubject(id)).toBe('Subject before')

        await client.update(id, { name: 'After', emailSubject: 'Subject after' })
        expect((await client.get(id)).json()).toMatchObject({ name: 'After', emailSubject: 'Subject after' })
        expect(await client.envelopeSubject(id)).toBe('Subject after')
      })

      it('forgets a deleted template immediately', async () => {
        const id = await client.create({ name: 'Doomed', emailSubject: 'Doomed subject' })
        expect((await client.get(id)).statusCode).toBe(200)
        expect(await client.envelopeSubject(id)).toBe('Doomed subject')

        await client.remove(id)
        expect((await client.get(id)).statusCode).toBe(404)
        const envelope = await client.createEnvelope(id)
        expect(envelope.statusCode).toBe(400)
        expect(envelope.json().message).toContain(`templateId "${id}" is not a template of this account`)
      })

      it(
        writers === 'single'
          ? 'serves a cached template without asking the database'
          : 'sees a change another writer made in the database',
        async () => {
          const id = await client.create({ name: 'Cached', emailSubject: 'Cached subject' })
          expect((await client.get(id)).json().name).toBe('Cached')
          await service.ctx.db
            .updateTable('templates')
            .set((eb) => ({ name: 'Written elsewhere', version: eb('version', '+', 1) }))
            .where('id', '=', id)
            .execute()
          expect((await client.get(id)).json().name).toBe(
            writers === 'single' ? 'Cached' : 'Written elsewhere',
          )
        },
      )

      it('does not show a cached template to another account', async () => {
        const id = await client.create({ name: 'Private', emailSubject: 'Mine' })
        expect((await client.get(id)).statusCode).toBe(200)
        expect((await outsider.get(id)).statusCode).toBe(404)
      })
    })
  }

  describe('WRITERS=many with two instances on one database', () => {
    let first: TestService
    let second: TestService
    let viaFirst: ReturnType<typeof templateClient>
    let viaSecond: ReturnType<typeof templateClient>

    beforeAll(async () => {
      const url = await databases.freshUrl()
      first = await startTestService(url, { WRITERS: 'many' })
      second = await startTestService(url, { WRITERS: 'many' })
      const who = await seedPrincipal(first.ctx)
      viaFirst = templateClient(first, who)
      viaSecond = templateClient(second, who)
    })
    afterAll(async () => {
      await second.close()
      await first.close()
    })

    it("sees the other instance's update and delete of a template it has cached", async () => {
      const id = await viaFirst.create({ name: 'Shared', emailSubject: 'Original' })
      expect((await viaFirst.get(id)).json().name).toBe('Shared')
      expect(await viaFirst.envelopeSubject(id)).toBe('Original')

      await viaSecond.update(id, { name: 'Changed elsewhere', emailSubject: 'Changed' })
      expect((await viaFirst.get(id)).json().name).toBe('Changed elsewhere')
      expect(await viaFirst.envelopeSubject(id)).toBe('Changed')

      await viaSecond.remove(id)
      expect((await viaFirst.get(id)).statusCode).toBe(404)
      expect((await viaFirst.createEnvelope(id)).statusCode).toBe(400)
    })
  })
})

describe('template cache: serialized bodies', () => {
  it('serializes a handed-out template once, and a replaced template anew, as UTF-8 bytes', () => {
    const cache = createTemplateCache('single')
    const first = Object.freeze({ templateId: 't' }) as unknown as Template
    const replaced = Object.freeze({ templateId: 't' }) as unknown as Template
    let serialized = 0
    const serialize = (label: string) => () => {
      serialized += 1
      return label
    }
    expect(cache.body(first, serialize('first')).toString()).toBe('first')
    expect(cache.body(first, serialize('again')).toString()).toBe('first')
    expect(cache.body(replaced, serialize('replaced')).toString()).toBe('replaced')
    expect(serialized).toBe(2)
  })
})
