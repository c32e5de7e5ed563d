/** A group the account made; DocuSign's Everyone and Administrators groups have no row (service.ts). */
export interface UserGroupsTable {
  id: string
  account_id: string
  name: string
  /** A stock or custom permission profile id; its members hold that profile. */
  permission_profile_id: string | null
  created_at: string
}

export interface UserGroupMembersTable {
  group_id: string
  user_id: string
  added_at: string
}

export interface GroupTables {
  user_groups: UserGroupsTable
  user_group_members: UserGroupMembersTable
}
