import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectInvalid, expectNoNulls, expectStringScalars } from '../testing/assertions.js'
import { connectConfigurationBody } from '../testing/connect-configuration.js'
import { seedPrincipal, startTestService, type TestPrincipal, type TestService } from '../testing/harness.js'

const base = (accountId: string) => `/restapi/v2.1/accounts/${accountId}`

const configurationBody = (overrides: Record<string, unknown> = {}) =>
  connectConfigurationBody('https://hooks.example.com/docusign', {
    name: 'CRM completion hook',
    events: ['envelope-completed', 'envelope-sent'],
    ...overrides,
  })

describeEachDatabase('Connect configurations API', (databases) => {
  let service: TestService
  let admin: TestPrincipal

  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl())
    admin = await seedPrincipal(service.ctx, { permissions: ['administer'] })
  })
  afterAll(() => service.close())

  const call = (who: TestPrincipal, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: object) =>
    service.app.inject({
      method,
      url: `${base(who.accountId)}${path}`,
      headers: who.headers,
      ...(body ? { payload: body } : {}),
    })
  /** GET /connect/{connectId}: DocuSign's one-item list, unwrapped. */
  const readOne = async (who: TestPrincipal, connectId: string) => {
    const response = await call(who, 'GET', `/connect/${connectId}`)
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json()
    expect(body.totalRecords).toBe('1')
    expect(body.configurations).toHaveLength(1)
    return body.configurations[0]
  }
  const create = async (who: TestPrincipal, overrides: Record<string, unknown> = {}) => {
    const response = await call(who, 'POST', '/connect', configurationBody(overrides))
    expect(response.statusCode, response.body).toBe(201)
    return response.json()
  }

  describe('POST /connect', () => {
    it('creates a configuration and reveals its generated HMAC secret once', async () => {
      const created = await create(admin)
      expectNoNulls(created)
      expectStringScalars(created)
      expect(created).toMatchObject({
        name: 'CRM completion hook',
        urlToPublishTo: 'https://hooks.example.com/docusign',
        events: ['envelope-completed', 'envelope-sent'],
        allUsers: 'true',
        includeHMAC: 'true',
        eventData: { version: 'restv2.1', format: 'json', includeData: ['custom_fields', 'recipients'] },
        enabled: 'true',
        configurationType: 'custom',
        deliveryMode: 'SIM',
      })
      expect(created.connectId).toMatch(/^[0-9]+$/)
      expect(created.hmacSecrets).toHaveLength(1)
      const [secret] = created.hmacSecrets
      expect(Buffer.from(secret.secret, 'base64')).toHaveLength(32)
      const read = await readOne(admin, created.connectId)
      expect(read.hmacSecrets).toEqual([{ keyId: secret.keyId, created: secret.created }])
      expect(JSON.stringify((await call(admin, 'GET', '/connect')).json())).not.toContain(secret.secret)
    })

    it('applies defaults for optional fields and generates no secret without includeHMAC', async () => {
      const created = await create(admin, {
        includeHMAC: undefined,
        allUsers: undefined,
        enabled: undefined,
        eventData: undefined,
        configurationType: undefined,
        deliveryMode: undefined,
      })
      expect(created).toMatchObject({
        includeHMAC: 'false',
        hmacSecrets: [],
        allUsers: 'true',
        enabled: 'true',
        eventData: { version: 'restv2.1', format: 'json', includeData: [] },
        configurationType: 'custom',
        deliveryMode: 'SIM',
      })
      expect(created.userIds).toBeUndefined()
    })

    it("accepts DocuSign's older envelopeEvents/recipientEvents body, as status objects or strings", async () => {
      const created = await create(admin, {
        events: undefined,
        envelopeEvents: [
          { envelopeEventStatusCode: 'sent', includeDocuments: 'false' },
          { envelopeEventStatusCode: 'Completed' },
          'Voided',
        ],
        recipientEvents: [{ recipientEventStatusCode: 'Completed' }, 'declined'],
      })
      expect(created.events).toEqual([
        'envelope-sent',
        'envelope-completed',
        'envelope-voided',
        'recipient-completed',
        'recipient-declined',
      ])
      expect((await readOne(admin, created.connectId)).events).toEqual(created.events)
    })

    it('joins events[] and the older lists without duplicates', async () => {
      const created = await create(admin, {
        events: ['envelope-sent'],
        envelopeEvents: [{ envelopeEventStatusCode: 'Sent' }, { envelopeEventStatusCode: 'Delivered' }],
      })
      expect(created.events).toEqual(['envelope-sent', 'envelope-delivered'])
    })

    it('returns 400 naming an older status it does not support, and without any events', async () => {
      expectInvalid(
        await call(
          admin,
          'POST',
          '/connect',
          configurationBody({
            events: undefined,
            recipientEvents: [
              { recipientEventStatusCode: 'Sent' },
              { recipientEventStatusCode: 'AutoResponded' },
            ],
          }),
        ),
        'recipientEvents[1].recipientEventStatusCode "AutoResponded" is not a supported status; supported: Sent, Delivered, Completed, Declined',
      )
      expectInvalid(
        await call(
          admin,
          'POST',
          '/connect',
          configurationBody({ events: undefined, envelopeEvents: ['Signed'] }),
        ),
        /^envelopeEvents\[0\] "Signed" is not a supported status/,
      )
      expectInvalid(
        await call(admin, 'POST', '/connect', configurationBody({ events: undefined })),
        'events is required (or the older envelopeEvents / recipientEvents)',
      )
      expectInvalid(
        await call(admin, 'POST', '/connect', configurationBody({ envelopeEvents: [{ status: 'sent' }] })),
        /^envelopeEvents\[0\]/,
      )
    })

    it('removes duplicate events', async () => {
      const created = await create(admin, { events: ['envelope-sent', 'envelope-sent'] })
      expect(created.events).toEqual(['envelope-sent'])
    })

    it('returns 400 for an unknown event, naming it', async () => {
      expectInvalid(
        await call(admin, 'POST', '/connect', configurationBody({ events: ['envelope-exploded'] })),
        /^events\[0\] must be one of: envelope-created/,
      )
    })

    it('returns 400 for no events, missing URL or name, and flags that are not true or false', async () => {
      expectInvalid(
        await call(admin, 'POST', '/connect', configurationBody({ events: [] })),
        'events must have at least one item',
      )
      expectInvalid(
        await call(admin, 'POST', '/connect', configurationBody({ urlToPublishTo: undefined })),
        'urlToPublishTo is required',
      )
      expectInvalid(
        await call(admin, 'POST', '/connect', configurationBody({ name: undefined })),
        'name is required',
      )
      expectInvalid(
        await call(admin, 'POST', '/connect', configurationBody({ includeHMAC: 1 })),
        /^includeHMAC must be/,
      )
      expectInvalid(
        await call(admin, 'POST', '/connect', configurationBody({ enabled: 'yes' })),
        /^enabled must be one of/,
      )
      expectInvalid(
        await call(admin, 'POST', '/connect', configurationBody({ eventData: { format: 'xml' } })),
        /^eventData.format must be one of: json/,
      )
      expectInvalid(
        await call(
          admin,
          'POST',
          '/connect',
          configurationBody({ eventData: { includeData: ['everything'] } }),
        ),
        /^eventData.includeData\[0\] must be one of/,
      )
      expectInvalid(
        await call(admin, 'POST', '/connect', configurationBody({ deliveryMode: 'aggregate' })),
        /^deliveryMode/,
      )
    })

    for (const url of ['ftp://example.com/x', 'example.com/x', 'https://user:pw@example.com/']) {
      it(`returns 400 for the URL ${url}`, async () => {
        expectInvalid(
          await call(admin, 'POST', '/connect', configurationBody({ urlToPublishTo: url })),
          /^urlToPublishTo must/,
        )
      })
    }

    for (const url of [
      'http://127.0.0.1:9000/hook',
      'http://localhost/hook',
      'http://169.254.169.254/',
      'http://[::1]/',
      'http://[64:ff9b::169.254.169.254]/',
      'http://[::ffff:0:10.0.0.1]/',
      'http://[2002:a00:1::]/',
      'http://[::192.168.1.1]/',
    ]) {
      it(`refuses the private target ${url} by default`, async () => {
        expectInvalid(
          await call(admin, 'POST', '/connect', configurationBody({ urlToPublishTo: url })),
          /urlToPublishTo points to a private, loopback or link-local address/,
        )
      })
    }

    it('refuses a single-label host name such as http://metadata/', async () => {
      expectInvalid(
        await call(
          admin,
          'POST',
          '/connect',
          configurationBody({ urlToPublishTo: 'http://metadata/computeMetadata/v1/' }),
        ),
        /^urlToPublishTo must name a fully qualified host/,
      )
    })

    it('requires userIds of members when allUsers is "false"', async () => {
      expectInvalid(
        await call(admin, 'POST', '/connect', configurationBody({ allUsers: 'false' })),
        'userIds is required when allUsers is "false"',
      )
      const stranger = await seedPrincipal(service.ctx)
      expectInvalid(
        await call(
          admin,
          'POST',
          '/connect',
          configurationBody({ allUsers: 'false', userIds: [stranger.userId] }),
        ),
        `userIds: ${stranger.userId} is not a member of this account`,
      )
      const created = await create(admin, { allUsers: 'false', userIds: [admin.userId] })
      expect(created).toMatchObject({ allUsers: 'false', userIds: [admin.userId] })
    })

    it('returns 403 without the administer permission', async () => {
      const member = await seedPrincipal(service.ctx, {
        accountId: admin.accountId,
        permissions: ['manage_templates', 'send_envelopes'],
      })
      const response = await call(member, 'POST', '/connect', configurationBody())
      expect(response.statusCode).toBe(403)
      expect(response.json().errorCode).toBe('USER_LACKS_PERMISSIONS')
      for (const [method, path] of [
        ['GET', '/connect'],
        ['GET', '/connect/1'],
        ['DELETE', '/connect/1'],
        ['POST', '/connect/1/hmacSecrets'],
      ] as const) {
        expect((await call(member, method, path)).statusCode).toBe(403)
      }
      expect(
        (await call(member, 'PUT', '/connect', { connectId: '1', ...configurationBody() })).statusCode,
      ).toBe(403)
    })
  })

  describe('GET /connect', () => {
    it("lists the account's configurations with totalRecords, and only them", async () => {
      const owner = await seedPrincipal(service.ctx, { permissions: ['administer'] })
      const other = await seedPrincipal(service.ctx, { permissions: ['administer'] })
      const first = await create(owner, { name: 'first' })
      const second = await create(owner, { name: 'second' })
      await create(other, { name: 'elsewhere' })
      const body = (await call(owner, 'GET', '/connect')).json()
      expectNoNulls(body)
      expect(body.totalRecords).toBe('2')
      expect(body.configurations.map((c: { connectId: string }) => c.connectId)).toEqual([
        first.connectId,
        second.connectId,
      ])
    })

    it('returns an empty list for an account without configurations', async () => {
      const lonely = await seedPrincipal(service.ctx, { permissions: ['administer'] })
      expect((await call(lonely, 'GET', '/connect')).json()).toEqual({
        configurations: [],
        totalRecords: '0',
      })
    })
  })

  describe('GET /connect/{connectId}', () => {
    it('returns {configurations: [the configuration], totalRecords: "1"} like DocuSign', async () => {
      const created = await create(admin, { name: 'single read' })
      const response = await call(admin, 'GET', `/connect/${created.connectId}`)
      expect(response.statusCode).toBe(200)
      const { hmacSecrets, ...settings } = created
      expect(response.json()).toEqual({
        configurations: [
          {
            ...settings,
            hmacSecrets: hmacSecrets.map((secret: { keyId: string; created: string }) => ({
              keyId: secret.keyId,
              created: secret.created,
            })),
          },
        ],
        totalRecords: '1',
      })
      expectNoNulls(response.json())
    })

    it('returns 404 for unknown, non-numeric and other-account ids', async () => {
      const other = await seedPrincipal(service.ctx, { permissions: ['administer'] })
      const theirs = await create(other)
      for (const id of ['999999', 'abc', theirs.connectId]) {
        const response = await call(admin, 'GET', `/connect/${id}`)
        expect(response.statusCode).toBe(404)
        expect(response.json().errorCode).toBe('RESOURCE_NOT_FOUND')
      }
    })
  })

  describe('PUT /connect', () => {
    it('replaces the settings of the configuration named in the body', async () => {
      const created = await create(admin, { includeHMAC: 'false' })
      const response = await call(admin, 'PUT', '/connect', {
        connectId: created.connectId,
        ...configurationBody({
          name: 'renamed',
          urlToPublishTo: 'https://other.example.com/in',
          events: ['envelope-voided'],
          includeHMAC: 'false',
          enabled: 'false',
          eventData: { includeData: ['documents'] },
        }),
      })
      expect(response.statusCode, response.body).toBe(200)
      const read = await readOne(admin, created.connectId)
      expect(read).toMatchObject({
        connectId: created.connectId,
        name: 'renamed',
        urlToPublishTo: 'https://other.example.com/in',
        events: ['envelope-voided'],
        enabled: 'false',
        eventData: { includeData: ['documents'] },
        created: created.created,
      })
    })

    it('generates a secret (shown once) when includeHMAC is turned on without secrets', async () => {
      const created = await create(admin, { includeHMAC: 'false' })
      const response = await call(admin, 'PUT', '/connect', {
        connectId: created.connectId,
        ...configurationBody(),
      })
      expect(response.json().hmacSecrets).toHaveLength(1)
      // 32 random bytes in base64, as DocuSign's Connect keys.
      expect(response.json().hmacSecrets[0].secret).toMatch(/^[A-Za-z0-9+/]{43}=$/)
      const again = await call(admin, 'PUT', '/connect', {
        connectId: created.connectId,
        ...configurationBody(),
      })
      expect(again.json().hmacSecrets).toHaveLength(1)
      expect(again.json().hmacSecrets[0].secret).toBeUndefined()
    })

    it('returns 404 for an unknown or foreign connectId and 400 without one', async () => {
      const other = await seedPrincipal(service.ctx, { permissions: ['administer'] })
      const theirs = await create(other)
      for (const connectId of ['424242', theirs.connectId]) {
        expect((await call(admin, 'PUT', '/connect', { connectId, ...configurationBody() })).statusCode).toBe(
          404,
        )
      }
      expect((await readOne(other, theirs.connectId)).name).toBe('CRM completion hook')
      expectInvalid(await call(admin, 'PUT', '/connect', configurationBody()), 'connectId is required')
    })

    it('validates the URL like create', async () => {
      const created = await create(admin)
      expectInvalid(
        await call(admin, 'PUT', '/connect', {
          connectId: created.connectId,
          ...configurationBody({ urlToPublishTo: 'http://10.1.2.3/' }),
        }),
        /private, loopback or link-local/,
      )
    })
  })

  describe('DELETE /connect/{connectId}', () => {
    it('deletes the configuration and its secrets', async () => {
      const created = await create(admin)
      const response = await call(admin, 'DELETE', `/connect/${created.connectId}`)
      expect(response.statusCode).toBe(200)
      expect(response.body).toBe('')
      expect((await call(admin, 'GET', `/connect/${created.connectId}`)).statusCode).toBe(404)
      expect((await call(admin, 'DELETE', `/connect/${created.connectId}`)).statusCode).toBe(404)
      const secrets = await service.ctx.db
        .selectFrom('connect_hmac_secrets')
        .select('id')
        .where('configuration_id', '=', Number(created.connectId))
        .execute()
      expect(secrets).toEqual([])
    })

    it("returns 404 for another account's configuration and leaves it alone", async () => {
      const other = await seedPrincipal(service.ctx, { permissions: ['administer'] })
      const theirs = await create(other)
      expect((await call(admin, 'DELETE', `/connect/${theirs.connectId}`)).statusCode).toBe(404)
      expect((await call(other, 'GET', `/connect/${theirs.connectId}`)).statusCode).toBe(200)
    })
  })

  describe('HMAC secret rotation', () => {
    it('adds secrets (each shown once), up to five, and deletes them but never the last one', async () => {
      const created = await create(admin)
      const firstKey = created.hmacSecrets[0].keyId
      const added = await call(admin, 'POST', `/connect/${created.connectId}/hmacSecrets`)
      expect(added.statusCode).toBe(201)
      expect(Buffer.from(added.json().secret, 'base64')).toHaveLength(32)
      expect(added.json().secret).not.toBe(created.hmacSecrets[0].secret)
      for (let i = 0; i < 3; i++) {
        expect((await call(admin, 'POST', `/connect/${created.connectId}/hmacSecrets`)).statusCode).toBe(201)
      }
      expectInvalid(
        await call(admin, 'POST', `/connect/${created.connectId}/hmacSecrets`),
        /already has 5 HMAC secrets/,
      )
      const listed = (await readOne(admin, created.connectId)).hmacSecrets
      expect(listed).toHaveLength(5)
      for (const secret of listed.slice(1)) {
        const response = await call(
          admin,
          'DELETE',
          `/connect/${created.connectId}/hmacSecrets/${secret.keyId}`,
        )
        expect(response.statusCode).toBe(200)
      }
      expectInvalid(
        await call(admin, 'DELETE', `/connect/${created.connectId}/hmacSecrets/${firstKey}`),
        /last HMAC secret/,
      )
      const unknown = await call(admin, 'DELETE', `/connect/${created.connectId}/hmacSecrets/999999`)
      expect(unknown.statusCode).toBe(404)
    })

    it("cannot touch another account's secrets", async () => {
      const other = await seedPrincipal(service.ctx, { permissions: ['administer'] })
      const theirs = await create(other)
      expect((await call(admin, 'POST', `/connect/${theirs.connectId}/hmacSecrets`)).statusCode).toBe(404)
      const keyId = theirs.hmacSecrets[0].keyId
      expect(
        (await call(admin, 'DELETE', `/connect/${theirs.connectId}/hmacSecrets/${keyId}`)).statusCode,
      ).toBe(404)
    })
  })
})

