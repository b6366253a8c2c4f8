import { describe, expect, test } from "bun:test";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { defaultReadWorkers, readEnv, SETTING_NAMES } from "./env";

describe("READ_WORKERS (decision 067)", () => {
  test("defaults to one read worker per core, at least 2 and at most 4", () => {
    expect([1, 2, 3, 4, 8, 64].map((cores) => defaultReadWorkers(cores))).toEqual([
      2, 2, 3, 4, 4, 4,
    ]);
    expect(readEnv({}).READ_WORKERS).toBe(defaultReadWorkers(availableParallelism()));
  });

  test("a set value wins, 0 included (reads on the request thread)", () => {
    expect(readEnv({ READ_WORKERS: "0" }).READ_WORKERS).toBe(0);
    expect(readEnv({ READ_WORKERS: "6" }).READ_WORKERS).toBe(6);
  });
});

describe("any setting left blank", () => {
  // HOST=, LOG_LEVEL=, DATABASE_PATH= once stopped the start ("Invalid"), while
  // BUSINESS_TIMEZONE= started: docs/operations.md says every blank setting is unset.
  const defaults = readEnv({});
  test.each(SETTING_NAMES)("%s= (blank or spaces) reads as unset", (name) => {
    expect(readEnv({ [name]: "" })[name]).toEqual(defaults[name]);
    expect(readEnv({ [name]: "  " })[name]).toEqual(defaults[name]);
  });
});

describe("number settings left blank", () => {
  const defaults = readEnv({});
  // Generated from the schema: every setting whose value, unset, is a number.
  const numberSettings = SETTING_NAMES.filter((name) => typeof defaults[name] === "number");

  test("the list holds every number and amount setting", () => {
    // Written out by hand, so a setting the generation misses fails here.
    expect([...numberSettings].sort() as string[]).toEqual(
      [
        "API_TOKEN_RATE_PER_MINUTE",
        "BACKUP_INTERVAL_HOURS",
        "BACKUP_KEEP",
        "BOOKS_CHECK_HOURS",
        "INTEGRITY_CHECK_HOURS",
        "LARGE_AMOUNT",
        "MIN_AGE",
        "MIN_FREE_DISK_MB",
        "PORT",
        "READ_WORKERS",
        "REPLICA_MAX_LAG_SECONDS",
        "REPLICA_RETENTION_HOURS",
        "SESSION_ABSOLUTE_HOURS",
        "SESSION_IDLE_MINUTES",
        "SHUTDOWN_GRACE_SECONDS",
        "STAFF_MAX_CREDIT_LIMIT",
      ].sort(),
    );
    expect(defaults).toMatchObject({ PORT: 3000, MIN_AGE: 18, INTEGRITY_CHECK_HOURS: 24 });
  });

  test.each(numberSettings)("%s= (blank or spaces) is unset: its default, never 0", (name) => {
    expect(readEnv({ [name]: "" })[name]).toBe(defaults[name]);
    expect(readEnv({ [name]: "   " })[name]).toBe(defaults[name]);
    expect(defaults[name]).not.toBe(0);
  });

  test.each(numberSettings)("%s=abc still stops the start, naming the setting", (name) => {
    expect(() => readEnv({ [name]: "abc" })).toThrow(`Invalid environment: ${name}: `);
  });

  test("a value given is still read, 0 included where 0 is allowed", () => {
    expect(readEnv({ PORT: "0" }).PORT).toBe(0);
    expect(readEnv({ MIN_AGE: " 21 " }).MIN_AGE).toBe(21);
    expect(readEnv({ INTEGRITY_CHECK_HOURS: "0" }).INTEGRITY_CHECK_HOURS).toBe(0);
    expect(readEnv({ LARGE_AMOUNT: "250.00" }).LARGE_AMOUNT).toBe(25_000);
  });
});

describe("PHONE_CALLING_CODE (decision 083)", () => {
  test("353 unless set; blank is unset; digits only, a code's length", () => {
    expect(readEnv({}).PHONE_CALLING_CODE).toBe("353");
    expect(readEnv({ PHONE_CALLING_CODE: "" }).PHONE_CALLING_CODE).toBe("353");
    expect(readEnv({ PHONE_CALLING_CODE: "49" }).PHONE_CALLING_CODE).toBe("49");
    expect(readEnv({ PHONE_CALLING_CODE: "1" }).PHONE_CALLING_CODE).toBe("1");
    // Written the way a number is dialled: the code's digits.
    expect(readEnv({ PHONE_CALLING_CODE: "+49" }).PHONE_CALLING_CODE).toBe("49");
    expect(readEnv({ PHONE_CALLING_CODE: "0049" }).PHONE_CALLING_CODE).toBe("49");
    for (const bad of ["4911", "de", "0", "+0", "+"]) {
      expect(() => readEnv({ PHONE_CALLING_CODE: bad })).toThrow(
        "Invalid environment: PHONE_CALLING_CODE: must be a country calling code",
      );
    }
  });
});

describe("REPLICA_MAX_LAG_SECONDS", () => {
  test("at least 5: below it a lone write's lag would raise a false alarm", () => {
    expect(readEnv({ REPLICA_MAX_LAG_SECONDS: "5" }).REPLICA_MAX_LAG_SECONDS).toBe(5);
    expect(() => readEnv({ REPLICA_MAX_LAG_SECONDS: "4" })).toThrow(
      "Invalid environment: REPLICA_MAX_LAG_SECONDS: must be at least 5",
    );
  });
});

describe("session lifetimes", () => {
  test("at most 400 days: the session cookie's Max-Age, which no browser keeps longer", () => {
    expect(readEnv({ SESSION_ABSOLUTE_HOURS: "9600" }).SESSION_ABSOLUTE_HOURS).toBe(9600);
    expect(() => readEnv({ SESSION_ABSOLUTE_HOURS: "9601" })).toThrow(
      "Invalid environment: SESSION_ABSOLUTE_HOURS: must be at most 9600 (400 days, the longest a browser keeps a cookie)",
    );
    expect(readEnv({ SESSION_IDLE_MINUTES: "576000" }).SESSION_IDLE_MINUTES).toBe(576000);
    expect(() => readEnv({ SESSION_IDLE_MINUTES: "576001" })).toThrow(
      "Invalid environment: SESSION_IDLE_MINUTES: must be at most 576000 (400 days)",
    );
  });
});

describe("WEB_DIST", () => {
  const root = join(import.meta.dir, "..");
  test("a relative folder is the project's, wherever the server was started from", () => {
    const started = process.cwd();
    process.chdir(tmpdir());
    try {
      expect(readEnv({}).WEB_DIST).toBe(join(root, "dist/web"));
      expect(readEnv({ WEB_DIST: "build/web" }).WEB_DIST).toBe(join(root, "build/web"));
      expect(readEnv({ WEB_DIST: "/srv/shop/web" }).WEB_DIST).toBe("/srv/shop/web");
    } finally {
      process.chdir(started);
    }
  });
});
