import { Type } from '@sinclair/typebox'
import { ConsumerDisclosure, ConsumerDisclosureUpdate, ErrorDetails } from 'esign-contract'
import type { App } from 'platform'
import type { ServiceContext } from '../../context.js'
import { requirePermission } from '../../rest/account-scope.js'
import { RecipientParams } from '../lifecycle/schema.js'
import {
  accountConsumerDisclosure,
  recipientConsumerDisclosure,
  updateAccountConsumerDisclosure,
} from './service.js'

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
  'asks for it with `useDisclosure`): `esignText` the disclosure as HTML, `esignAgreement` what the signer agrees to, ' +
  'with the contact details the account added (`PUT /consumer_disclosure/{langCode}`). Envelopes that do not say ' +
  'follow the account’s `useConsumerDisclosureWithinAccount`.'

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
  app.put(
    '/consumer_disclosure/:langCode',
    {
      preHandler: requirePermission('administer'),
      schema: {
        tags: ['Accounts'],
        security: [{ bearer: [] }],
        summary:
          'Add the account’s contact details to its electronic record disclosure, or give its own text',
        description:
          'For administrators. Sets what the account adds to the disclosure in one language (`en`, `en_GB`: English; ' +
          '`es`, `es_MX`: Spanish; the text exists in these two): `companyName`, how signers change their contact ' +
          'details (`changeEmail`, `companyPhone`, `changeEmailOther`), ask for paper copies (`copyRequestEmail`, ' +
          '`copyCostPerPage`, `copyFeeCollectionMethod`) and withdraw their consent besides declining to sign ' +
          '(`withdrawByEmail` with `withdrawEmail`, `withdrawByPhone` with `withdrawPhone`, `withdrawByMail` with ' +
          'the `withdrawAddress...` fields, `withdrawConsequences`, `withdrawOther`). Properties left out keep their ' +
          'value; an empty text removes one. `useConsumerDisclosureWithinAccount` (`true`/`false`) is one setting for ' +
          'the account, whichever `langCode`: shown on every envelope that does not say (`useDisclosure`). ' +
          '`custom: "true"` with `esignText` (HTML: formatting and https, http, mailto and tel links only; anything ' +
          'else is a 400 naming it) replaces this service’s text in that language with the account’s own; ' +
          '`custom: "false"` goes back to it. The other properties (`esignAgreement` among them) may be sent back as ' +
          'a read answers them, not changed. Answers the disclosure as it now reads. ' +
          'Envelopes whose signers have not agreed yet show the new details.',
        params: Type.Composite([AccountParams, WithLang]),
        body: ConsumerDisclosureUpdate,
        response: { 200: ConsumerDisclosure, ...errors },
      },
    },
    async (request) =>
      updateAccountConsumerDisclosure(ctx, request.principal, request.params.langCode, request.body),
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
