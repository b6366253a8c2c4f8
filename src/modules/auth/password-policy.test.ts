/**
 * Issue 25 item 6, passwords that resist guessing (NIST SP 800-63B; decision 046): every place
 * a password is set refuses a common one, one too easy to guess, one containing the username
 * and one of only spaces, with a 400 that names the field and says why; an account an admin
 * creates or resets, and a generated first admin password, must be changed at first sign-in.
 */
import { afterEach, beforeEach, describe, expect, spyOn, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../../../tests/helpers/test-app";
import { auditLog, users } from "../../db/schema";
import {
  judgePassword,
  PASSWORD_CONTEXT_WORDS,
  PASSWORD_ESTIMATE_MAX_CHARS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_SCORE,
  type PasswordEstimate,
} from "../../domain/password-policy";
import * as strength from "../../domain/password-strength";
import { checkPassword, estimatePassword } from "../../domain/password-strength";
import { PASSWORD_CHECKS_PER_MINUTE } from "../../lib/auth/password";
import { ensureFirstAdmin, MAX_PER_USERNAME_ADDRESS } from "./auth.service";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const STRONG = "Glacier-Tulip-Harbour-7";

/** The four refusals the issue found accepted, with the reason each 400 gives. */
const WEAK: [what: string, password: (username: string) => string, reason: RegExp][] = [
  ["12345678", () => "12345678", /^This password is too common/],
  [
    "the username itself",
    (u) => `${u}${u}`.slice(0, Math.max(8, u.length)),
    /contain the username/,
  ],
  ["the username inside", (u) => `My-${u.toUpperCase()}-Harbour-7`, /contain the username/],
  ["eight spaces", () => "        ", /^The password must not be only spaces$/],
  ["a common password", () => "password1", /^This password is too common/],
  ["a guessable one", () => "Sommer2024", /^This password is too easy to guess\. /],
];

async function signIn(username: string, password: string) {
  const res = await t.request("POST", "/api/login", {
    as: "anonymous",
    body: { username, password },
  });
  return { res, cookie: (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "" };
}

function asCookie(cookie: string, method: string, path: string, body?: unknown) {
  return t.request(method, path, { as: "anonymous", headers: { Cookie: cookie }, body });
}

describe("the policy", () => {
  test("refuses in the order a person can act on, and accepts a strong password", () => {
    expect(checkPassword("1234567", "clerk").problem).toBe(
      "Password must be at least 8 characters",
    );
    expect(checkPassword("clerk", "clerk").problem).toBe("Password must be at least 8 characters");
    expect(checkPassword("clerkclerk", "clerk").problem).toBe(
      "The password must not contain the username",
    );
    expect(checkPassword("\t \u00a0      ", "clerk").problem).toBe(
      "The password must not be only spaces",
    );
    // l33t and case do not hide a common password.
    expect(checkPassword("P@ssw0rd", "clerk").problem).toMatch(/^This password is too common/);
    expect(checkPassword("qwertyuiop", "clerk").problem).toMatch(/^This password is too common/);
    // The German dictionary: a German word with a year is as guessable as an English one.
    expect(checkPassword("Schmetterling1", "clerk").problem).toMatch(/too easy to guess/);
    expect(checkPassword(STRONG, "clerk")).toEqual({ score: 4, problem: null });
  });

  test("the documented context words count as guesses (ASVS 5.0 V6.1.2, V6.2.11)", () => {
    expect(PASSWORD_CONTEXT_WORDS).toContain("betting");
    expect(checkPassword("BettingShop2024", "kim").problem).toMatch(/too easy to guess/);
    expect(estimatePassword("BettingShop2024", []).score).toBeGreaterThan(
      estimatePassword("BettingShop2024", [...PASSWORD_CONTEXT_WORDS]).score,
    );
  });

  test("any composition and a long passphrase are accepted (ASVS 5.0 V6.2.5, V6.2.9)", () => {
    const long = "the quiet harbour at dawn keeps its lanterns lit for the late ferry home";
    expect(long.length).toBeGreaterThan(64);
    expect(checkPassword(long, "kim").problem).toBeNull();
    expect(checkPassword("Grüße aus Köln, Ärmelkanal", "kim").problem).toBeNull();
  });

  test("a short username is not looked for inside the password; equal to it still is", () => {
    expect(checkPassword("Glacier-Tulip-Harbour-a", "a").problem).toBeNull();
    const estimate = () => ({ score: 4 as const, common: false, warning: null, suggestions: [] });
    expect(judgePassword("ab", "ab", estimate).problem).toMatch(/at least 8/);
  });

  test(`the score threshold is ${PASSWORD_MIN_SCORE}: a score below it is refused`, () => {
    const at = (score: 0 | 1 | 2 | 3 | 4) => () => ({
      score,
      common: false,
      warning: null,
      suggestions: ["Add another word or two."],
    });
    expect(judgePassword("whatever-it-is", "clerk", at(2)).problem).toBe(
      "This password is too easy to guess. Add another word or two",
    );
    expect(judgePassword("whatever-it-is", "clerk", at(3)).problem).toBeNull();
    // The estimator knows the username as well, so a variant of it scores low.
    expect(estimatePassword("Clerk2024!", []).score).toBe(PASSWORD_MIN_SCORE);
    expect(estimatePassword("Clerk2024!", ["clerk"]).score).toBeLessThan(PASSWORD_MIN_SCORE);
  });
});

describe("the estimator's cost is bounded (decision 072)", () => {
  /** A 200-character password of four different 50-character quarters, "a…", "b…", "c…", "d…". */
  const longest = ["a", "b", "c", "d"].map((ch) => ch.repeat(50)).join("");

  test("it sees only the first 64 characters of a 200-character password", () => {
    expect(longest).toHaveLength(PASSWORD_MAX_LENGTH);
    const seen: string[] = [];
    const recording = (password: string): PasswordEstimate => {
      seen.push(password);
      return { score: 4, common: false, warning: null, suggestions: [] };
    };
    expect(judgePassword(longest, "clerk", recording).problem).toBeNull();
    expect(PASSWORD_ESTIMATE_MAX_CHARS).toBe(64);
    expect(seen).toEqual([`${"a".repeat(50)}${"b".repeat(14)}`]);
    // A password of the bound or shorter is seen whole.
    seen.length = 0;
    judgePassword("x".repeat(64), "clerk", recording);
    judgePassword("Glacier-Tulip", "clerk", recording);
    expect(seen).toEqual(["x".repeat(64), "Glacier-Tulip"]);
  });

  test("the cheap rules still read the whole password: a username after the bound is refused", () => {
    const estimate = () => ({ score: 4 as const, common: false, warning: null, suggestions: [] });
    const hidden = `${"Glacier-Tulip-Harbour-7-".repeat(4)}clerk`;
    expect(hidden.indexOf("clerk")).toBeGreaterThan(PASSWORD_ESTIMATE_MAX_CHARS);
    expect(judgePassword(hidden, "clerk", estimate).problem).toBe(
      "The password must not contain the username",
    );
    expect(judgePassword("\u00a0".repeat(150), "clerk", estimate).problem).toBe(
      "The password must not be only spaces",
    );
  });

  test("a 200-character password is judged by its prefix: strong is accepted, guessable refused", () => {
    const strong = `Glacier-Tulip-Harbour-7 ${"a".repeat(PASSWORD_MAX_LENGTH - 24)}`;
    expect(strong).toHaveLength(PASSWORD_MAX_LENGTH);
    expect(checkPassword(strong, "kim").problem).toBeNull();
    expect(checkPassword("a".repeat(PASSWORD_MAX_LENGTH), "kim").problem).toMatch(
      /^This password is too easy to guess/,
    );
  });
});

describe("creating a user (POST /api/admin/users)", () => {
  for (const [what, password, reason] of WEAK) {
    test(`refuses ${what} with a 400 naming the field and the reason`, async () => {
      const res = await t.request("POST", "/api/admin/users", {
        body: { username: "clerk", password: password("clerk"), role: "user" },
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { message: string; fields: Record<string, string> };
      expect(body.fields.password).toMatch(reason);
      expect(body.message).toBe(body.fields.password as string);
      expect(t.handle.db.select().from(users).where(eq(users.username, "clerk")).get()).toBe(
        undefined,
      );
    });
  }

  test("accepts a strong one; the new user must change it and can do nothing else", async () => {
    const created = await t.json<{ id: number; mustChangePassword: boolean }>(
      "POST",
      "/api/admin/users",
      { body: { username: "clerk", password: STRONG, role: "user" } },
    );
    expect(created.mustChangePassword).toBe(true);
    const { res, cookie } = await signIn("clerk", STRONG);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { mustChangePassword: boolean }).mustChangePassword).toBe(true);
    for (const [method, path, body] of [
      ["GET", "/api/customers"],
      ["GET", "/api/dashboard/stats"],
      ["POST", "/api/shops", { name: "Quay", location: "Cork" }],
    ] as const) {
      const blocked = await asCookie(cookie, method, path, body);
      expect(blocked.status).toBe(403);
      expect(((await blocked.json()) as { message: string }).message).toBe(
        "Choose a new password to continue",
      );
    }
    // Its own new password passes the same policy: the username inside is refused.
    const weak = await asCookie(cookie, "PATCH", "/api/user/password", {
      currentPassword: STRONG,
      newPassword: "clerk-Harbour-Tulip-9",
    });
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { fields: Record<string, string> }).fields).toEqual({
      newPassword: "The password must not contain the username",
    });
    const changed = await asCookie(cookie, "PATCH", "/api/user/password", {
      currentPassword: STRONG,
      newPassword: "Lantern-Quarry-Mosaic-3",
    });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { mustChangePassword: boolean }).mustChangePassword).toBe(
      false,
    );
    expect((await asCookie(cookie, "GET", "/api/customers")).status).toBe(200);
  });

  test("a customer login an admin creates must be changed too", async () => {
    const customer = await t.json<{ id: number }>("POST", "/api/customers", {
      body: { firstName: "Ada", lastName: "Lovelace", creditLimit: "0" },
    });
    const created = await t.json<{ mustChangePassword: boolean }>("POST", "/api/admin/users", {
      body: { username: "ada", password: STRONG, role: "customer", customerId: customer.id },
    });
    expect(created.mustChangePassword).toBe(true);
  });
});

