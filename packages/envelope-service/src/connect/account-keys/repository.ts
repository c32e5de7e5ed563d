import type { DbOrTx } from '../../database.js'

/** SQL of the account's Connect keys. */

export interface AccountKey {
  keyId: string
  secret: string
  created: string
}

export async function insertAccountKey(db: DbOrTx, accountId: string, key: AccountKey): Promise<void> {
  await db
    .insertInto('connect_account_keys')
    .values({ account_id: accountId, key_id: key.keyId, secret: key.secret, created_at: key.created })
    .execute()
}

/** The account's keys, oldest first. */
export async function listAccountKeys(db: DbOrTx, accountId: string): Promise<AccountKey[]> {
  const rows = await db
    .selectFrom('connect_account_keys')
    .select(['key_id', 'secret', 'created_at'])
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('key_id')
    .execute()
  return rows.map((row) => ({ keyId: row.key_id, secret: row.secret, created: row.created_at }))
}

/** False when the account has no such key. */
export async function deleteAccountKey(db: DbOrTx, accountId: string, keyId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('connect_account_keys')
    .where('account_id', '=', accountId)
    .where('key_id', '=', keyId)
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
