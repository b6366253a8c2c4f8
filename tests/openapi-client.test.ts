/**
 * What an integrator does with the OpenAPI document (decision 059): generate types with
 * openapi-typescript, write a flow with openapi-fetch (sign in with an API token, add a
 * shop and a customer, deposit with an Idempotency-Key and retry it, place a bet, settle it,
 * list the bets), type-check it with `tsc --strict` (no casts, no `any`), then run it
 * against a real server process.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import { openApi } from "../src/app";
import { killRunningServers, type ServerProcess, spawnServer } from "./helpers/server-process";

const ROOT = resolve(import.meta.dir, "..");
const ADMIN_PASSWORD = "harbour-lantern-client-42";

/** The sample flow, as an integrator would write it against the generated `paths`. */
const FLOW = `import createClient from "openapi-fetch";
import type { components, paths } from "./schema";

type Bet = components["schemas"]["Bet"];
type Transaction = components["schemas"]["Transaction"];

export interface FlowResult {
  username: string;
  deposit: Transaction;
  retried: Transaction;
  settled: Bet;
  bets: Bet[];
  total: string | null;
}

export async function flow(baseUrl: string, token: string, key: string): Promise<FlowResult> {
  const client = createClient<paths>({ baseUrl, headers: { Authorization: \`Bearer \${token}\` } });

  const me = await client.GET("/api/user");
  if (!me.data) throw new Error(\`who am I: \${me.response.status}\`);

  const shop = await client.POST("/api/shops", {
    body: { name: "Harbour Road", location: "Cork" },
  });
  if (!shop.data) throw new Error(\`shop: \${shop.error?.message}\`);

  const customer = await client.POST("/api/customers", {
    body: { firstName: "Grace", lastName: "Hopper", creditLimit: "0" },
  });
  if (!customer.data) throw new Error(\`customer: \${customer.error?.message}\`);
  const customerId = customer.data.id;
  const shopId = shop.data.id;

  // The same key twice: the second answer is the first one, and no money moves again.
  const deposit = () =>
    client.POST("/api/deposits", {
      params: { header: { "idempotency-key": key } },
      body: { customerId, shopId, amount: "50.00" },
    });
  const first = await deposit();
  if (!first.data) throw new Error(\`deposit: \${first.error?.message}\`);
  const again = await deposit();
  if (!again.data) throw new Error(\`deposit again: \${again.error?.message}\`);

  const bet = await client.POST("/api/bets", {
    params: { header: { "idempotency-key": \`\${key}-bet\` } },
    body: { customerId, shopId, description: "Race 7, Blue Lantern", stakeAmount: "10.00", odds: "2.50" },
  });
  if (!bet.data) throw new Error(\`bet: \${bet.error?.message}\`);

  const settled = await client.PATCH("/api/bets/{id}/resolve", {
    params: { path: { id: String(bet.data.id) } },
    body: { status: "WON" },
  });
  if (!settled.data) throw new Error(\`settle: \${settled.error?.message}\`);

  const list = await client.GET("/api/bets", {
    params: { query: { customerId, limit: 10, sort: "createdAt", order: "desc" } },
  });
  if (!list.data) throw new Error(\`bets: \${list.error?.message}\`);
  // The JSON page is an array of bets, not a union with the CSV download.
  const bets: Bet[] = list.data;

  return {
    username: me.data.username,
    deposit: first.data,
    retried: again.data,
    settled: settled.data,
    bets,
    total: list.response.headers.get("X-Total-Count"),
  };
}
`;

const TSCONFIG = {
  compilerOptions: {
    target: "ES2022",
    module: "ESNext",
    moduleResolution: "bundler",
    lib: ["ES2022", "DOM", "DOM.Iterable"],
    strict: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    skipLibCheck: false,
    types: [],
  },
  files: ["flow.ts", "schema.ts"],
};

/** What this test reads of the flow's answer (flow.ts is checked on its own by tsc). */
interface SampleFlow {
  flow(
    baseUrl: string,
    token: string,
    key: string,
  ): Promise<{
    username: string;
    deposit: { id: number; amount: string };
    retried: { id: number };
    settled: { id: number; status: string };
    bets: { id: number }[];
    total: string | null;
  }>;
}

let dir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "openapi-client-"));
  // The flow's imports resolve as in an integrator's project with both packages installed.
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  const ast = await openapiTS(structuredClone(openApi) as never);
  await Bun.write(join(dir, "schema.ts"), astToString(ast));
  await Bun.write(join(dir, "flow.ts"), FLOW);
  await Bun.write(join(dir, "tsconfig.json"), JSON.stringify(TSCONFIG, null, 2));
});

afterAll(async () => {
  await killRunningServers();
  rmSync(dir, { recursive: true, force: true });
});

describe("a client generated from the OpenAPI document", () => {
  test("the flow has no casts and no any", () => {
    const code = FLOW.replace(/\/\/.*$/gm, "");
    expect(code).not.toMatch(/\bas\b|\bany\b|<unknown>|!\./);
  });

  test("the sample flow type-checks with tsc --strict", async () => {
    const tsc = join(ROOT, "node_modules/typescript/bin/tsc");
    const proc = Bun.spawn([process.execPath, tsc, "-p", join(dir, "tsconfig.json")], {
      cwd: dir,
      stdout: "pipe",
      stderr: "pipe",
    });
    const [out, err, code] = await Promise.all([
      new Response(proc.stdout).text(),
      new Response(proc.stderr).text(),
      proc.exited,
    ]);
    expect(`${out}${err}`).toBe("");
    expect(code).toBe(0);
  }, 120_000);

  test("the generated types keep every JSON list an array", async () => {
    const schema = await Bun.file(join(dir, "schema.ts")).text();
    // No operation's 200 mixes JSON and CSV: CSV is described beside it (x-csv).
    expect(schema).not.toContain('"text/csv"');
  });

  test("the flow runs against a real server with a token an admin made", async () => {
    server = await spawnServer(join(dir, "shop.db"), ADMIN_PASSWORD);
    const origin = server.url;
    const login = await fetch(`${origin}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin },
      body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const made = await fetch(`${origin}/api/admin/tokens`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin, Cookie: cookie },
      body: JSON.stringify({ name: "Integration", role: "user" }),
    });
    expect(made.status).toBe(201);
    const { token } = (await made.json()) as { token: string };

    const sample: SampleFlow = await import(join(dir, "flow.ts"));
    const result = await sample.flow(origin, token, crypto.randomUUID());
    expect(result.deposit.amount).toBe("50.00");
    // The retry answered the first deposit: the same row, no second one.
    expect(result.retried.id).toBe(result.deposit.id);
    expect(result.settled.status).toBe("WON");
    expect(result.bets.map((b) => b.id)).toEqual([result.settled.id]);
    expect(result.total).toBe("1");
  }, 120_000);
});
