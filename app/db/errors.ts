/**
 * Whether a D1 error (possibly wrapped by drizzle, whose own message is "Failed query: …") is a UNIQUE violation
 * on the given "table.column".
 */
export function isUniqueViolation(error: unknown, column: string): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if (current.message.includes(`UNIQUE constraint failed: ${column}`)) return true;
  }
  return false;
}
