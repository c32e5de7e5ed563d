import { readFileSync } from 'node:fs'
import { issueAccessToken } from '../../envelope-service/src/identity/tokens/service.js'
// The real envelope service, started in this process exactly as its own SDK test does.
import { freePort } from '../../envelope-service/src/testing/harness.js'
import {
  type HttpsDemoOptions,
  type HttpsDemoService,
  startHttpsDemoService,
} from '../../envelope-service/src/testing/https-demo.js'
import type { EsignClientOptions } from '../src/client/client.js'

/** The real envelope service listening over HTTPS (development CA) with the demo bootstrapped. */
export interface RealEnvelopeService extends HttpsDemoService {
  /** The named credential for `createEsignClient`, trusting the development CA. */
  clientOptions: EsignClientOptions
}

/**
 * Starts the envelope service on a database URL in this process, listening on 127.0.0.1 over HTTPS with a
 * fresh development CA (identity host and REST API alike), and runs the demo bootstrap, as `npm start` does.
 */
export async function startRealEnvelopeService(
  databaseUrl: string,
  options: HttpsDemoOptions = {},
): Promise<RealEnvelopeService> {
  const demo = await startHttpsDemoService(databaseUrl, options)
  const { credentials } = demo
  return {
    ...demo,
    clientOptions: {
      baseUrl: `${credentials.baseUri}/v2.1`,
      identityHost: credentials.authHost,
      integrationKey: credentials.integrationKey,
      userId: credentials.userId,
      privateKeyPem: credentials.privateKeyPem,
      accountId: credentials.accountId,
      ca: readFileSync(demo.caFile, 'utf8'),
    },
  }
}

/**
 * Sets a template's `messageLock` as an administrator would in the service's template builder (a REST
 * `PUT` as the demo user), which the client library has no call for.
 */
export async function setTemplateMessageLock(real: RealEnvelopeService, templateId: string, locked: boolean) {
  const { credentials, service } = real
  const { accessToken } = await issueAccessToken(
    service.ctx.db,
    { userId: credentials.userId, scopes: ['signature'], integrationKeyId: credentials.integrationKey },
    Date.now(),
    600,
  )
  const response = await service.app.inject({
    method: 'PUT',
    url: `/restapi/v2.1/accounts/${credentials.accountId}/templates/${encodeURIComponent(templateId)}`,
    headers: { authorization: `Bearer ${accessToken}` },
    payload: { messageLock: String(locked) },
  })
  if (response.statusCode !== 200) throw new Error(`locking the template: ${response.body}`)
}

export { freePort }
