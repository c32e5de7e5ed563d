import { Type } from '@sinclair/typebox'
import { type AllowedHosts, hostOfUrl, loopbackHosts, parseAllowedHosts } from 'platform'

/** The development mailbox's settings, composed into the service's configuration. */
export const MailboxConfig = Type.Object({
  /**
   * The Host values the development mailbox answers (comma-separated `name` or `name:port`, like the
   * console's CONSOLE_ALLOWED_HOSTS); by default the loopback names at PORT and HTTP_PORT and the hosts
   * of PUBLIC_URL and SIGNING_URL. Only the mailbox: the API answers whatever name its clients use.
   */
  MAILBOX_ALLOWED_HOSTS: Type.Optional(Type.String({ minLength: 1 })),
})

/**
 * Which Host values may read the mailbox. It lists every signing link, so a page on another site that
 * rebinds its own name to 127.0.0.1 must not be able to read it (DNS rebinding).
 */
export function mailboxAllowedHosts(config: {
  MAILBOX_ALLOWED_HOSTS?: string | undefined
  PORT: number
  HTTP_PORT?: number | undefined
  PUBLIC_URL?: string | undefined
  SIGNING_URL?: string | undefined
}): AllowedHosts {
  if (config.MAILBOX_ALLOWED_HOSTS) return parseAllowedHosts(config.MAILBOX_ALLOWED_HOSTS)
  const ports = config.HTTP_PORT === undefined ? [config.PORT] : [config.PORT, config.HTTP_PORT]
  const configured = [config.PUBLIC_URL, config.SIGNING_URL].filter((url) => url !== undefined).map(hostOfUrl)
  return parseAllowedHosts([...loopbackHosts(ports), ...configured].join(','))
}
