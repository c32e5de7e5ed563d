import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { sendCompositeEnvelope } from '../src/actions/send-composite-envelope.js'
import { findCaseByNumber, listCaseEnvelopes } from '../src/cases/repository.js'
import { createEsignClient, type EsignClient } from '../src/client/client.js'
import { buildConsoleApp } from '../src/console/app.js'
import { loadConsoleConfig } from '../src/console/config.js'
import { CONNECT_LISTENER_PATH } from '../src/listener/routes.js'
import { freePort, type RealEnvelopeService, startRealEnvelopeService } from './real-envelope-service.js'

// Connect delivery lives in the envelope service; without it nothing would ever reach the listener.
const deliveryExists = existsSync(
  fileURLToPath(new URL('../../envelope-service/src/connect/delivery/jobs.ts', import.meta.url)),
)

/** A 1×1 PNG, the adopted signature. */
const SIGNATURE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

interface SigningTab {
  tabId: string
  type: string
  required: boolean
  locked: boolean
  listItems?: { value: string }[]
  radios?: { value: string }[]
}

/** What a signer enters: every required, editable tab filled. */
function valuesFor(tabs: SigningTab[]): Record<string, string> {
  const values: Record<string, string> = {}
  for (const tab of tabs) {
    if (tab.locked) continue
    if (tab.type === 'signHere' || tab.type === 'initialHere') values[tab.tabId] = 'signed'
    else if (!tab.required) continue
    else if (tab.type === 'checkbox') values[tab.tabId] = 'true'
    else if (tab.type === 'list') values[tab.tabId] = tab.listItems?.[0]?.value ?? ''
    else if (tab.type === 'radioGroup') values[tab.tabId] = tab.radios?.[0]?.value ?? ''
    else values[tab.tabId] = 'Filled by the test'
  }
  return values
}

describeEachDatabase(
  'completion: sign from the development mailbox, Connect marks the case completed',
  (databases) => {
    let real: RealEnvelopeService
    let console_: Awaited<ReturnType<typeof buildConsoleApp>>
    let esign: EsignClient

    beforeAll(async () => {
      // The console's port is chosen first: the bootstrap's Connect configuration publishes to it.
      const consolePort = await freePort()
      real = await startRealEnvelopeService(await databases.freshUrl(), {
        env: { DEV_MAILBOX: 'true', CONNECT_ALLOW_PRIVATE_URLS: 'true' },
        webhookUrl: `http://127.0.0.1:${consolePort}${CONNECT_LISTENER_PATH}`,
      })
      const config = loadConsoleConfig({
        DATA_DIR: real.directory,
        DATABASE_URL: await databases.freshUrl(),
        PORT: String(consolePort),
        DEMO_CREDENTIALS_FILE: real.credentialsFile,
        ESIGN_CA_FILE: real.caFile,
        CONNECT_HMAC_SECRET: real.credentials.webhook?.secret ?? '',
      })
      console_ = await buildConsoleApp(config, { logLevel: false })
      await console_.app.listen({ port: consolePort, host: '127.0.0.1' })
      esign = createEsignClient(real.clientOptions)
    }, 120_000)

    afterAll(async () => {
      await console_?.app.close()
      await real?.close()
    })

    // With the service's own host: the mailbox answers only the hosts it knows (MAILBOX_ALLOWED_HOSTS).
    const inject = (url: string, token?: string, payload?: object) =>
      real.service.app.inject({
        method: payload ? 'POST' : 'GET',
        url,
        headers: {
          host: new URL(real.service.ctx.publicUrl).host,
          ...(token ? { 'x-signing-token': token } : {}),
        },
        ...(payload ? { payload } : {}),
      })

    /** Signs with every signing link in the mailbox not used yet; returns how many were signed. */
    async function signFromMailbox(used: Set<string>): Promise<number> {
      const mailbox = await inject('/dev/mailbox/messages')
      expect(mailbox.statusCode).toBe(200)
      let signed = 0
      for (const [, token] of mailbox.body.matchAll(/signing\/#([A-Za-z0-9_-]+)/g)) {
        if (!token || used.has(token)) continue
        used.add(token)
        const session = await inject('/signing/api/session', token)
        if (session.statusCode !== 200 || session.json().state !== 'ready') continue
        const finish = await inject('/signing/api/finish', token, {
          signature: SIGNATURE_PNG,
          initials: SIGNATURE_PNG,
          values: valuesFor(session.json().tabs as SigningTab[]),
        })
        expect(finish.statusCode, finish.body).toBeLessThan(300)
        signed += 1
      }
      return signed
    }

    const cases = [
      { title: 'by email', caseNumber: '00001001', recipientSmsPhone: undefined },
      {
        title: 'recipient 1 by SMS (placeholder email)',
        caseNumber: '00001002',
        recipientSmsPhone: '+573001234567',
      },
    ]
    it.skipIf(!deliveryExists).each(cases)(
      'sends $title, both recipients sign from their links, the case records completed with its time',
      async ({ caseNumber, recipientSmsPhone }) => {
        const store = console_.store
        const record = await findCaseByNumber(store.db, caseNumber)
        const caseId = record?.id as string
        const { envelopeId } = await sendCompositeEnvelope(
          { cases: store, esign },
          {
            caseId,
            templateIds: [real.credentials.templates[0]?.templateId as string],
            subjectText: 'Completion test',
            ...(recipientSmsPhone ? { recipientSmsPhone } : {}),
          },
        )
        expect(await listCaseEnvelopes(store.db, caseId)).toMatchObject([{ envelopeId, status: 'sent' }])

        // Recipients are routed in order: each signature releases the next invitation.
        const used = new Set<string>()
        let signatures = 0
        const deadline = Date.now() + 30_000
        let recorded = await listCaseEnvelopes(store.db, caseId)
        while (Date.now() < deadline && recorded[0]?.status !== 'completed') {
          signatures += await signFromMailbox(used)
          await new Promise((resolve) => setTimeout(resolve, 250))
          recorded = await listCaseEnvelopes(store.db, caseId)
        }
        expect(signatures).toBe(2)
        const envelope = await esign.getJson(`/envelopes/${envelopeId}`)
        expect(envelope.status).toBe('completed')
        expect(recorded).toHaveLength(1)
        expect(recorded[0]).toMatchObject({ envelopeId, status: 'completed' })
        // The completion time is the service's, carried by the Connect delivery: completing is the envelope's
        // last status change (the REST envelope has no completedDateTime yet).
        expect(recorded[0]?.completedAt).toBeTruthy()
        expect(Date.parse(String(recorded[0]?.completedAt))).toBe(
          Date.parse(String(envelope.statusChangedDateTime)),
        )
      },
      60_000,
    )
  },
)
