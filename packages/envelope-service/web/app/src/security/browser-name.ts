/**
 * A person's words for the browser and system a User-Agent names ("Chrome", "macOS"), for the sign-in
 * history; undefined parts when it names neither. Edge and Opera say "Chrome" too, so they come first.
 */
export function browserName(userAgent: string): { browser?: string; system?: string } {
  const browser = [
    [/Edg(e|A|iOS)?\//, 'Edge'],
    [/OPR\/|Opera/, 'Opera'],
    [/Firefox\/|FxiOS\//, 'Firefox'],
    [/SamsungBrowser\//, 'Samsung Internet'],
    [/Chrome\/|CriOS\//, 'Chrome'],
    [/Version\/[\d.]+.*Safari\//, 'Safari'],
  ] as const
  const system = [
    [/Windows/, 'Windows'],
    [/Android/, 'Android'],
    [/iPhone|iPad|iPod/, 'iOS'],
    [/CrOS/, 'ChromeOS'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/Linux/, 'Linux'],
  ] as const
  const found = (list: readonly (readonly [RegExp, string])[]) =>
    list.find(([pattern]) => pattern.test(userAgent))?.[1]
  const named = { browser: found(browser), system: found(system) }
  return Object.fromEntries(Object.entries(named).filter(([, value]) => value !== undefined))
}
