/** Reads benchmark options from `--flag=value` arguments, falling back to `BENCH_<FLAG>` environment variables. */
export function readBenchOptions(argv = process.argv.slice(2), env = process.env) {
  const flags = new Map<string, string>()
  for (const argument of argv) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(argument)
    if (!match) throw new Error(`unknown argument ${argument}`)
    flags.set(match[1] as string, match[2] ?? 'true')
  }
  const text = (flag: string, fallback: string) =>
    flags.get(flag) ?? env[`BENCH_${flag.toUpperCase().replace(/-/g, '_')}`] ?? fallback
  const positive = (flag: string, fallback: number) => {
    const value = Number(text(flag, String(fallback)))
    if (!Number.isInteger(value) || value < 1) throw new Error(`${flag} must be a positive integer`)
    return value
  }
  const boolean = (flag: string, fallback: boolean) =>
    !['false', '0', 'no'].includes(text(flag, String(fallback)))
  return { text, positive, boolean }
}

/**
 * The load settings every HTTP benchmark takes (`--duration`, `--warmup`, `--repeats`, `--connections`),
 * read from `options` with the kit's defaults unless a benchmark gives its own.
 */
export function readLoadSettings(
  options: ReturnType<typeof readBenchOptions>,
  defaults: { durationS?: number; warmupS?: number; repeats?: number; connections?: number } = {},
) {
  return {
    durationS: options.positive('duration', defaults.durationS ?? 10),
    warmupS: options.positive('warmup', defaults.warmupS ?? 3),
    repeats: options.positive('repeats', defaults.repeats ?? 3),
    connections: options.positive('connections', defaults.connections ?? 10),
  }
}
