import type { AccountRoleSettings } from 'esign-contract'
import type { Permission } from '../../identity/permissions.js'
import { PERMISSION_PROFILES, type PermissionProfileName } from '../../identity/users/permission-profiles.js'

/**
 * What a permission profile's `accountRoleSettings` mean to this service. Three settings are enforced,
 * each naming one of the permissions the service checks: `allowAccountManagement` (administer),
 * `allowEnvelopeSending` (send envelopes) and `allowedTemplateAccess` (`create` or `share`: manage
 * templates). Every other setting is stored and returned as given and changes nothing.
 */

const isTrue = (value: string | undefined) => value?.toLowerCase() === 'true'

export function permissionsOfSettings(settings: AccountRoleSettings): Set<Permission> {
  const permissions = new Set<Permission>()
  if (isTrue(settings.allowAccountManagement)) permissions.add('administer')
  if (isTrue(settings.allowEnvelopeSending)) permissions.add('send_envelopes')
  const templates = settings.allowedTemplateAccess?.toLowerCase()
  if (templates === 'create' || templates === 'share') permissions.add('manage_templates')
  return permissions
}

/** The enforced settings that state `permissions` exactly. */
export function settingsOfPermissions(permissions: ReadonlySet<Permission>): AccountRoleSettings {
  return {
    allowAccountManagement: String(permissions.has('administer')),
    allowEnvelopeSending: String(permissions.has('send_envelopes')),
    allowedTemplateAccess: permissions.has('manage_templates') ? 'share' : 'none',
  }
}

/** A change to stored settings: each setting given replaces the stored one, the others stay. */
export function mergeSettings(stored: AccountRoleSettings, given: AccountRoleSettings): AccountRoleSettings {
  return {
    ...stored,
    ...Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)),
  }
}

/** DocuSign's stock profiles and their documented ids; they exist in every account and cannot change. */
export const STOCK_PROFILE_IDS: Record<PermissionProfileName, string> = {
  'Account Administrator': '2301414',
  'DocuSign Sender': '2301415',
  'DocuSign Viewer': '2301416',
}

export interface StockProfile {
  id: string
  name: PermissionProfileName
  permissions: ReadonlySet<Permission>
}

export const STOCK_PROFILES: StockProfile[] = (
  Object.entries(STOCK_PROFILE_IDS) as [PermissionProfileName, string][]
).map(([name, id]) => ({ id, name, permissions: new Set<Permission>(PERMISSION_PROFILES[name]) }))

export const stockProfileById = (id: string) => STOCK_PROFILES.find((profile) => profile.id === id)
export const isStockProfileName = (name: string) =>
  STOCK_PROFILES.some((profile) => profile.name.toLowerCase() === name.toLowerCase())
