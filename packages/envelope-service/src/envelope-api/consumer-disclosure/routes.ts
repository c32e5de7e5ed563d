import { Type } from '@sinclair/typebox'
import { ConsumerDisclosure, ErrorDetails } from 'esign-contract'
import type { App } from 'platform'
import type { ServiceContext } from '../../context.js'
import { RecipientParams } from '../lifecycle/schema.js'
import { accountConsumerDisclosure, recipientConsumerDisclosure } from './service.js'

const ErrorBody = ErrorDetails
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody }
const LangCode = Type.String({
  maxLength: 20,
  description:
    'A DocuSign signer language code (`en`, `es`, `es_MX`, `fr`, ...) or `browser` (the `Accept-Language` header). ' +
    'The text exists in English and Spanish; other codes answer English, and `languageCode` says which.',
})
const LangQuery = Type.Object({ langCode: Type.Optional(LangCode) })
const AccountParams = Type.Object({ accountId: Type.String() })
const described =
  'This service’s Electronic Record and Signature Disclosure (the text its signing page shows when an envelope ' +
  'asks for it with `useDisclosure`): `esignText` the disclosure as HTML, `esignAgreement` what the signer agrees to. ' +
  'Read only: the text is fixed, and the account never shows it unless an envelope asks.'

/**
 * `GET /consumer_disclosure[/{langCode}]` (AccountsApi `getConsumerDisclosureDefault`,
 * `getConsumerDisclosure`) and `GET /envelopes/{envelopeId}/recipients/{recipientId}/consumer_disclosure[/{langCode}]`
 * (EnvelopesApi, the same two). The path's `langCode` and the query's are the same choice; the path's wins.
 */
export async function consumerDisclosureRoutes(app: App, ctx: ServiceContext) {
  const account = {
    tags: ['Accounts'],
    security: [{ bearer: [] }],
    description: described,
    querystring: LangQuery,
    response: { 200: ConsumerDisclosure, ...errors },
  }
  const recipient = {
    ...account,
    tags: ['Envelopes'],
    description: `${described} For a recipient, it is what that recipient is shown: in their page’s language unless \`langCode\` says otherwise, speaking for the envelope’s sender.`,
  }
  const WithLang = Type.Object({ langCode: LangCode })

  app.get(
    '/consumer_disclosure',
    { schema: { ...account, summary: 'The account’s electronic record disclosure', params: AccountParams } },
    async (request) => accountConsumerDisclosure(ctx, request.principal.accountId, asked(request)),
  )
  app.get(
    '/consumer_disclosure/:langCode',
    {
      schema: {
        ...account,
        summary: 'The account’s electronic record disclosure in a language',
        params: Type.Composite([AccountParams, WithLang]),
      },
    },
    async (request) => accountConsumerDisclosure(ctx, request.principal.accountId, asked(request)),
  )
  app.get(
    '/envelopes/:envelopeId/recipients/:recipientId/consumer_disclosure',
    {
      schema: {
        ...recipient,
        summary: 'A recipient’s electronic record disclosure',
        params: RecipientParams,
      },
    },
    async (request) => recipientDisclosure(request),
  )
  app.get(
    '/envelopes/:envelopeId/recipients/:recipientId/consumer_disclosure/:langCode',
    {
      schema: {
        ...recipient,
        summary: 'A recipient’s electronic record disclosure in a language',
        params: Type.Composite([RecipientParams, WithLang]),
      },
    },
    async (request) => recipientDisclosure(request),
  )

  function recipientDisclosure(request: Request & { params: { envelopeId: string; recipientId: string } }) {
    const { envelopeId, recipientId } = request.params
    return recipientConsumerDisclosure(
      ctx,
      request.principal.accountId,
      envelopeId,
      recipientId,
      asked(request),
    )
  }
}

interface Request {
  principal: { accountId: string }
  params: { accountId: string; langCode?: string }
  query: { langCode?: string }
  headers: { 'accept-language'?: string }
}

/** The language asked for: the path's `langCode`, else the query's, and the caller's browser languages. */
function asked(request: Request) {
  return {
    langCode: request.params.langCode ?? request.query.langCode,
    acceptLanguage: request.headers['accept-language'],
  }
}
