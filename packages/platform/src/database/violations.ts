/** True when a database error is a violated unique constraint (either dialect). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
}

/** True when a database error is a violated foreign key (either dialect). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY'
}
