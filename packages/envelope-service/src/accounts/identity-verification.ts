import { Type } from '@sinclair/typebox'
import { AccountIdentityVerificationResponse, type AccountIdentityVerificationWorkflow } from 'esign-contract'
import { type App, StringEnum } from 'platform'
import type { ServiceContext } from '../context.js'
import { PHONE_AUTH_WORKFLOW_ID } from '../envelopes/recipient-authentication.js'

/**
 * The one identity-verification workflow this service runs: phone authentication by a six-digit code
 * texted through the SMS provider (see signing/auth-service.ts). Its id is DocuSign's, so client code
 * written against DocuSign's demo account works unchanged.
 */
const PHONE_AUTHENTICATION: AccountIdentityVerificationWorkflow = {
  workflowId: PHONE_AUTH_WORKFLOW_ID,
  workflowLabel: 'Phone Authentication',
  defaultName: 'Phone Authentication',
  defaultDescription: 'The recipient enters a one-time code texted to a phone number the sender gives.',
  workflowResourceKey: 'phone_authentication',
  ownerType: 'account',
  isDisabled: 'false',
  displayOrder: '1',
  steps: [{ name: 'Phone Authentication', type: 'PHONE_AUTHENTICATION' }],
  inputOptions: [{ optionName: 'phone_number_list', valueType: 'PhoneNumberList', isRequired: true }],
}

/** `GET /accounts/{accountId}/identity_verification` (DocuSign IdentityVerifications::list). */
export async function identityVerificationRoutes(app: App, _ctx: ServiceContext) {
  app.get(
    '/identity_verification',
    {
      schema: {
        tags: ['Accounts'],
        summary: 'List identity verification workflows',
        description:
          'The workflows a recipient `identityVerification.workflowId` may name. Only phone authentication ' +
          '(an SMS one-time code) is offered; it is always active.',
        security: [{ bearer: [] }],
        querystring: Type.Object({
          identity_verification_workflow_status: Type.Optional(StringEnum(['active', 'deactivated', 'all'])),
        }),
        response: { 200: AccountIdentityVerificationResponse },
      },
    },
    async (request) => ({
      identityVerification:
        request.query.identity_verification_workflow_status === 'deactivated' ? [] : [PHONE_AUTHENTICATION],
    }),
  )
}
