import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { describeEachDatabase } from 'platform/testing'
import { chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../testing/harness.js'
import { mailboxWriter } from './service.js'

/** A GET over real HTTP with the Host header a browser would send for `host`. */
function getWithHost(port: number, path: string, host: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      request({ host: '127.0.0.1', port, path, headers: { host } }, (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          body += chunk
        })
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        )
      })
        .on('error', reject)
        .end()
    },
  )
}

describeEachDatabase('the development mailbox', (databases) => {
  describe('with the default allow-list', () => {
    let service: TestService
    let port: number
    beforeAll(async () => {
      service = await startTestService(await databases.freshUrl(), { DEV_MAILBOX: 'true', HTTP_PORT: '8080' })
      await mailboxWriter(service.ctx.db)({
        channel: 'email',
        to: 'ana@example.test',
        subject: 'Please sign',
        text: 'Sign here: https://localhost:8443/signing/abc',
        capturedAt: new Date().toISOString(),
      })
      await service.app.listen({ port: 0, host: '127.0.0.1' })
      port = (service.app.server.address() as AddressInfo).port
    })
    afterAll(() => service.close())

    it('answers the loopback names at its ports and the host of PUBLIC_URL, never framed', async () => {
      for (const host of ['127.0.0.1:8080', 'localhost:8080', '[::1]:8080', 'localhost:8443']) {
        const page = await getWithHost(port, '/dev/mailbox', host)
        expect(page.status, host).toBe(200)
        expect(page.body).toContain('https://localhost:8443/signing/abc')
        expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/)
        expect(page.headers['content-security-policy']).not.toMatch(/unsafe-inline/)
        expect(page.headers['x-frame-options']).toBe('DENY')
      }
    })

    it('refuses any other Host, the page and its JSON alike, without a signing link', async () => {
      for (const host of ['evil.example', 'evil.example:8080', '127.0.0.1:9999', 'localhost']) {
        for (const path of ['/dev/mailbox', '/dev/mailbox/messages']) {
          const refused = await getWithHost(port, path, host)
          expect(refused.status, `${host}${path}`).toBe(403)
          expect(refused.body).not.toContain('/signing/')
        }
      }
    })

    it('links the signing links, shows times as a time element and never reloads itself', async () => {
      const page = await getWithHost(port, '/dev/mailbox', '127.0.0.1:8080')
      expect(page.body).toContain(
        '<a href="https://localhost:8443/signing/abc">https://localhost:8443/signing/abc</a>',
      )
      expect(page.body).toMatch(
        /<time datetime="\d{4}-\d\d-\d\dT[^"]+Z">\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC<\/time>/,
      )
      expect(page.body).not.toContain('http-equiv="refresh"')
      const count = await getWithHost(port, '/dev/mailbox/count', '127.0.0.1:8080')
      expect(JSON.parse(count.body)).toEqual({ total: 1 })
      const none = await getWithHost(port, '/dev/mailbox/count?to=nobody%40example.test', '127.0.0.1:8080')
      expect(JSON.parse(none.body)).toEqual({ total: 0 })
      expect((await getWithHost(port, '/dev/mailbox/count', 'evil.example')).status).toBe(403)
    })

    it('leaves the API to any Host', async () => {
      expect((await getWithHost(port, '/healthz', 'evil.example')).status).toBe(200)
    })
  })

  describe('with MAILBOX_ALLOWED_HOSTS', () => {
    let service: TestService
    let port: number
    beforeAll(async () => {
      service = await startTestService(await databases.freshUrl(), {
        DEV_MAILBOX: 'true',
        MAILBOX_ALLOWED_HOSTS: 'mail.test, 127.0.0.1',
      })
      await mailboxWriter(service.ctx.db)({
        channel: 'sms',
        to: '+15555550100',
        text: 'Please sign: https://localhost:8443/signing/abc',
        capturedAt: new Date().toISOString(),
      })
      await service.app.listen({ port: 0, host: '127.0.0.1' })
      port = (service.app.server.address() as AddressInfo).port
    })
    afterAll(() => service.close())

    it('answers only the names it lists', async () => {
      expect((await getWithHost(port, '/dev/mailbox', 'mail.test:1234')).status).toBe(200)
      expect((await getWithHost(port, '/dev/mailbox', `127.0.0.1:${port}`)).status).toBe(200)
      expect((await getWithHost(port, '/dev/mailbox', 'localhost:8443')).status).toBe(403)
    })

    it('shows its styles under its policy in a browser', async () => {
      const browser = await chromium.launch({
        executablePath: '/usr/bin/chromium',
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--no-first-run',
        ],
      })
      try {
        const page = await browser.newPage()
        const violations: string[] = []
        page.on('console', (message) => {
          if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
        })
        await page.goto(`http://127.0.0.1:${port}/dev/mailbox`)
        await page.getByText('Please sign').waitFor()
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: 700 })
          await page.screenshot({ path: `${tmpdir()}/mailbox-${width}.png` })
        }
        // On a phone the long signing link wraps instead of running off the page.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
        expect(await page.locator('.channel').evaluate((element) => getComputedStyle(element).color)).toBe(
          'rgb(255, 255, 255)',
        )
        // An SMS card is headed by its channel once, not "SMS SMS"; its time is shown in local time.
        expect(await page.locator('article header').first().innerText()).toBe('SMS')
        expect(await page.locator('time').first().innerText()).not.toContain('UTC')
        // The page does not reload itself; a new message turns the refresh button into an indicator.
        await mailboxWriter(service.ctx.db)({
          channel: 'sms',
          to: '+15555550100',
          text: 'Reminder: https://localhost:8443/signing/abc',
          capturedAt: new Date().toISOString(),
        })
        const indicator = page.getByRole('button', { name: '1 new message: show it' })
        await indicator.waitFor({ timeout: 20_000 })
        await indicator.click()
        await page.getByText('Reminder:').waitFor()
        expect(await page.locator('article').count()).toBe(2)
        expect(violations).toEqual([])
      } finally {
        await browser.close()
      }
    }, 60_000)
  })
})
