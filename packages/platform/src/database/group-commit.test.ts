import { describe, expect, it } from 'vitest'
import { createGroupCommit } from './group-commit.js'

/** Records how items were written: each batch and each single write. */
function recordingWriter(options: { failBatches?: boolean; failItem?: number } = {}) {
  const writes: number[][] = []
  const write = createGroupCommit<number, number>({
    maxBatch: 3,
    writeBatch: async (items) => {
      if (options.failBatches) throw new Error('batch failed')
      writes.push(items)
      return items.map((item) => item * 10)
    },
    writeOne: async (item) => {
      if (item === options.failItem) throw new Error(`item ${item} failed`)
      writes.push([item])
      return item * 10
    },
  })
  return { writes, write }
}

describe('createGroupCommit', () => {
  it('writes a lone item at once, on its own', async () => {
    const { writes, write } = recordingWriter()
    expect(await write(1)).toBe(10)
    expect(writes).toEqual([[1]])
  })

  it('batches items that arrive together, up to the batch size, in order', async () => {
    const { writes, write } = recordingWriter()
    const results = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((item) => write(item)))
    expect(results).toEqual([10, 20, 30, 40, 50, 60, 70])
    expect(writes).toEqual([[1, 2, 3], [4, 5, 6], [7]])
  })

  it('writes items arriving after a batch started in a later batch', async () => {
    const { writes, write } = recordingWriter()
    const first = write(1)
    await new Promise((resolve) => setImmediate(resolve))
    const later = [write(2), write(3)]
    await Promise.all([first, ...later])
    expect(writes).toEqual([[1], [2, 3]])
  })

  it('retries a failed batch item by item, failing only the item that fails alone', async () => {
    const { writes, write } = recordingWriter({ failBatches: true, failItem: 3 })
    const settled = await Promise.allSettled([1, 2, 3, 4].map((item) => write(item)))
    expect(settled.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ])
    expect(writes).toEqual([[1], [2], [4]])
  })

  it('keeps writing after a failure', async () => {
    const { write } = recordingWriter({ failItem: 1 })
    await expect(write(1)).rejects.toThrow('item 1 failed')
    expect(await write(2)).toBe(20)
  })
})
