/**
 * The signed-in user's preferences (issue 23 items 2 and 3, decision 065): the language and
 * the odds format in one PATCH, each optional (absent: unchanged; null: cleared), both shown
 * by GET /api/user, audited with the changed values only. DEFAULT_LANGUAGE is read at start
 * and answered in GET /api/settings.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import type { UserDto } from "../../domain/dto";
import { readEnv } from "../../env";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const prefs = (body: unknown, as: "user" | "admin" = "user") =>
  t.request("PATCH", "/api/user/preferences", { as, body });

function auditRows() {
  return t.handle.sqlite
    .query("select before, after from audit_log where action = 'user.preferences' order by id")
    .all() as { before: string; after: string }[];
}

describe("PATCH /api/user/preferences", () => {
  test("a user sets a language, keeps it beside the odds format, and clears it", async () => {
    expect((await t.json<UserDto>("GET", "/api/user", { as: "user" })).language).toBeNull();

    const german = await prefs({ language: "de" });
    expect(german.status).toBe(200);
    expect(await german.json()).toMatchObject({ language: "de", oddsFormat: null });
    expect((await t.json<UserDto>("GET", "/api/user", { as: "user" })).language).toBe("de");
    // Only one's own: the admin's stays unset.
    expect((await t.json<UserDto>("GET", "/api/user", { as: "admin" })).language).toBeNull();

    // The odds format alone leaves the language as it is.
    const odds = await t.json<UserDto>("PATCH", "/api/user/preferences", {
      as: "user",
      body: { oddsFormat: "fractional" },
    });
    expect(odds).toMatchObject({ language: "de", oddsFormat: "fractional" });

    // Both at once, one of them cleared.
    const both = await t.json<UserDto>("PATCH", "/api/user/preferences", {
      as: "user",
      body: { language: null, oddsFormat: "decimal" },
    });
    expect(both).toMatchObject({ language: null, oddsFormat: "decimal" });

    expect(auditRows().map((r) => [JSON.parse(r.before), JSON.parse(r.after)])).toEqual([
      [{ language: null }, { language: "de" }],
      [{ oddsFormat: null }, { oddsFormat: "fractional" }],
      [
        { oddsFormat: "fractional", language: "de" },
        { oddsFormat: "decimal", language: null },
      ],
    ]);
  });

  test("the same values again change nothing and write no audit row", async () => {
    await prefs({ language: "de" });
    const again = await prefs({ language: "de" });
    expect(again.status).toBe(200);
    const empty = await prefs({});
    expect(empty.status).toBe(200);
    expect(await empty.json()).toMatchObject({ language: "de" });
    expect(auditRows()).toHaveLength(1);
  });

  test("a language the web app does not speak is a 400 naming the field", async () => {
    const bad = await prefs({ language: "fr" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      fields: { language: "Language must be one of: en, de" },
    });
    expect((await t.json<UserDto>("GET", "/api/user", { as: "user" })).language).toBeNull();
  });

  test("the database refuses a language outside the list", () => {
    expect(() =>
      t.handle.sqlite.run("update users set language = 'fr' where username = 'user1'"),
    ).toThrow(/CHECK constraint/);
  });
});

describe("DEFAULT_LANGUAGE", () => {
  test("en by default, de when set, anything else stops the start", () => {
    expect(readEnv({}).DEFAULT_LANGUAGE).toBe("en");
    expect(readEnv({ DEFAULT_LANGUAGE: "de" }).DEFAULT_LANGUAGE).toBe("de");
    expect(() => readEnv({ DEFAULT_LANGUAGE: "fr" })).toThrow(/DEFAULT_LANGUAGE/);
  });

  test("GET /api/settings answers it as defaultLanguage", async () => {
    const settings = await t.json<{ defaultLanguage: string }>("GET", "/api/settings", {
      as: "user",
    });
    expect(settings.defaultLanguage).toBe("en");
    const german = await createTestApp();
    try {
      german.deps.defaultLanguage = "de";
      const answer = await german.json<{ defaultLanguage: string }>("GET", "/api/settings", {
        as: "user",
      });
      expect(answer.defaultLanguage).toBe("de");
    } finally {
      german.close();
    }
  });
});