describe("an admin's reset (POST /api/admin/users/{id}/password)", () => {
  for (const [what, password, reason] of WEAK) {
    test(`refuses ${what}, judged against the user's own name`, async () => {
      const res = await t.request("POST", `/api/admin/users/${t.ids.user}/password`, {
        body: { newPassword: password("user1") },
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string> }).fields.newPassword).toMatch(
        reason,
      );
      // Nothing changed: the old password still signs in, with nothing to change.
      const { res: login } = await signIn("user1", TEST_PASSWORD);
      expect(((await login.json()) as { mustChangePassword: boolean }).mustChangePassword).toBe(
        false,
      );
    });
  }

  test("404 for an unknown user; a strong one is set and must be changed", async () => {
    const missing = await t.request("POST", "/api/admin/users/9999/password", {
      body: { newPassword: STRONG },
    });
    expect(missing.status).toBe(404);
    const reset = await t.json<{ mustChangePassword: boolean }>(
      "POST",
      `/api/admin/users/${t.ids.user}/password`,
      { body: { newPassword: STRONG }, expect: 200 },
    );
    expect(reset.mustChangePassword).toBe(true);
  });
});

describe("one's own change (PATCH /api/user/password)", () => {
  for (const [what, password, reason] of WEAK) {
    test(`refuses ${what} as the new password`, async () => {
      const res = await t.request("PATCH", "/api/user/password", {
        as: "user",
        body: { currentPassword: TEST_PASSWORD, newPassword: password("user1") },
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string> }).fields.newPassword).toMatch(
        reason,
      );
    });
  }

  test("a wrong current password is refused before the new one is judged, which is never estimated", async () => {
    const judged = spyOn(strength, "checkPassword");
    try {
      // Each new password here is one the policy refuses, the last the longest allowed:
      // the answer is still the current password's, so the policy never ran.
      for (const newPassword of ["12345678", "user1-harbour", "1!|".repeat(66).slice(0, 200)]) {
        const res = await t.request("PATCH", "/api/user/password", {
          as: "user",
          body: { currentPassword: "not-the-password", newPassword },
        });
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({
          message: "Current password is incorrect",
          code: "VALIDATION",
          fields: { currentPassword: "Current password is incorrect" },
        });
      }
      expect(judged).not.toHaveBeenCalled();
      // The right current password reaches the policy, which refuses the same new password.
      const judgedNow = await t.request("PATCH", "/api/user/password", {
        as: "user",
        body: { currentPassword: TEST_PASSWORD, newPassword: "1!|".repeat(66).slice(0, 200) },
      });
      expect(judgedNow.status).toBe(400);
      expect(
        ((await judgedNow.json()) as { fields: Record<string, string> }).fields.newPassword,
      ).toMatch(/^This password is too easy to guess/);
      expect(judged).toHaveBeenCalledTimes(1);
    } finally {
      judged.mockRestore();
    }
    const failed = t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "auth.confirm-failed"), eq(auditLog.actorId, t.ids.user)))
      .all();
    // The three wrong ones are on the record and counted; the right one cleared the count.
    expect(failed).toHaveLength(3);
  });

  test("past the throttle's limit the answer is 429 and the new password is not judged", async () => {
    for (let i = 0; i < MAX_PER_USERNAME_ADDRESS; i++) {
      const res = await t.request("PATCH", "/api/user/password", {
        as: "user",
        body: { currentPassword: `guess-${i}`, newPassword: STRONG },
      });
      expect(res.status).toBe(400);
    }
    const judged = spyOn(strength, "checkPassword");
    try {
      const refused = await t.request("PATCH", "/api/user/password", {
        as: "user",
        body: { currentPassword: TEST_PASSWORD, newPassword: "1!|".repeat(66).slice(0, 200) },
      });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(judged).not.toHaveBeenCalled();
    } finally {
      judged.mockRestore();
    }
  });

  test("someone who knows their password may have six new ones judged a minute, then 429", async () => {
    const at = Date.UTC(2026, 10, 27, 12);
    let now = at;
    t.deps.clock = () => now;
    const weak = "1!|".repeat(66).slice(0, 200);
    const change = () =>
      t.request("PATCH", "/api/user/password", {
        as: "user",
        body: { currentPassword: TEST_PASSWORD, newPassword: weak },
      });
    for (let i = 0; i < PASSWORD_CHECKS_PER_MINUTE; i++) expect((await change()).status).toBe(400);
    const judged = spyOn(strength, "checkPassword");
    try {
      const refused = await change();
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("10");
      expect(((await refused.json()) as { code: string }).code).toBe("RATE_LIMITED");
      expect(judged).not.toHaveBeenCalled();
      // Ten seconds on, one more may be judged.
      now = at + 10_000;
      expect((await change()).status).toBe(400);
      expect(judged).toHaveBeenCalledTimes(1);
    } finally {
      judged.mockRestore();
    }
  });

  test("accepts a strong one", async () => {
    const res = await t.request("PATCH", "/api/user/password", {
      as: "user",
      body: { currentPassword: TEST_PASSWORD, newPassword: STRONG },
    });
    expect(res.status).toBe(200);
    expect((await signIn("user1", STRONG)).res.status).toBe(200);
  });
});

