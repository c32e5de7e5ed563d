import { useEffect, useState } from 'react'
import { getJson } from '../api.js'

/**
 * What `load` answers for `key`, read again whenever `key` or `version` changes (`version` after an action
 * on the screen); an answer that arrives after the screen moved on is dropped.
 */
export function useLoaded<T>(
  load: (key: string) => Promise<T>,
  key: string,
  version: number,
): { data?: T; failed: boolean } {
  const [state, setState] = useState<{ data?: T; failed: boolean }>({ failed: false })
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `load` reads; version asks again.
  useEffect(() => {
    let current = true
    load(key).then(
      (data) => current && setState({ data, failed: false }),
      () => current && setState((previous) => ({ ...previous, failed: true })),
    )
    return () => {
      current = false
    }
  }, [key, version])
  return state
}

/** A GET of the REST API, asked again whenever `version` changes (after an action on the screen). */
export const useResource = <T>(path: string, version: number) =>
  useLoaded((at) => getJson<T>(at), path, version)
