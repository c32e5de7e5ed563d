/** Row types of the templates domain: templates, template documents and the shared document blob store. Conventions: see identity/tables.ts. */
export type TemplateTables = {}