describe("the first admin", () => {
  async function empty() {
    t.handle.sqlite.exec("DELETE FROM sessions; DELETE FROM users;");
  }

  test("a generated password is printed once and must be changed at the first sign-in", async () => {
    await empty();
    const created = await ensureFirstAdmin(t.handle.db, undefined, Date.now());
    expect(created?.generated).toBe(true);
    expect(checkPassword(created?.password ?? "", "admin").problem).toBeNull();
    const { res, cookie } = await signIn("admin", created?.password ?? "");
    expect(((await res.json()) as { mustChangePassword: boolean }).mustChangePassword).toBe(true);
    expect((await asCookie(cookie, "GET", "/api/admin/users")).status).toBe(403);
  });

  test("ADMIN_PASSWORD stands as the operator chose it, if the policy accepts it", async () => {
    await empty();
    await ensureFirstAdmin(t.handle.db, STRONG, Date.now());
    const { res } = await signIn("admin", STRONG);
    expect(((await res.json()) as { mustChangePassword: boolean }).mustChangePassword).toBe(false);
  });

  test("a weak ADMIN_PASSWORD stops the first start, saying why", async () => {
    await empty();
    for (const [weak, reason] of [
      ["admin-password", "The password must not contain the username"],
      ["12345678", "This password is too common"],
      ["        ", "The password must not be only spaces"],
    ]) {
      await expect(ensureFirstAdmin(t.handle.db, weak, Date.now())).rejects.toThrow(
        `ADMIN_PASSWORD is refused: ${reason}`,
      );
    }
    expect(t.handle.db.select().from(users).all()).toEqual([]);
  });
});
