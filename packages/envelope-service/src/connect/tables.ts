/** Row types of the connect domain: Connect configurations. Conventions: see identity/tables.ts. */
export type ConnectTables = {}
