import { useEffect, useRef } from 'react'

/**
 * Moves keyboard and screen-reader focus to a page's or a step's heading when it appears, so after a
 * navigation or a step change the user starts reading where the new content begins.
 */
export function useFocusOnMount<T extends HTMLElement>(key: unknown = undefined) {
  const ref = useRef<T>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is what should trigger the move.
  useEffect(() => {
    ref.current?.focus()
  }, [key])
  return ref
}
