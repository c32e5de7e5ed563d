import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hostOfUrl, isAllowedHost, loopbackHosts, parseAllowedHosts } from './allowed-hosts.js'

describe('a Host allow-list', () => {
  const allowed = parseAllowedHosts(
    ` ${loopbackHosts([8080]).join(', ')}, Inkwell.Example ,${hostOfUrl('https://sign.example')}`,
  )

  it('allows the loopback names at the given port, and names listed without a port at any port', () => {
    for (const host of [
      'localhost:8080',
      '127.0.0.1:8080',
      '[::1]:8080',
      'LOCALHOST:8080',
      'inkwell.example:1234',
      'inkwell.example',
      'sign.example:443',
    ]) {
      expect(isAllowedHost(allowed, host), host).toBe(true)
    }
  })

  it('refuses other names, other ports, a missing Host and look-alikes', () => {
    for (const host of [
      undefined,
      '',
      'evil.example',
      'localhost:8081',
      'localhost',
      '127.0.0.1',
      'localhost:8080.evil.example',
      'sign.example:8443',
      '[::1]',
      'inkwell.example.evil:80',
    ]) {
      expect(isAllowedHost(allowed, host), String(host)).toBe(false)
    }
  })

  it('allows exactly the listed host:port entries, in any letter case', () => {
    const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,20}(\.[a-z][a-z0-9-]{0,10}){0,2}$/)
    fc.assert(
      fc.property(
        fc.uniqueArray(name, { minLength: 1, maxLength: 5 }),
        name,
        fc.integer({ min: 1, max: 65535 }),
        (names, other, port) => {
          const list = parseAllowedHosts(names.map((entry) => `${entry}:${port}`).join(','))
          for (const entry of names) expect(isAllowedHost(list, `${entry.toUpperCase()}:${port}`)).toBe(true)
          expect(isAllowedHost(list, `${other}:${port}`)).toBe(names.includes(other))
          expect(isAllowedHost(list, `${names[0]}:${port === 1 ? 2 : port - 1}`)).toBe(false)
        },
      ),
    )
  })
})
