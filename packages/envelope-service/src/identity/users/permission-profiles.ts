import { PERMISSIONS, type Permission } from '../permissions.js'

/**
 * This service's permissions as DocuSign's users API shows them. DocuSign's three stock permission
 * profiles name the usual sets: `Account Administrator` (everything), `DocuSign Sender` (send envelopes,
 * manage templates), `DocuSign Viewer` (neither). `userSettings.canSendEnvelope`, `canManageTemplates`
 * and `canManageAccount`, and `isAdmin`, name single permissions and override the profile.
 */
export const PERMISSION_PROFILES = {
  'Account Administrator': [...PERMISSIONS],
  'DocuSign Sender': ['send_envelopes', 'manage_templates'],
  'DocuSign Viewer': [],
} as const satisfies Record<string, readonly Permission[]>

export type PermissionProfileName = keyof typeof PERMISSION_PROFILES

const SETTINGS: Record<string, Permission> = {
  canSendEnvelope: 'send_envelopes',
  canManageTemplates: 'manage_templates',
  canManageAccount: 'administer',
}

export function profileOf(permissions: ReadonlySet<Permission>): PermissionProfileName {
  if (permissions.has('administer')) return 'Account Administrator'
  if (permissions.has('send_envelopes') || permissions.has('manage_templates')) return 'DocuSign Sender'
  return 'DocuSign Viewer'
}

const flag = (value: boolean) => (value ? 'true' : 'false')

export function settingsOf(permissions: ReadonlySet<Permission>) {
  return {
    canSendEnvelope: flag(permissions.has('send_envelopes')),
    canManageTemplates: flag(permissions.has('manage_templates')),
    canManageAccount: flag(permissions.has('administer')),
  }
}

export interface PermissionRequest {
  permissionProfileName?: string | undefined
  isAdmin?: string | undefined
  userSettings?: Record<string, unknown> | undefined
}

/** Why a request cannot be mapped to permissions, or undefined when it can. */
export function permissionRequestProblem(request: PermissionRequest): string | undefined {
  const profile = request.permissionProfileName
  if (profile !== undefined && !(profile in PERMISSION_PROFILES)) {
    return `permissionProfileName must be one of: ${Object.keys(PERMISSION_PROFILES).join(', ')}`
  }
  for (const [name, value] of Object.entries(request.userSettings ?? {})) {
    if (!(name in SETTINGS))
      return `userSettings.${name} is not supported; supported: ${Object.keys(SETTINGS).join(', ')}`
    if (!isFlag(value)) return `userSettings.${name} must be "true" or "false"`
  }
  if (request.isAdmin !== undefined && !isFlag(request.isAdmin)) return 'isAdmin must be "true" or "false"'
  return undefined
}

const isFlag = (value: unknown) => typeof value === 'string' && /^(true|false)$/i.test(value)

/**
 * The permissions a request asks for, starting from `current` (a new user starts from `DocuSign Sender`):
 * the profile replaces them, then each setting and `isAdmin` switches one on or off.
 */
export function applyPermissionRequest(
  current: ReadonlySet<Permission>,
  request: PermissionRequest,
): Set<Permission> {
  const profile = request.permissionProfileName as PermissionProfileName | undefined
  const result = new Set<Permission>(profile ? PERMISSION_PROFILES[profile] : current)
  const switches: [Permission, unknown][] = Object.entries(request.userSettings ?? {}).map(
    ([name, value]) => [SETTINGS[name] as Permission, value],
  )
  if (request.isAdmin !== undefined) switches.push(['administer', request.isAdmin])
  for (const [permission, value] of switches) {
    if (String(value).toLowerCase() === 'true') result.add(permission)
    else result.delete(permission)
  }
  return result
}
