import { InvalidRequestError } from 'platform'
import type { DbOrTx } from '../../database.js'
import { parsePermissions } from '../permissions.js'
import { type AccountMember, listAccountMembers } from './repository.js'

/**
 * An account keeps at least one administrator: without one, nobody could invite users, change
 * permissions, manage Connect or integration keys again short of the operator's CLI. DocuSign refuses
 * the same change but documents no error code for it; this one is ours (docs/envelope-service-api.md).
 */
export const LAST_ADMINISTRATOR = 'LAST_ACCOUNT_ADMINISTRATOR'

export const LAST_ADMINISTRATOR_MESSAGE =
  'This change would leave the account without an administrator: make another user an administrator first'

/** The user ids of the members who administer the account. */
export const administratorIds = (members: Iterable<AccountMember>): Set<string> =>
  new Set([...members].filter((m) => parsePermissions(m.permissions).has('administer')).map((m) => m.userId))

/**
 * Whether taking administration away from `losing` (or their membership) leaves none of
 * `administrators`. An account that has none already (made so by the operator) is not refused.
 */
export function leavesNoAdministrator(
  administrators: ReadonlySet<string>,
  losing: readonly string[],
): boolean {
  if (losing.length === 0 || administrators.size === 0) return false
  const leaving = new Set(losing)
  for (const userId of administrators) if (!leaving.has(userId)) return false
  return true
}

/** Refuses (400, LAST_ACCOUNT_ADMINISTRATOR) a change that would leave the account without an administrator. */
export async function keepAnAdministrator(
  db: DbOrTx,
  accountId: string,
  losing: readonly string[],
): Promise<void> {
  if (losing.length === 0) return
  if (leavesNoAdministrator(administratorIds(await listAccountMembers(db, accountId)), losing)) {
    throw new InvalidRequestError(LAST_ADMINISTRATOR_MESSAGE, { errorCode: LAST_ADMINISTRATOR })
  }
}
