import { ACCESS_CACHE_TTL_MS } from '../identity/access-cache.js'
import { issueOperatorToken } from '../identity/operator-tokens.js'
import { findUserByEmail } from '../identity/repository.js'
import {
  disableIntegrationKey,
  enableIntegrationKey,
  removeMember,
  resetSecondFactor,
  revokeConsent,
  revokeTokens,
} from '../identity/revocation.js'
import { DEMO_USER } from './bootstrap.js'
import { type Command, type CommandEnvironment, required, UsageError } from './command.js'

const WITHIN = `${ACCESS_CACHE_TTL_MS / 1000} seconds`

const optional = (value: string | boolean | undefined) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined

/** The bootstrap's demo user, for commands whose --user defaults to it. */
async function demoUserId(env: CommandEnvironment, command: string): Promise<string> {
  const user = await findUserByEmail(await env.db(), DEMO_USER.email)
  if (!user) throw new UsageError('--user is required (there is no demo user: run bootstrap first)', command)
  return user.id
}

/** Commands that withdraw access, and `token`, which issues it to a person for curl and the API explorer. */
export const accessCommands: Record<string, Command> = {
  'remove-member': {
    usage: 'remove-member --account <accountId> --user <userId>',
    summary: `End a membership; running services refuse the user within ${WITHIN}`,
    options: { account: { type: 'string' }, user: { type: 'string' } },
    async run(values, env) {
      const accountId = required(values, 'account', 'remove-member')
      const userId = required(values, 'user', 'remove-member')
      return removeMember(await env.db(), { accountId, userId })
    },
  },
  'disable-integration-key': {
    usage: 'disable-integration-key --integration-key <id>',
    summary: `Stop token grants for an integration key and revoke its tokens (within ${WITHIN})`,
    options: { 'integration-key': { type: 'string' } },
    async run(values, env) {
      const id = required(values, 'integration-key', 'disable-integration-key')
      const disabled = await disableIntegrationKey(await env.db(), id)
      return {
        integrationKey: disabled.integrationKeyId,
        enabled: false,
        revokedTokens: disabled.revokedTokens,
      }
    },
  },
  'enable-integration-key': {
    usage: 'enable-integration-key --integration-key <id>',
    summary: 'Allow token grants for a disabled integration key again',
    options: { 'integration-key': { type: 'string' } },
    async run(values, env) {
      const id = required(values, 'integration-key', 'enable-integration-key')
      const enabled = await enableIntegrationKey(await env.db(), id)
      return { integrationKey: enabled.integrationKeyId, enabled: true }
    },
  },
  'revoke-consent': {
    usage: 'revoke-consent --user <userId> --integration-key <id>',
    summary: "Withdraw a user's consent to an integration key and revoke the tokens issued on it",
    options: { user: { type: 'string' }, 'integration-key': { type: 'string' } },
    async run(values, env) {
      const userId = required(values, 'user', 'revoke-consent')
      const integrationKeyId = required(values, 'integration-key', 'revoke-consent')
      const revoked = await revokeConsent(await env.db(), { userId, integrationKeyId })
      return { userId, integrationKey: integrationKeyId, revokedTokens: revoked.revokedTokens }
    },
  },
  'revoke-tokens': {
    usage: 'revoke-tokens --user <userId> [--integration-key <id>]',
    summary: "Revoke a user's access tokens (all, or those of one integration key)",
    options: { user: { type: 'string' }, 'integration-key': { type: 'string' } },
    async run(values, env) {
      const userId = required(values, 'user', 'revoke-tokens')
      const integrationKeyId = optional(values['integration-key'])
      return revokeTokens(await env.db(), { userId, ...(integrationKeyId ? { integrationKeyId } : {}) })
    },
  },
  'reset-two-step-sign-in': {
    usage: 'reset-two-step-sign-in --user <userId>',
    summary:
      "Turn a user's two-step sign-in off (lost phone and recovery codes); the password alone signs in next",
    options: { user: { type: 'string' } },
    async run(values, env) {
      const userId = required(values, 'user', 'reset-two-step-sign-in')
      return resetSecondFactor(await env.db(), userId)
    },
  },
  token: {
    usage: 'token [--user <userId>] [--account <accountId>]',
    summary: 'Issue a one-hour access token for curl or the API explorer (default: the demo user)',
    options: { user: { type: 'string' }, account: { type: 'string' } },
    async run(values, env) {
      const userId = optional(values.user) ?? (await demoUserId(env, 'token'))
      const accountId = optional(values.account)
      const token = await issueOperatorToken(
        await env.db(),
        { userId, ...(accountId ? { accountId } : {}) },
        env.now(),
      )
      return {
        access_token: token.accessToken,
        expires_in: token.expiresIn,
        accountId: token.accountId,
        baseUri: `${env.publicUrl}/restapi`,
      }
    },
  },
}
