import { useEffect, useState } from 'react'

/** How often a visible dashboard asks again, besides when the tab regains focus. */
const REFRESH_EVERY_MS = 30_000

/** A number that grows whenever the data should be fetched again: on an interval while visible, and on focus. */
export function useRefreshTick(): [number, () => void] {
  const [tick, setTick] = useState(0)
  useEffect(() => {
    const bump = () => setTick((value) => value + 1)
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') bump()
    }, REFRESH_EVERY_MS)
    const onVisible = () => {
      if (document.visibilityState === 'visible') bump()
    }
    window.addEventListener('focus', bump)
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      clearInterval(timer)
      window.removeEventListener('focus', bump)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [])
  return [tick, () => setTick((value) => value + 1)]
}
