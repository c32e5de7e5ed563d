/** An account's own permission profile; `settings` is DocuSign's `accountRoleSettings` as JSON. */
export interface PermissionProfilesTable {
  id: string
  account_id: string
  name: string
  settings: string
  modified_at: string
  /** The user who last created or changed it. */
  modified_by: string
}

/** The custom profile a member holds; a member without a row holds the stock profile of their permissions. */
export interface PermissionProfileAssignmentsTable {
  account_id: string
  user_id: string
  permission_profile_id: string
}

export interface PermissionProfileTables {
  permission_profiles: PermissionProfilesTable
  permission_profile_assignments: PermissionProfileAssignmentsTable
}
