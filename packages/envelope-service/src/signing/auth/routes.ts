import type { App } from 'platform'
import type { ServiceContext } from '../../context.js'
import { clientOf, Headers } from '../request.js'
import { SIGNING_TOKEN_HEADER } from '../schema.js'
import {
  AccessCodeRequest,
  AUTH_TOKEN_HEADER,
  AuthOutcome,
  AuthStatus,
  SendSmsCodeRequest,
  SmsCodeRequest,
  SmsCodeSent,
} from './schema.js'
import { authStatus, sendSmsCode, verifyAccessCode, verifySmsCode } from './service.js'

/** Recipient authentication on the signing page, under /signing/api/auth (see auth-service.ts). */
export async function authRoutes(app: App, ctx: ServiceContext) {
  app.get(
    '/signing/api/auth',
    { schema: { hide: true, headers: Headers, response: { 200: AuthStatus } } },
    async (request) =>
      authStatus(ctx, request.headers[SIGNING_TOKEN_HEADER], request.headers[AUTH_TOKEN_HEADER]),
  )

  app.post(
    '/signing/api/auth/access-code',
    { schema: { hide: true, headers: Headers, body: AccessCodeRequest, response: { 200: AuthOutcome } } },
    async (request) =>
      verifyAccessCode(
        ctx,
        request.headers[SIGNING_TOKEN_HEADER],
        request.body.accessCode,
        request.headers[AUTH_TOKEN_HEADER],
        clientOf(request),
      ),
  )

  app.post(
    '/signing/api/auth/sms/send',
    { schema: { hide: true, headers: Headers, body: SendSmsCodeRequest, response: { 200: SmsCodeSent } } },
    async (request) =>
      sendSmsCode(
        ctx,
        request.headers[SIGNING_TOKEN_HEADER],
        request.body.phoneIndex ?? 0,
        clientOf(request),
      ),
  )

  app.post(
    '/signing/api/auth/sms/verify',
    { schema: { hide: true, headers: Headers, body: SmsCodeRequest, response: { 200: AuthOutcome } } },
    async (request) =>
      verifySmsCode(
        ctx,
        request.headers[SIGNING_TOKEN_HEADER],
        request.body.code,
        request.headers[AUTH_TOKEN_HEADER],
        clientOf(request),
      ),
  )
}
