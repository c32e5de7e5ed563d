import { CustomFields, CustomFieldsOutput, ErrorDetails } from 'esign-contract'
import type { App } from 'platform'
import type { ServiceContext } from '../../context.js'
import { EnvelopeParams } from '../../envelopes/schema.js'
import { requirePermission } from '../../rest/account-scope.js'
import { refuseUnsupportedInCustomFields, refusingUnsupported } from '../../rest/unsupported-properties.js'
import { planAdd, planDelete, planUpdate } from '../../templates/custom-fields/rules.js'
import { changeCustomFields } from './service.js'

const ErrorBody = ErrorDetails
const common = { tags: ['Envelopes'], security: [{ bearer: [] }], params: EnvelopeParams, body: CustomFields }
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody }
const scope = 'On a draft, sent or delivered envelope; all fields of the request change, or none. '

/** `POST`, `PUT`, `DELETE /envelopes/{envelopeId}/custom_fields` (rules.ts). */
export async function envelopeCustomFieldRoutes(app: App, ctx: ServiceContext) {
  const preHandler = requirePermission('send_envelopes')
  const preValidation = refusingUnsupported(refuseUnsupportedInCustomFields)

  app.post(
    '/envelopes/:envelopeId/custom_fields',
    {
      preHandler,
      preValidation,
      schema: {
        ...common,
        summary: 'Add custom fields to an envelope',
        description: `${scope}Names must be new to the envelope; the service assigns each field's \`fieldId\`.`,
        response: { 201: CustomFieldsOutput, ...errors },
      },
    },
    async (request, reply) => {
      const added = await changeCustomFields(ctx, request.principal, request.params.envelopeId, (existing) =>
        planAdd(existing, request.body),
      )
      return reply.code(201).send(added)
    },
  )

  app.put(
    '/envelopes/:envelopeId/custom_fields',
    {
      preHandler,
      preValidation,
      schema: {
        ...common,
        summary: 'Update custom fields of an envelope',
        description: `${scope}Each field is named by its \`fieldId\`; \`value\`, \`show\`, \`required\` and \`listItems\` left out stay as they are.`,
        response: { 200: CustomFieldsOutput, ...errors },
      },
    },
    async (request) =>
      changeCustomFields(ctx, request.principal, request.params.envelopeId, (existing) =>
        planUpdate(existing, request.body),
      ),
  )

  app.delete(
    '/envelopes/:envelopeId/custom_fields',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Delete custom fields of an envelope',
        description: `${scope}Each field is named by its \`fieldId\`; answers the deleted fields.`,
        response: { 200: CustomFieldsOutput, ...errors },
      },
    },
    async (request) =>
      changeCustomFields(ctx, request.principal, request.params.envelopeId, (existing) =>
        planDelete(existing, request.body),
      ),
  )
}
