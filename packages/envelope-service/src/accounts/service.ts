import { NotFoundError } from 'platform'
import type { DbOrTx } from '../database.js'
import { findAccount } from '../identity/repository.js'

/** `GET /accounts/{accountId}`: the account's basic information, in DocuSign's shape. */
export async function accountInformation(db: DbOrTx, accountId: string) {
  const account = await findAccount(db, accountId)
  if (!account) throw new NotFoundError(`Account ${accountId} not found`)
  return { accountIdGuid: account.id, accountName: account.name, createdDate: account.createdAt }
}
