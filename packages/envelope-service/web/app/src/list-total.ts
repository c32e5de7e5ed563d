/**
 * The total of an envelope list as the service counts it: `GET /envelopes` counts matches only up to
 * `start_position + 1000` (the service's `envelope-api/status-list.ts`, TOTAL_REACH), and a larger
 * `totalSetSize` means "more than that", shown as "1,000+".
 */
const TOTAL_REACH = 1000

export interface ListTotal {
  count: number
  /** True when there are more than `count`. */
  more: boolean
}

export function listTotalOf(totalSetSize: string | undefined, start: number): ListTotal {
  const counted = Number(totalSetSize ?? 0)
  const reach = start + TOTAL_REACH
  return counted > reach ? { count: reach, more: true } : { count: counted, more: false }
}
