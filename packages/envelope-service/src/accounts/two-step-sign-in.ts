import { Type } from '@sinclair/typebox'
import type { App } from 'platform'
import type { ServiceContext } from '../context.js'
import { confirmEnrollment, secondFactorStatus, startEnrollment } from '../identity/second-factor/service.js'
import { findSignInState } from '../identity/users/repository.js'
import { turnOffSecondStep } from '../identity/users/sign-in.js'
import { onlyThePersonInTheWebApp } from './web-app-only.js'

const Status = Type.Object({
  enabled: Type.Boolean(),
  required: Type.Boolean({
    description: 'An account of the user requires two-step sign-in, so it cannot be turned off',
  }),
  recoveryCodesLeft: Type.Optional(Type.Integer({ description: 'Recovery codes not used yet' })),
})
const Enrollment = Type.Object({
  secret: Type.String({ description: 'Base32, to type into the authenticator app by hand' }),
  otpauthUri: Type.String({ description: 'The otpauth:// address the QR code holds' }),
  qrCode: Type.String({ description: 'The QR code: an SVG image as a data: URL' }),
})
const CodeBody = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 32, description: 'A code from the app, or a recovery code' }),
})
const tags = ['Two-step sign-in (Inkwell extension)']
const security = [{ bearer: [] }]

/**
 * `/accounts/{accountId}/two_step_sign_in`: the calling user's two-step sign-in (identity/second-factor/),
 * from the web app only. An integration holding the user's token could otherwise turn it on with a
 * secret only it knows and lock the user out; so only the first-party app's tokens, never acting for
 * someone else, are served here.
 */
export async function twoStepSignInRoutes(app: App, ctx: ServiceContext) {
  await app.register(async (plugin) => {
    const scope = plugin as App
    scope.addHook('preHandler', onlyThePersonInTheWebApp('Two-step sign-in is managed'))

    scope.get(
      '/two_step_sign_in',
      {
        schema: {
          tags,
          summary: "Whether the calling user's sign-in asks for a code from an authenticator app",
          security,
          response: { 200: Status },
        },
      },
      async (request) => secondFactorStatus(ctx.db, request.principal.userId),
    )

    scope.post(
      '/two_step_sign_in',
      {
        schema: {
          tags,
          summary: 'Start turning two-step sign-in on: a new secret for the authenticator app',
          description:
            'Replaces a secret not confirmed yet; 409 SECOND_FACTOR_ENABLED when it is already on.',
          security,
          response: { 201: Enrollment },
        },
      },
      async (request, reply) => {
        const user = await findSignInState(ctx.db, request.principal.userId)
        const enrollment = await startEnrollment(
          ctx.db,
          { id: request.principal.userId, email: user?.email ?? request.principal.userId },
          ctx.now(),
        )
        return reply.code(201).send(enrollment)
      },
    )

    scope.post(
      '/two_step_sign_in/confirm',
      {
        schema: {
          tags,
          summary: 'Turn two-step sign-in on with a code the app shows; answers the recovery codes, once',
          security,
          body: CodeBody,
          response: {
            200: Type.Object({ enabled: Type.Literal(true), recoveryCodes: Type.Array(Type.String()) }),
          },
        },
      },
      async (request) => ({
        enabled: true as const,
        recoveryCodes: await confirmEnrollment(
          ctx.db,
          request.principal.userId,
          request.body.code,
          ctx.now(),
        ),
      }),
    )

    scope.post(
      '/two_step_sign_in/disable',
      {
        schema: {
          tags,
          summary: 'Turn two-step sign-in off with a code from the app or a recovery code',
          description:
            'A wrong code counts as a failed sign-in: five within 15 minutes lock the user for 15 minutes (429 TOO_MANY_SIGN_IN_ATTEMPTS). ' +
            'Refused with 409 SECOND_FACTOR_REQUIRED, before any code is checked, when an account of the user requires two-step sign-in.',
          security,
          body: CodeBody,
          response: { 200: Status },
        },
      },
      async (request) => {
        await turnOffSecondStep(ctx.db, request.principal.userId, request.body.code, ctx.now())
        return { enabled: false, required: false }
      },
    )
  })
}
