import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { autocannon, type LoadRequest, rotateRequests, staggeredClients } from './autocannon.js'

describe('rotateRequests', () => {
  it('starts the cycle at the given index, modulo the length', () => {
    expect(rotateRequests([1, 2, 3, 4], 1)).toEqual([2, 3, 4, 1])
    expect(rotateRequests([1, 2, 3, 4], 6)).toEqual([3, 4, 1, 2])
    expect(rotateRequests([1, 2, 3], 0)).toEqual([1, 2, 3])
    expect(rotateRequests([], 3)).toEqual([])
  })
})

describe('staggeredClients', () => {
  it('gives connection i the list rotated by i/connections of its length', () => {
    const requests: LoadRequest[] = Array.from({ length: 8 }, (_, index) => ({ path: `/${index}` }))
    const setup = staggeredClients(requests, 4)
    const firsts: Array<string | undefined> = []
    for (let connection = 0; connection < 4; connection++) {
      let given: LoadRequest[] = requests
      setup({ setRequests: (list) => (given = list) })
      firsts.push(given[0]?.path)
    }
    expect(firsts).toEqual(['/0', '/2', '/4', '/6'])
  })

  describe('with autocannon', () => {
    const firstPathPerSocket = new Map<unknown, string>()
    const server = createServer((request, response) => {
      if (!firstPathPerSocket.has(request.socket)) firstPathPerSocket.set(request.socket, request.url ?? '')
      response.end('ok')
    })
    let url = ''
    beforeAll(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    })
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

    it('makes each connection open with a different request of the list', async () => {
      const requests: LoadRequest[] = Array.from({ length: 6 }, (_, index) => ({
        method: 'GET',
        path: `/item/${index}`,
      }))
      const result = await autocannon({
        url,
        connections: 3,
        duration: 10,
        amount: 30,
        requests,
        setupClient: staggeredClients(requests, 3),
      })
      expect(result['2xx']).toBe(30)
      expect([...firstPathPerSocket.values()].sort()).toEqual(['/item/0', '/item/2', '/item/4'])
    })
  })
})
