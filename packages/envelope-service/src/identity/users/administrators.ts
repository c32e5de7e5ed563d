import { InvalidRequestError } from 'platform'
import type { DbOrTx } from '../../database.js'
import { parsePermissions } from '../permissions.js'
import { listAccountMembers } from './repository.js'

/**
 * An account keeps at least one administrator: without one, nobody could invite users, change
 * permissions, manage Connect or integration keys again short of the operator's CLI. DocuSign refuses
 * the same change but documents no error code for it; this one is ours (docs/envelope-service-api.md).
 */
export const LAST_ADMINISTRATOR = 'LAST_ACCOUNT_ADMINISTRATOR'

/** Whether taking administration away from `losing` (or their membership) leaves the account none. */
export async function wouldLeaveNoAdministrator(
  db: DbOrTx,
  accountId: string,
  losing: readonly string[],
): Promise<boolean> {
  if (losing.length === 0) return false
  const leaving = new Set(losing)
  const members = await listAccountMembers(db, accountId)
  const administrators = members.filter((member) => parsePermissions(member.permissions).has('administer'))
  return administrators.length > 0 && administrators.every((member) => leaving.has(member.userId))
}

export function lastAdministratorError(): InvalidRequestError {
  return new InvalidRequestError(
    'This change would leave the account without an administrator: make another user an administrator first',
    { errorCode: LAST_ADMINISTRATOR },
  )
}

/** Refuses (400, LAST_ACCOUNT_ADMINISTRATOR) a change that would leave the account without an administrator. */
export async function keepAnAdministrator(
  db: DbOrTx,
  accountId: string,
  losing: readonly string[],
): Promise<void> {
  if (await wouldLeaveNoAdministrator(db, accountId, losing)) throw lastAdministratorError()
}
