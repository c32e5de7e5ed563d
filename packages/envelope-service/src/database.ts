import type { Insertable, Kysely, Transaction } from 'kysely'
import { insertRows as insertRowsUntyped, type JobTables } from 'platform'
import type { GroupTables } from './accounts/groups/tables.js'
import type { AccountSettingsTables } from './accounts/notification-defaults/tables.js'
import type { PermissionProfileTables } from './accounts/permission-profiles/tables.js'
import type { AuditTables } from './audit/tables.js'
import type { BrandTables } from './brands/tables.js'
import type { BulkSendTables } from './bulk-send/tables.js'
import type { ConnectDeliveryTables } from './connect/delivery/tables.js'
import type { ConnectTables } from './connect/tables.js'
import type { DevMailboxTables } from './devmailbox/tables.js'
import type { CompletionTables } from './documents/sealed/tables.js'
import type { AttachmentTables } from './envelope-api/attachments/tables.js'
import type { EnvelopeTables } from './envelopes/tables.js'
import type { UserAuthorizationTables } from './identity/authorizations/tables.js'
import type { IdentityTables } from './identity/tables.js'
import type { EditLockTables } from './locks/tables.js'
import type { OutboxTables } from './outbox/tables.js'
import type { RateLimitTables } from './ratelimit/tables.js'
import type { RecipientAuthTables } from './signing/auth/tables.js'
import type { DisclosureTables } from './signing/disclosure/tables.js'
import type { SigningTables } from './signing/records/tables.js'
import type { TemplateTables } from './templates/tables.js'

/** The whole schema: each domain contributes its tables. */
export interface Schema
  extends IdentityTables,
    TemplateTables,
    EnvelopeTables,
    ConnectTables,
    ConnectDeliveryTables,
    RateLimitTables,
    OutboxTables,
    SigningTables,
    RecipientAuthTables,
    DisclosureTables,
    DevMailboxTables,
    JobTables,
    AuditTables,
    CompletionTables,
    BulkSendTables,
    EditLockTables,
    AttachmentTables,
    AccountSettingsTables,
    UserAuthorizationTables,
    PermissionProfileTables,
    GroupTables,
    BrandTables {}

export type Db = Kysely<Schema>
/** Repositories accept either the database or an open transaction. */
export type DbOrTx = Kysely<Schema> | Transaction<Schema>

/**
 * Multi-row insert without Kysely's query builder (platform's `insertRows`), typed by this schema: for
 * the write paths whose per-call query building showed in the create benchmark.
 */
export function insertRows<Table extends keyof Schema & string>(
  db: DbOrTx,
  table: Table,
  rows: readonly Insertable<Schema[Table]>[],
): Promise<void> {
  return insertRowsUntyped(db, table, rows)
}
