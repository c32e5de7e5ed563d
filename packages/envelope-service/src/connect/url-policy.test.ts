import { describe, expect, it } from 'vitest'
import { checkPublishUrl, isNonPublicAddress } from './url-policy.js'

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
  ]) {
    it(`refuses the non-public target ${url} unless allowed`, () => {
      expect(() => checkPublishUrl(url, false)).toThrow(/private, loopback or link-local/)
      expect(() => checkPublishUrl(url, true)).not.toThrow()
    })
  }

  it('classifies addresses', () => {
    expect(isNonPublicAddress('8.8.8.8')).toBe(false)
    expect(isNonPublicAddress('2001:4860:4860::8888')).toBe(false)
    expect(isNonPublicAddress('::ffff:8.8.8.8')).toBe(false)
    expect(isNonPublicAddress('172.32.0.1')).toBe(false)
    expect(isNonPublicAddress('172.31.255.255')).toBe(true)
    expect(isNonPublicAddress('224.0.0.1')).toBe(true)
    expect(isNonPublicAddress('example.com')).toBe(false)
  })
})
