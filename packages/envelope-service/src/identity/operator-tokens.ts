import { InvalidRequestError, NotFoundError } from 'platform'
import type { Db } from '../database.js'
import { findUser, listUserAccounts } from './repository.js'
import { issueAccessToken, OPERATOR_ISSUER } from './tokens/service.js'

/** What an operator-issued token carries: the scopes a JWT grant gives every user token. */
const OPERATOR_SCOPES = ['signature', 'impersonation']

/**
 * Issues an access token for a user directly, without a JWT grant, so a person can call the API with
 * curl or the API explorer (admin CLI `token`). The account must be one the user belongs to (default:
 * the user's default account); the token works like a granted one, for an hour.
 */
export async function issueOperatorToken(
  db: Db,
  input: { userId: string; accountId?: string },
  now = Date.now(),
): Promise<{ accessToken: string; expiresIn: number; accountId: string }> {
  if (!(await findUser(db, input.userId))) throw new NotFoundError(`User ${input.userId} not found`)
  const accounts = await listUserAccounts(db, input.userId)
  const account =
    input.accountId === undefined
      ? accounts[0]
      : accounts.find((candidate) => candidate.accountId === input.accountId)
  if (!account) {
    throw new InvalidRequestError(
      input.accountId === undefined
        ? `User ${input.userId} is not a member of any account`
        : `User ${input.userId} is not a member of account ${input.accountId}`,
    )
  }
  const token = await issueAccessToken(
    db,
    { userId: input.userId, integrationKeyId: OPERATOR_ISSUER, scopes: OPERATOR_SCOPES },
    now,
  )
  return { ...token, accountId: account.accountId }
}
