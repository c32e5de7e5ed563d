import { Type } from '@sinclair/typebox'
import type { App } from 'platform'
import type { ServiceContext } from '../context.js'
import { accountInformation } from './service.js'

const AccountInformation = Type.Object({
  accountIdGuid: Type.String(),
  accountName: Type.String(),
  createdDate: Type.String(),
})

/** `GET /accounts/{accountId}`: the account's basic information (DocuSign Accounts::get, subset). */
export async function accountInfoRoutes(app: App, ctx: ServiceContext) {
  app.get(
    '/',
    {
      schema: {
        tags: ['Accounts'],
        summary: 'Get account information',
        security: [{ bearer: [] }],
        response: { 200: AccountInformation },
      },
    },
    async (request) => accountInformation(ctx.db, request.principal.accountId),
  )
}
