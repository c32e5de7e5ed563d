import type { lookup as dnsLookup, LookupAddress } from 'node:dns'
import { describe, expect, it } from 'vitest'
import {
  assertPublicAddresses,
  checkPublishUrl,
  isNonPublicAddress,
  NonPublicAddressError,
  publicAddressLookup,
} from './url-policy.js'

describe('Connect URL policy', () => {
  it('accepts public http and https URLs and normalizes them', () => {
    expect(checkPublishUrl('https://hooks.example.com/docusign?x=1', false)).toBe(
      'https://hooks.example.com/docusign?x=1',
    )
    expect(checkPublishUrl('HTTP://Example.COM', false)).toBe('http://example.com/')
    expect(checkPublishUrl('https://93.184.216.34:8443/in', false)).toBe('https://93.184.216.34:8443/in')
    expect(checkPublishUrl('https://[2606:4700::1111]/in', false)).toBe('https://[2606:4700::1111]/in')
  })

  for (const url of [
    'ftp://example.com/',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'not a url',
    '/relative',
  ]) {
    it(`refuses ${url}`, () => {
      expect(() => checkPublishUrl(url, true)).toThrow(/urlToPublishTo must/)
    })
  }

  it('refuses credentials and fragments', () => {
    expect(() => checkPublishUrl('https://user:pw@example.com/', true)).toThrow(
      'must not contain credentials',
    )
    expect(() => checkPublishUrl('https://example.com/#x', true)).toThrow('must not contain a fragment')
  })

  for (const url of [
    'http://127.0.0.1/',
    'http://127.1.2.3:8080/',
    'http://localhost:3000/hook',
    'http://api.localhost/',
    'http://printer.local/',
    'http://10.0.0.5/',
    'http://172.16.3.4/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://[::1]/',
    'http://[fe80::1]/',
    'http://[fd00::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://2130706433/',
    'http://0x7f.0.0.1/',
    'http://017700000001/',
    'http://[::127.0.0.1]/',
    'http://[::ffff:0:10.1.2.3]/',
    'http://[64:ff9b::169.254.169.254]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://[2002:c0a8:0101::1]/',
    'http://[2002:7f00:1::]/',
    'http://[::ffff:192.168.0.1]/',
    'http://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/',
  ]) {
    it(`refuses the non-public target ${url} unless allowed`, () => {
      expect(() => checkPublishUrl(url, false)).toThrow(/private, loopback or link-local/)
      expect(() => checkPublishUrl(url, true)).not.toThrow()
    })
  }

  for (const url of [
    'http://metadata/',
    'http://metadata./computeMetadata/v1/',
    'https://intranet:8443/hook',
  ]) {
    it(`refuses the single-label host name ${url} unless private targets are allowed`, () => {
      expect(() => checkPublishUrl(url, false)).toThrow(/urlToPublishTo must name a fully qualified host/)
      expect(() => checkPublishUrl(url, true)).not.toThrow()
    })
  }

  it('accepts IPv6 transition forms that embed a public IPv4 address', () => {
    for (const url of [
      'http://[::ffff:8.8.8.8]/',
      'http://[64:ff9b::8.8.8.8]/',
      'http://[2002:808:808::1]/',
      'http://[::ffff:0:8.8.4.4]/',
    ]) {
      expect(() => checkPublishUrl(url, false), url).not.toThrow()
    }
  })

  it('classifies addresses', () => {
    expect(isNonPublicAddress('8.8.8.8')).toBe(false)
    expect(isNonPublicAddress('2001:4860:4860::8888')).toBe(false)
    expect(isNonPublicAddress('::ffff:8.8.8.8')).toBe(false)
    expect(isNonPublicAddress('172.32.0.1')).toBe(false)
    expect(isNonPublicAddress('172.31.255.255')).toBe(true)
    expect(isNonPublicAddress('224.0.0.1')).toBe(true)
    expect(isNonPublicAddress('example.com')).toBe(false)
    expect(isNonPublicAddress('::ffff:10.0.0.1')).toBe(true)
    expect(isNonPublicAddress('::ffff:0:127.0.0.1')).toBe(true)
    expect(isNonPublicAddress('64:ff9b::192.168.1.1')).toBe(true)
    expect(isNonPublicAddress('64:ff9b::93.184.216.34')).toBe(false)
    expect(isNonPublicAddress('2002:a9fe:a9fe::')).toBe(true)
    expect(isNonPublicAddress('2002:5db8:d822::')).toBe(false)
    expect(isNonPublicAddress('fe80::1%eth0')).toBe(true)
    expect(isNonPublicAddress('2606:4700::1111')).toBe(false)
  })
})

describe('delivery-time address check', () => {
  it('passes when every resolved address is public', () => {
    expect(() => assertPublicAddresses(['93.184.216.34', '2606:2800:220:1::'])).not.toThrow()
  })

  it('refuses a list with any non-public address, naming it', () => {
    expect(() => assertPublicAddresses(['93.184.216.34', '::ffff:127.0.0.1'])).toThrow(
      new NonPublicAddressError('::ffff:127.0.0.1'),
    )
    expect(() => assertPublicAddresses(['10.1.1.1'])).toThrow(/resolves to 10\.1\.1\.1/)
  })

  it('refuses an empty list', () => {
    expect(() => assertPublicAddresses([])).toThrow(NonPublicAddressError)
  })

  const fakeResolver = (addresses: LookupAddress[]) =>
    ((_hostname: string, _options: unknown, callback: (error: null, addresses: LookupAddress[]) => void) =>
      callback(null, addresses)) as unknown as typeof dnsLookup
  const lookupOnce = (addresses: LookupAddress[], all: boolean) =>
    new Promise<{ error: Error | null; result: unknown; family?: number }>((resolve) => {
      publicAddressLookup(fakeResolver(addresses))('hooks.example.com', { all }, (error, result, family) =>
        resolve({ error, result, ...(family !== undefined ? { family } : {}) }),
      )
    })

  it('lookup hands public addresses to the socket, one or all as asked', async () => {
    const addresses = [
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::', family: 6 },
    ]
    expect(await lookupOnce(addresses, false)).toEqual({ error: null, result: '93.184.216.34', family: 4 })
    expect(await lookupOnce(addresses, true)).toEqual({ error: null, result: addresses })
  })

  it('lookup fails the connection when a name resolves to a private address (DNS rebinding)', async () => {
    const { error } = await lookupOnce(
      [
        { address: '93.184.216.34', family: 4 },
        { address: '169.254.169.254', family: 4 },
      ],
      false,
    )
    expect(error).toBeInstanceOf(NonPublicAddressError)
    expect((error as NonPublicAddressError).address).toBe('169.254.169.254')
  })
})
