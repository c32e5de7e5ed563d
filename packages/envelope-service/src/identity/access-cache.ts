/**
 * How long a process keeps using an access decision it read from the database: a verified access
 * token, a membership, an integration key's enabled flag. Withdrawing access (the CLI's
 * `remove-member`, `disable-integration-key`, `revoke-consent`, `revoke-tokens`) changes the database
 * at once, and every process sharing it refuses the withdrawn access within this time. Short enough to
 * be an acceptable revocation delay; long enough that a busy token costs one query per interval, not
 * one per request.
 */
export const ACCESS_CACHE_TTL_MS = 5_000
