import type { ConnectIncludeData } from 'esign-contract'
import type { Selectable, Transaction } from 'kysely'
import type { DbOrTx, Schema } from '../database.js'
import type { ConnectConfiguration, ConnectEvent, ConnectSettings, HmacSecret } from './model.js'
import type { ConnectConfigurationsTable, ConnectHmacSecretsTable } from './tables.js'

type ConfigurationRow = Selectable<ConnectConfigurationsTable>
type SecretRow = Selectable<ConnectHmacSecretsTable>

function inTransaction<T>(db: DbOrTx, work: (tx: Transaction<Schema>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Schema>) : db.transaction().execute(work)
}

const toSecret = (row: SecretRow): HmacSecret => ({
  keyId: String(row.id),
  secret: row.secret,
  created: row.created_at,
})

function toConfiguration(row: ConfigurationRow, secrets: HmacSecret[]): ConnectConfiguration {
  return {
    connectId: String(row.id),
    accountId: row.account_id,
    name: row.name,
    urlToPublishTo: row.url_to_publish_to,
    events: JSON.parse(row.events) as ConnectEvent[],
    allUsers: row.all_users === 1,
    userIds: JSON.parse(row.user_ids) as string[],
    includeHMAC: row.include_hmac === 1,
    hmacSecrets: secrets,
    eventData: {
      version: row.event_data_version,
      format: 'json',
      includeData: JSON.parse(row.include_data) as ConnectIncludeData[],
    },
    enabled: row.enabled === 1,
    configurationType: 'custom',
    deliveryMode: 'SIM',
    createdByUserId: row.created_by,
    created: row.created_at,
    lastModified: row.updated_at,
  }
}

function settingsColumns(settings: ConnectSettings) {
  return {
    name: settings.name,
    url_to_publish_to: settings.urlToPublishTo,
    events: JSON.stringify(settings.events),
    all_users: settings.allUsers ? 1 : 0,
    user_ids: JSON.stringify(settings.userIds),
    include_hmac: settings.includeHMAC ? 1 : 0,
    event_data_version: settings.eventData.version,
    event_data_format: settings.eventData.format,
    include_data: JSON.stringify(settings.eventData.includeData),
    enabled: settings.enabled ? 1 : 0,
    configuration_type: settings.configurationType,
    delivery_mode: settings.deliveryMode,
  }
}

/** A configuration id from a path or body: digits only, else it cannot exist. */
const parseId = (connectId: string) => (/^[0-9]{1,15}$/.test(connectId) ? Number(connectId) : undefined)

async function withSecrets(db: DbOrTx, rows: ConfigurationRow[]): Promise<ConnectConfiguration[]> {
  if (rows.length === 0) return []
  const secrets = await db
    .selectFrom('connect_hmac_secrets')
    .selectAll()
    .where(
      'configuration_id',
      'in',
      rows.map((row) => Number(row.id)),
    )
    .orderBy('id')
    .execute()
  return rows.map((row) =>
    toConfiguration(
      row,
      secrets.filter((secret) => Number(secret.configuration_id) === Number(row.id)).map(toSecret),
    ),
  )
}

/** Inserts a configuration and its first secrets; returns it with them. */
export async function insertConfiguration(
  db: DbOrTx,
  accountId: string,
  createdBy: string,
  settings: ConnectSettings,
  secrets: string[],
  now: string,
): Promise<ConnectConfiguration> {
  return inTransaction(db, async (tx) => {
    const row = await tx
      .insertInto('connect_configurations')
      .values({
        account_id: accountId,
        created_by: createdBy,
        created_at: now,
        updated_at: now,
        ...settingsColumns(settings),
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    return toConfiguration(row, await insertSecrets(tx, Number(row.id), secrets, now))
  })
}

async function insertSecrets(db: DbOrTx, configurationId: number, secrets: string[], now: string) {
  if (secrets.length === 0) return []
  const rows = await db
    .insertInto('connect_hmac_secrets')
    .values(secrets.map((secret) => ({ configuration_id: configurationId, secret, created_at: now })))
    .returningAll()
    .execute()
  return rows.map(toSecret)
}

/** One configuration of the account, with its secrets. */
export async function findConfiguration(
  db: DbOrTx,
  accountId: string,
  connectId: string,
): Promise<ConnectConfiguration | undefined> {
  const id = parseId(connectId)
  if (id === undefined) return undefined
  const row = await db
    .selectFrom('connect_configurations')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst()
  return row ? (await withSecrets(db, [row]))[0] : undefined
}

/** Every configuration of the account, oldest first. */
export async function listConfigurations(db: DbOrTx, accountId: string): Promise<ConnectConfiguration[]> {
  const rows = await db
    .selectFrom('connect_configurations')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('id')
    .execute()
  return withSecrets(db, rows)
}

/**
 * Replaces a configuration's settings, adding `newSecrets`. Returns the result, or undefined when the
 * configuration does not exist in the account.
 */
export async function replaceConfiguration(
  db: DbOrTx,
  accountId: string,
  connectId: string,
  settings: ConnectSettings,
  newSecrets: string[],
  now: string,
): Promise<{ configuration: ConnectConfiguration; created: HmacSecret[] } | undefined> {
  const id = parseId(connectId)
  if (id === undefined) return undefined
  return inTransaction(db, async (tx) => {
    const row = await tx
      .updateTable('connect_configurations')
      .set({ ...settingsColumns(settings), updated_at: now })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst()
    if (!row) return undefined
    const created = await insertSecrets(tx, id, newSecrets, now)
    const [configuration] = await withSecrets(tx, [row])
    return { configuration: configuration as ConnectConfiguration, created }
  })
}

/** Deletes a configuration of the account with its secrets; false when there was none. */
export async function deleteConfiguration(
  db: DbOrTx,
  accountId: string,
  connectId: string,
): Promise<boolean> {
  const id = parseId(connectId)
  if (id === undefined) return false
  const deleted = await db
    .deleteFrom('connect_configurations')
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst()
  return deleted !== undefined
}

/** Adds one secret to a configuration of the account. */
export async function addSecret(
  db: DbOrTx,
  configurationId: string,
  secret: string,
  now: string,
): Promise<HmacSecret> {
  const [created] = await insertSecrets(db, Number(configurationId), [secret], now)
  return created as HmacSecret
}

/** Removes one secret of a configuration; false when it had no such secret. */
export async function deleteSecret(db: DbOrTx, configurationId: string, keyId: string): Promise<boolean> {
  const id = parseId(keyId)
  if (id === undefined) return false
  const deleted = await db
    .deleteFrom('connect_hmac_secrets')
    .where('configuration_id', '=', Number(configurationId))
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst()
  return deleted !== undefined
}

/** Which of `userIds` are members of the account. */
export async function findMemberIds(db: DbOrTx, accountId: string, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set()
  const rows = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('account_id', '=', accountId)
    .where('user_id', 'in', userIds)
    .execute()
  return new Set(rows.map((row) => row.user_id))
}