describeEachDatabase('Connect configurations with private URLs allowed', (databases) => {
  let service: TestService
  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl(), { CONNECT_ALLOW_PRIVATE_URLS: 'true' })
  })
  afterAll(() => service.close())

  it('accepts loopback targets when the operator allows them', async () => {
    const admin = await seedPrincipal(service.ctx, { permissions: ['administer'] })
    const response = await service.app.inject({
      method: 'POST',
      url: `${base(admin.accountId)}/connect`,
      headers: admin.headers,
      payload: configurationBody({ urlToPublishTo: 'http://127.0.0.1:9000/hook' }),
    })
    expect(response.statusCode).toBe(201)
    expect(response.json().urlToPublishTo).toBe('http://127.0.0.1:9000/hook')
  })
})

describeEachDatabase('Connect enabled flag aliases', (databases) => {
  let service: TestService
  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl())
  })
  afterAll(() => service.close())

  it('reads allowEnvelopePublish when enabled is absent and returns both', async () => {
    const admin = await seedPrincipal(service.ctx, { permissions: ['administer'] })
    const post = (body: Record<string, unknown>) =>
      service.app.inject({
        method: 'POST',
        url: `${base(admin.accountId)}/connect`,
        headers: admin.headers,
        payload: configurationBody(body),
      })
    const paused = (await post({ enabled: undefined, allowEnvelopePublish: 'false' })).json()
    expect(paused).toMatchObject({ enabled: 'false', allowEnvelopePublish: 'false' })
    const explicit = (await post({ enabled: 'true', allowEnvelopePublish: 'false' })).json()
    expect(explicit).toMatchObject({ enabled: 'true', allowEnvelopePublish: 'true' })
  })
})
