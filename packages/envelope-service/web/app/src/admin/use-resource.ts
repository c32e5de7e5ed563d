import { useEffect, useState } from 'react'
import { getJson } from '../api.js'

/** A GET of the REST API, asked again whenever `version` changes (after an action on the screen). */
export function useResource<T>(path: string, version: number): { data?: T; failed: boolean } {
  const [state, setState] = useState<{ data?: T; failed: boolean }>({ failed: false })
  // biome-ignore lint/correctness/useExhaustiveDependencies: version asks again after an action.
  useEffect(() => {
    let current = true
    getJson<T>(path).then(
      (data) => current && setState({ data, failed: false }),
      () => current && setState((previous) => ({ ...previous, failed: true })),
    )
    return () => {
      current = false
    }
  }, [path, version])
  return state
}
