import { emailSchema } from "../../app/lib/auth/schemas";
import { ROLES, type Role } from "../../app/lib/rules/options";
import { COMMAND_LINE } from "../../app/lib/schemas/moderation-log";

export const USER_ROLE_HELP = `Usage: npm run user:role -- <email> <${ROLES.join("|")}>

Sets the role of an existing account in the LOCAL D1 database (.wrangler/state, or NUKKAD_PERSIST_TO), then
clears that account's sessions from the local KV session cache, so the change applies at its next request.

On the deployed app (remote D1), run:
  npx wrangler d1 execute DB --remote --command "UPDATE users SET role='moderator' WHERE email='someone@example.com'"
Signed-in sessions cache the role in KV for at most 5 minutes, so it applies within 5 minutes everywhere. To
apply it at once, list the account's cache keys and delete each:
  npx wrangler d1 execute DB --remote --command "SELECT 'session:' || token_hash AS key FROM sessions WHERE user_id = (SELECT id FROM users WHERE email='someone@example.com')"
  npx wrangler kv key delete --binding KV --remote "session:<token_hash>"`;

export type RoleCommand = { help: true } | { help: false; email: string; role: Role } | { error: string };

/** The arguments of `npm run user:role`: an account's e-mail and the role to give it. */
export function parseRoleArgs(args: string[]): RoleCommand {
  if (args.includes("--help") || args.includes("-h")) return { help: true };
  if (args.length !== 2) return { error: `Expected an e-mail and a role.\n\n${USER_ROLE_HELP}` };
  const [rawEmail, rawRole] = args as [string, string];
  const email = emailSchema.safeParse(rawEmail);
  if (!email.success) return { error: `"${rawEmail}" is not an e-mail address.` };
  const role = ROLES.find((r) => r === rawRole.trim().toLowerCase());
  if (!role) return { error: `Unknown role "${rawRole}": use one of ${ROLES.join(", ")}.` };
  return { help: false, email: email.data, role };
}

/** A string as an SQL literal: the e-mail goes into a `wrangler d1 execute --command` text. */
export function sqlString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * The statements that give an account (its id and its role now) another role, logged (ADR 047) with the command line
 * as the actor: the entry goes first and is written only while the role is still the one read, as the page's
 * changeRole guards its own, so a change someone made meanwhile neither changes nor logs anything. The log's role
 * actions say whether the account moderates afterwards; the reason names both roles (an admin's change too).
 */
export function roleChangeSql(user: { id: string; role: string }, role: Role): [string, string] {
  const action = role === "user" ? "revoke_moderator" : "grant_moderator";
  const still = `id = ${sqlString(user.id)} AND role = ${sqlString(user.role)}`;
  return [
    `INSERT INTO moderation_log (moderator_id, action, subject_type, subject_id, subject_name, person_id, reason)
SELECT ${sqlString(COMMAND_LINE)}, '${action}', 'person', id,
  coalesce((SELECT full_name FROM profiles WHERE user_id = users.id), ''), id,
  ${sqlString(`Command line: ${user.role} to ${role}`)}
FROM users WHERE ${still}`,
    `UPDATE users SET role = ${sqlString(role)} WHERE ${still}`,
  ];
}
