import { spawn } from 'node:child_process'
import { constants } from 'node:fs'
import { access, mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, delimiter, dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ConversionSandbox } from './sandbox.js'

/**
 * One conversion to PDF by LibreOffice headless (`soffice --convert-to pdf`), in a child process so the
 * event loop never waits on it. Each pool slot passes its own profile directory: two soffice processes
 * sharing a profile block each other (the second hands its job to the first, or fails on the lock).
 * The process runs in its own process group, killed as a whole on timeout, because soffice forks
 * `soffice.bin`. Input and output live in a fresh temporary directory removed afterwards.
 *
 * LibreOffice fetches the remote resources a document names (an `<img src="http://...">` in HTML, a
 * linked image in a DOCX) while converting: from the server, that would let any uploader make it
 * request internal addresses. Each profile therefore starts with every protocol's proxy set to a
 * closed local port and no exceptions, so such fetches fail and the resource is left out. Local files
 * are another matter: the profile also sets BlockUntrustedRefererLinks, which keeps linked images of
 * DOCX, ODT and HTML `<img>` out, and the documents are cleaned before they get here
 * (html-sanitize.ts, office-package.ts) for what it does not cover. What neither covers (RTF fields,
 * the binary formats) the sandbox does, when there is one (sandbox.ts): LibreOffice then sees no file
 * but its own installation, the profile and the work directory.
 */

export interface LibreOfficeOptions {
  /** The soffice executable (a name looked up on PATH, or a path). */
  command: string
  /** This slot's private profile directory (created by soffice on first use). */
  profileDir: string
  timeoutMs: number
  /** Where soffice runs; undefined runs it with the service's view of the files. */
  sandbox: ConversionSandbox | undefined
}

/** Why a conversion produced no PDF: the caller turns each into a 400 that says so. */
export type LibreOfficeFailure =
  | { kind: 'missing'; command: string }
  | { kind: 'timeout'; timeoutMs: number }
  | { kind: 'failed'; detail: string }
  /** A warm instance (warm-office.ts) died during the conversion, for whatever reason. */
  | { kind: 'stopped'; detail: string }

export class LibreOfficeError extends Error {
  constructor(readonly failure: LibreOfficeFailure) {
    super(`LibreOffice conversion failed: ${failure.kind}`)
  }
}

