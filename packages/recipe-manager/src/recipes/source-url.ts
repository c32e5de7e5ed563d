/**
 * The key under which two source links count as the same page: scheme and host lower-cased, no
 * fragment, no tracking parameters (`utm_*`, `fbclid`, `gclid`), the other parameters sorted, and no
 * trailing slash. Text that is not a URL keys as itself, trimmed.
 */
const TRACKING = /^(utm_.*|fbclid|gclid|mc_cid|mc_eid)$/i

export function sourceKeyOf(sourceUrl: string): string {
  let url: URL
  try {
    url = new URL(sourceUrl.trim())
  } catch {
    return sourceUrl.trim()
  }
  url.hash = ''
  const kept = [...url.searchParams].filter(([name]) => !TRACKING.test(name))
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  url.search = new URLSearchParams(kept).toString()
  if (url.pathname.length > 1 && url.pathname.endsWith('/')) url.pathname = url.pathname.replace(/\/+$/, '')
  return url.toString()
}
