import { describe, expect, it } from "vitest";
import { parseRoleArgs, sqlString, USER_ROLE_HELP } from "../../scripts/lib/user-role-args";

// The argument rules of `npm run user:role`; the command itself runs wrangler against the local D1.
describe("npm run user:role arguments", () => {
  it("takes an e-mail and a role, normalising both", () => {
    expect(parseRoleArgs([" Asha@Nukkad.TEST ", "Moderator"])).toEqual({
      help: false,
      email: "asha@nukkad.test",
      role: "moderator",
    });
    expect(parseRoleArgs(["a@b.in", "admin"])).toMatchObject({ role: "admin" });
    expect(parseRoleArgs(["a@b.in", "user"])).toMatchObject({ role: "user" });
  });

  it("explains what is wrong", () => {
    expect(parseRoleArgs([])).toEqual({ error: expect.stringContaining("Expected an e-mail and a role.") });
    expect(parseRoleArgs(["a@b.in"])).toEqual({
      error: expect.stringContaining("Expected an e-mail and a role."),
    });
    expect(parseRoleArgs(["not-an-email", "moderator"])).toEqual({
      error: '"not-an-email" is not an e-mail address.',
    });
    expect(parseRoleArgs(["a@b.in", "superuser"])).toEqual({
      error: 'Unknown role "superuser": use one of user, moderator, admin.',
    });
  });

  it("shows help, with the remote form of the command", () => {
    expect(parseRoleArgs(["--help"])).toEqual({ help: true });
    expect(USER_ROLE_HELP).toContain(
      `npx wrangler d1 execute DB --remote --command "UPDATE users SET role='moderator' WHERE email='someone@example.com'"`,
    );
  });

  it("quotes text for SQL", () => {
    expect(sqlString("o'brien@example.com")).toBe("'o''brien@example.com'");
  });
});
