import { execFile } from 'node:child_process'
import { lstat, readlink } from 'node:fs/promises'
import { promisify } from 'node:util'

/**
 * LibreOffice in a bubblewrap (`bwrap`) sandbox: a document can name files of the server (an RTF
 * `INCLUDEPICTURE` field; the binary formats were not tried) and LibreOffice puts them into the PDF.
 * Inside the sandbox it sees only the system files it runs on, read-only (`/usr`, fonts, its own
 * configuration), the slot's profile and the conversion's work directory; no network, no other
 * process, an empty `/tmp`, no capabilities and an environment of its own (no secrets from ours).
 * bwrap is started once at start-up with a trivial command: CONVERSION_SANDBOX `auto` uses the sandbox
 * when that works and warns otherwise, `bwrap` refuses to start without it, `off` never uses it.
 */

export const SANDBOX_MODES = ['auto', 'bwrap', 'off'] as const
export type SandboxMode = (typeof SANDBOX_MODES)[number]

export interface ConversionSandbox {
  /**
   * The command line running `program` with `args` inside the sandbox, which shows `readable` read-only
   * and `writable` read-write at the same paths, with `env` as the environment besides PATH and locale.
   */
  wrap(
    program: string,
    args: string[],
    inside: { readable: string[]; writable: string[]; env: Record<string, string> },
  ): { command: string; args: string[] }
}

export interface SandboxChoice {
  sandbox: ConversionSandbox | undefined
  /** Set when `auto` found no working bwrap: the one line to log at start-up. */
  warning?: string
}

/**
 * What LibreOffice runs on, read-only: /usr, and where present the fonts' configuration and cache and
 * Debian's LibreOffice registry (/etc/libreoffice).
 */
const SYSTEM_FILES = ['--ro-bind', '/usr', '/usr']
const OPTIONAL_SYSTEM_FILES = ['/etc/fonts', '/var/cache/fontconfig', '/etc/libreoffice']
/** Top-level directories that merged-/usr systems make symbolic links into /usr. */
const USR_ALIASES = ['/bin', '/sbin', '/lib', '/lib64', '/lib32', '/libx32']

const PROBE_TIMEOUT_MS = 10_000
const run = promisify(execFile)

export async function chooseSandbox(mode: SandboxMode, bwrap = 'bwrap'): Promise<SandboxChoice> {
  if (mode === 'off') return { sandbox: undefined }
  const sandbox = createBubblewrapSandbox(bwrap, await rootFileSystem())
  const failure = await probe(sandbox)
  if (failure === undefined) return { sandbox }
  if (mode === 'bwrap') {
    throw new Error(
      `CONVERSION_SANDBOX=bwrap, but bubblewrap cannot run here (${failure}). Install bubblewrap ` +
        '(Debian: apt-get install bubblewrap) and allow unprivileged user namespaces, or set CONVERSION_SANDBOX=off.',
    )
  }
  return {
    sandbox: undefined,
    warning:
      `LibreOffice converts documents without a sandbox: bubblewrap cannot run here (${failure}), so a ` +
      'document can put any file this service can read into its PDF. Install bubblewrap, or set ' +
      'CONVERSION_SANDBOX=off to accept this.',
  }
}

/** The arguments that rebuild the host's /bin, /lib... inside: the same symbolic link, or a read-only bind. */
async function rootFileSystem(): Promise<string[]> {
  const args = [...SYSTEM_FILES]
  for (const path of USR_ALIASES) {
    const stats = await lstat(path).catch(() => undefined)
    if (stats?.isSymbolicLink()) args.push('--symlink', await readlink(path), path)
    else if (stats?.isDirectory()) args.push('--ro-bind', path, path)
  }
  for (const path of OPTIONAL_SYSTEM_FILES) args.push('--ro-bind-try', path, path)
  return args
}

function createBubblewrapSandbox(bwrap: string, rootArgs: string[]): ConversionSandbox {
  return {
    wrap(program, args, { readable, writable, env }) {
      const locale = Object.fromEntries(
        ['LANG', 'LC_ALL'].flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
      )
      const variables = { PATH: '/usr/bin:/bin', ...locale, ...env }
      return {
        command: bwrap,
        args: [
          ...rootArgs,
          '--proc',
          '/proc',
          '--dev',
          '/dev',
          // Before the binds: the work and profile directories usually live under /tmp.
          '--tmpfs',
          '/tmp',
          ...readable.flatMap((path) => ['--ro-bind', path, path]),
          ...writable.flatMap((path) => ['--bind', path, path]),
          '--unshare-all',
          '--cap-drop',
          'ALL',
          '--die-with-parent',
          '--new-session',
          '--clearenv',
          ...Object.entries(variables).flatMap(([name, value]) => ['--setenv', name, value]),
          '--',
          program,
          ...args,
        ],
      }
    },
  }
}

/** Why the sandbox cannot run a trivial command, or undefined when it can. */
async function probe(sandbox: ConversionSandbox): Promise<string | undefined> {
  const { command, args } = sandbox.wrap('true', [], { readable: [], writable: [], env: {} })
  try {
    await run(command, args, { timeout: PROBE_TIMEOUT_MS })
    return undefined
  } catch (error) {
    const { code, stderr, killed } = error as NodeJS.ErrnoException & { stderr?: string; killed?: boolean }
    if (code === 'ENOENT') return `"${command}" was not found`
    if (killed) return `"${command}" did not finish within ${PROBE_TIMEOUT_MS} ms`
    return `"${command}" failed: ${stderr?.trim() || `exit ${code}`}`
  }
}