export async function convertWithLibreOffice(
  bytes: Uint8Array,
  extension: string,
  importFilter: string | undefined,
  options: LibreOfficeOptions,
): Promise<Uint8Array> {
  await prepareProfile(options.profileDir)
  const workDir = await mkdtemp(join(tmpdir(), 'esign-convert-'))
  try {
    const input = join(workDir, `document.${extension}`)
    await writeFile(input, bytes)
    const args = [
      `-env:UserInstallation=${pathToFileURL(options.profileDir).href}`,
      '--headless',
      '--invisible',
      '--nologo',
      '--nodefault',
      '--nolockcheck',
      '--norestore',
      ...(importFilter ? [`--infilter=${importFilter}`] : []),
      '--convert-to',
      // The Writer/Calc/Impress exporter is chosen by the document's module; HTML is opened in Writer.
      'pdf',
      '--outdir',
      workDir,
      input,
    ]
    const stderr = await runGroup(await commandLine(options, args, workDir), options.timeoutMs)
    try {
      return new Uint8Array(await readFile(join(workDir, 'document.pdf')))
    } catch {
      // soffice exits 0 without output when it cannot read the input; its messages say why.
      throw new LibreOfficeError({ kind: 'failed', detail: stderr.trim() || 'no PDF was produced' })
    }
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}

/**
 * Whether the LibreOffice that `command` starts has Impress: Debian packages it apart
 * (libreoffice-impress-nogui), and without it soffice answers a presentation as it answers a corrupt
 * file. Impress's import filters are declared in `share/registry/impress.xcd` beside `program/`. Asked
 * only after a presentation failed to convert, so installing Impress needs no restart.
 */
export async function hasImpress(command: string): Promise<boolean> {
  const executable = await locate(command)
  if (executable === undefined) return false
  return access(join(dirname(executable), '..', 'share', 'registry', 'impress.xcd')).then(
    () => true,
    () => false,
  )
}

/**
 * The real path of the executable that `command` starts (the first on PATH, as spawn finds it), or
 * undefined when there is none.
 */
async function locate(command: string): Promise<string | undefined> {
  const candidates = command.includes('/')
    ? [command]
    : (process.env.PATH ?? '').split(delimiter).map((directory) => join(directory, command))
  for (const candidate of candidates) {
    const found = await access(candidate, constants.X_OK).then(
      () => realpath(candidate),
      () => undefined,
    )
    if (found !== undefined) return found
  }
  return undefined
}

/**
 * soffice itself, or bwrap starting it inside the sandbox. The sandbox shows /usr, where Debian installs
 * LibreOffice; an installation elsewhere (the parent of its `program/` directory, or the directory of a
 * soffice not laid out so) is shown read-only too.
 */
async function commandLine(
  options: LibreOfficeOptions,
  args: string[],
  workDir: string,
): Promise<{ command: string; args: string[] }> {
  if (options.sandbox === undefined) return { command: options.command, args }
  const executable = await locateSoffice(options.command)
  return options.sandbox.wrap(executable, args, {
    readable: installationOutsideUsr(executable),
    writable: [options.profileDir, workDir],
    env: { HOME: options.profileDir, SAL_USE_VCLPLUGIN: 'svp' },
  })
}

/** The real path of the soffice that `command` starts; a `missing` failure when there is none. */
export async function locateSoffice(command: string): Promise<string> {
  const executable = await locate(command)
  if (executable === undefined) throw new LibreOfficeError({ kind: 'missing', command })
  return executable
}

/** The installation of `executable` when the sandbox does not already show it (it shows /usr). */
export function installationOutsideUsr(executable: string): string[] {
  const directory = dirname(executable)
  const installation = basename(directory) === 'program' ? dirname(directory) : directory
  return installation === '/usr' || installation.startsWith('/usr/') ? [] : [installation]
}

/** A closed port: the discard service, not served on loopback. */
const DEAD_PROXY = { host: '127.0.0.1', port: 9 }

const setting = (name: string, value: string | number | boolean, path = '/org.openoffice.Inet/Settings') =>
  `<item oor:path="${path}"><prop oor:name="${name}" oor:op="fuse"><value>${value}</value></prop></item>`

/**
 * LibreOffice's user settings: manual proxies (type 2) that cannot be reached, for every protocol, and
 * no linked graphics from a document outside LibreOffice's trusted locations (there are none).
 */
const PROFILE_SETTINGS = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
  setting('BlockUntrustedRefererLinks', true, '/org.openoffice.Office.Common/Security/Scripting'),
  setting('ooInetProxyType', 2),
  ...['HTTP', 'HTTPS', 'FTP'].flatMap((protocol) => [
    setting(`ooInet${protocol}ProxyName`, DEAD_PROXY.host),
    setting(`ooInet${protocol}ProxyPort`, DEAD_PROXY.port),
  ]),
  setting('ooInetNoProxy', ''),
  '</oor:items>',
  '',
].join('\n')

/**
 * Writes the settings before every run, not only into a new profile: soffice rewrites the file itself,
 * and a process killed on timeout may leave it truncated. The profile holds nothing else of value.
 */
export async function prepareProfile(profileDir: string): Promise<void> {
  await mkdir(join(profileDir, 'user'), { recursive: true })
  await writeFile(join(profileDir, 'user', 'registrymodifications.xcu'), PROFILE_SETTINGS)
}

/**
 * Runs the command in a new process group; resolves with its stderr when it exits with status 0. In the
 * sandbox the group is bwrap's: killing bwrap ends the sandbox's PID namespace and everything in it.
 */
function runGroup(
  { command, args }: { command: string; args: string[] },
  timeoutMs: number,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, SAL_USE_VCLPLUGIN: 'svp' },
    })
    let stderr = ''
    child.stderr?.setEncoding('utf8')
    child.stderr?.on('data', (chunk: string) => {
      if (stderr.length < 4096) stderr += chunk
    })
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      killGroup(child.pid)
    }, timeoutMs)
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer)
      reject(
        new LibreOfficeError(
          error.code === 'ENOENT' ? { kind: 'missing', command } : { kind: 'failed', detail: error.message },
        ),
      )
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      // soffice.bin may outlive the wrapper script on an abnormal exit; the group goes with it.
      if (code !== 0) killGroup(child.pid)
      if (timedOut) reject(new LibreOfficeError({ kind: 'timeout', timeoutMs }))
      else if (code === 0) resolve(stderr)
      else
        reject(new LibreOfficeError({ kind: 'failed', detail: `${stderr.trim()} (exit ${code ?? signal})` }))
    })
  })
}

export function killGroup(pid: number | undefined): void {
  if (pid === undefined) return
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // Already gone.
  }
}
