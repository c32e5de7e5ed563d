import type { DbOrTx } from '../../database.js'
import type { AccountNotificationDefaults } from './rules.js'

/** SQL of the account's reminder and expiration defaults: one JSON document per account. */

export async function findNotificationDefaults(
  db: DbOrTx,
  accountId: string,
): Promise<AccountNotificationDefaults | undefined> {
  const row = await db
    .selectFrom('account_notification_defaults')
    .select('settings')
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  return row ? (JSON.parse(row.settings) as AccountNotificationDefaults) : undefined
}

export async function saveNotificationDefaults(
  db: DbOrTx,
  accountId: string,
  defaults: AccountNotificationDefaults,
  updatedAt: string,
): Promise<void> {
  const settings = JSON.stringify(defaults)
  await db
    .insertInto('account_notification_defaults')
    .values({ account_id: accountId, settings, updated_at: updatedAt })
    .onConflict((conflict) => conflict.column('account_id').doUpdateSet({ settings, updated_at: updatedAt }))
    .execute()
}
