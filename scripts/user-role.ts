// Gives an account a role (user, moderator, admin) in the local D1. `npm run user:role -- --help` also shows the
// command for the deployed database.
import { parseRoleArgs, roleChangeSql, sqlString, USER_ROLE_HELP } from "./lib/user-role-args";
import { queryLocal, wrangler } from "./lib/wrangler";

const command = parseRoleArgs(process.argv.slice(2));
if ("error" in command) {
  console.error(command.error);
  process.exit(1);
}
if (command.help) {
  console.log(USER_ROLE_HELP);
  process.exit(0);
}

const [user] = queryLocal<{ id: string; role: string }>(
  `SELECT id, role FROM users WHERE email = ${sqlString(command.email)}`,
);
if (!user) {
  console.error(
    `No account uses ${command.email} in the local database. Sign up first, or check the spelling.`,
  );
  process.exit(1);
}
if (user.role === command.role) {
  console.log(`${command.email} is already ${command.role}.`);
  process.exit(0);
}
queryLocal(roleChangeSql(user, command.role).join(";\n"));
// Sessions cache the user (role included) in KV for up to 5 minutes; dropping them applies the role at once.
const sessions = queryLocal<{ token_hash: string }>(
  `SELECT token_hash FROM sessions WHERE user_id = ${sqlString(user.id)}`,
);
for (const session of sessions) {
  wrangler(["kv", "key", "delete", "--binding", "KV", "--local", `session:${session.token_hash}`], {
    quiet: true,
  });
}
console.log(
  `${command.email} is now ${command.role} (was ${user.role}); ${sessions.length} cached session(s) cleared.`,
);
