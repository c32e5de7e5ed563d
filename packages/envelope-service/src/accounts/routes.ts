import { Type } from '@sinclair/typebox'
import { type App, NotFoundError } from 'platform'
import type { ServiceContext } from '../context.js'

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
    async (request) => {
      const account = await ctx.db
        .selectFrom('accounts')
        .select(['id', 'name', 'created_at'])
        .where('id', '=', request.principal.accountId)
        .executeTakeFirst()
      if (!account) throw new NotFoundError(`Account ${request.principal.accountId} not found`)
      return { accountIdGuid: account.id, accountName: account.name, createdDate: account.created_at }
    },
  )
}
