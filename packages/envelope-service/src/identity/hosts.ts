/** The bare `host[:port]` of an origin, the form the SDK puts in `aud` and prefixes with `https://`. */
export const bareHost = (origin: string) => new URL(origin).host.toLowerCase()

/** JWT audiences the token endpoint accepts: the public origin's host plus any configured extras. */
export function identityHosts(publicUrl: string, extraHosts: string | undefined): Set<string> {
  const extras = (extraHosts ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean)
  return new Set([bareHost(publicUrl), ...extras])
}
