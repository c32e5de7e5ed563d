import { describe, expect, it } from 'vitest'
import { createTemplateUseMemo } from './template-use.js'

describe('createTemplateUseMemo', () => {
  it('skips a template only within the resolution of a use this process committed', () => {
    const memo = createTemplateUseMemo()
    expect(memo.recorder().unwritten(['a', 'b'], 10_000)).toEqual(['a', 'b'])
    const first = memo.recorder()
    first.wrote(['a'], 10_000)
    // Not committed yet: still asked of the database.
    expect(memo.recorder().unwritten(['a', 'b'], 10_500)).toEqual(['a', 'b'])
    first.commit()
    expect(memo.recorder().unwritten(['a', 'b'], 10_999)).toEqual(['b'])
    expect(memo.recorder().unwritten(['a', 'b'], 11_000)).toEqual(['a', 'b'])
  })

  it('keeps the latest use when an older commit lands after a newer one', () => {
    const memo = createTemplateUseMemo()
    const newer = memo.recorder()
    const older = memo.recorder()
    newer.wrote(['a'], 20_000)
    older.wrote(['a'], 19_500)
    newer.commit()
    older.commit()
    expect(memo.recorder().unwritten(['a'], 20_999)).toEqual([])
  })

  it('holds at most its bound, forgetting the oldest first', () => {
    const memo = createTemplateUseMemo(2)
    for (const id of ['a', 'b', 'c']) {
      const recorder = memo.recorder()
      recorder.wrote([id], 1_000)
      recorder.commit()
    }
    expect(memo.recorder().unwritten(['a', 'b', 'c'], 1_500)).toEqual(['a'])
  })
})
