/**
 * Issue 20, "scoping declared, not repeated": a generated test. It walks every contract a
 * customer login may call (src/domain/contracts.ts), fills each path parameter and each id
 * filter with another customer's ids (her customer, bet, slip, ledger row; another user), adds
 * searches for her name, asks for JSON and CSV, and sends each call through the real app as a
 * customer login. What may come back depends on the contract's declared scope, and never
 * anything of hers:
 * - no answer holds any of her marks (names, e-mail, slip code, bet description);
 * - a detail of hers is 404, though staff get it;
 * - lists and figures are unchanged when she bets and deposits again, though staff's change;
 * - "shared" answers are the same as staff's; "no-tills" shows no till balance;
 * - a customer login linked to no record sees nothing at all, not even the first customer.
 * A contract that admits customers without a scope fails here (and in implement()).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { z } from "zod";
import {
  createAccount,
  createTestApp,
  ORIGIN,
  seedBasics,
  type TestApp,
} from "../../tests/helpers/test-app";
import type { Contract } from "../domain/contract";
import { contracts } from "../domain/contracts";
import { admitsCustomers } from "./scope";

/** The other customer's marks: none may appear in any answer a customer login gets. */
const HER = { firstName: "Zebedee", lastName: "Otherton", email: "zebedee@otherton.example" };
/** The first customer (seedBasics' Ada Lovelace): her own rows show her name. */
const OWN_MARK = "Lovelace";

const customerContracts = Object.entries(contracts as Record<string, Contract>).filter(([, c]) =>
  admitsCustomers(c),
);

interface Ids {
  customers: number | string;
  bets: number | string;
  slips: string;
  transactions: number;
  users: number;
  shops: number;
}

interface Probe {
  name: string;
  contract: Contract;
  url: string;
  /** Built from the other customer's ids or searches (not the caller's own). */
  aimsAtHer: boolean;
  /** A detail (a path id) of hers: 404 for a customer login. */
  herDetail: boolean;
}

let t: TestApp;
let own: Ids;
let hers: Ids;
let herMarks: string[];
let adaCookie: string;
let nobodyCookie: string;
let probes: Probe[];

async function send(cookie: string, url: string) {
  const res = await t.app.request(`${ORIGIN}${url}`, {
    headers: { Cookie: cookie, Origin: ORIGIN },
  });
  return { status: res.status, text: await res.text() };
}

const pathOf = (contract: Contract, ids: Ids) =>
  contract.path.replace(/\/([a-z-]+)\/\{(\w+)\}/g, (_all, resource: string, param: string) => {
    const value = ids[resource as keyof Ids];
    if (value === undefined) {
      throw new Error(`${contract.path}: no probe value for {${param}} under /${resource}/`);
    }
    return `/${resource}/${encodeURIComponent(String(value))}`;
  });

/** The id filters and searches a list takes, each aimed at the other customer. */
function queryProbes(contract: Contract): { query: Record<string, string>; aimsAtHer: boolean }[] {
  const shape = (contract.query as z.ZodObject | undefined)?.shape ?? {};
  const probes: { query: Record<string, string>; aimsAtHer: boolean }[] = [
    { query: {}, aimsAtHer: false },
  ];
  const filters: Record<string, string> = {
    customerId: String(hers.customers),
    betId: String(hers.bets),
    userId: String(hers.users),
    shopId: String(hers.shops),
    q: HER.lastName,
  };
  for (const [key, value] of Object.entries(filters)) {
    if (key in shape) probes.push({ query: { [key]: value }, aimsAtHer: key !== "shopId" });
  }
  if ("q" in shape) probes.push({ query: { q: HER.email }, aimsAtHer: true });
  if ("sort" in shape && contract.scope === "no-tills") {
    probes.push({ query: { sort: "balance" }, aimsAtHer: false });
  }
  if ("format" in shape) {
    for (const probe of [...probes]) {
      probes.push({ query: { ...probe.query, format: "csv" }, aimsAtHer: probe.aimsAtHer });
    }
  }
  return probes;
}

function buildProbes(): Probe[] {
  const built: Probe[] = [];
  for (const [name, contract] of customerContracts) {
    if (contract.method !== "get") continue;
    const hasPath = contract.path.includes("{");
    const paths = hasPath
      ? [
          { path: pathOf(contract, hers), herDetail: true },
          { path: pathOf(contract, own), herDetail: false },
        ]
      : [{ path: contract.path, herDetail: false }];
    for (const { path, herDetail } of paths) {
      for (const { query, aimsAtHer } of queryProbes(contract)) {
        const search = new URLSearchParams(query).toString();
        built.push({
          name,
          contract,
          url: search ? `${path}?${search}` : path,
          aimsAtHer: aimsAtHer || herDetail,
          herDetail,
        });
      }
    }
  }
  return built;
}

/** A detail whose path id names another customer's row (not a shared one like a shop). */
const isPrivateDetail = (probe: Probe) =>
  probe.herDetail && ["customer", "bet", "self"].includes(probe.contract.scope ?? "");

beforeAll(async () => {
  t = await createTestApp();
  const clockAt = Date.UTC(2026, 10, 25, 12);
  t.deps.clock = () => clockAt;
  const basics = await seedBasics(t, { creditLimit: "100" });
  const her = await t.json<{ id: number }>("POST", "/api/customers", {
    body: { ...HER, creditLimit: "50" },
  });
  const deposit = (customerId: number) =>
    t.json<{ id: number }>("POST", "/api/deposits", {
      body: { customerId, shopId: basics.shopId, amount: "20.00" },
    });
  const bet = (customerId: number, description: string) =>
    t.json<{ id: number }>("POST", "/api/bets", {
      body: { customerId, shopId: basics.shopId, description, stakeAmount: "5", odds: "2" },
    });
  const ownTx = await deposit(basics.customerId);
  const herTx = await deposit(her.id);
  const ownBet = await bet(basics.customerId, "Ada's wager");
  const herBet = await bet(her.id, `${HER.lastName} wager`);
  // A settled bet of hers has a settlement history too.
  await t.json("PATCH", `/api/bets/${herBet.id}/resolve`, {
    body: { status: "LOST" },
    expect: 200,
  });
  const slip = (betId: number) =>
    t.json<{ code: string }>("GET", `/api/bets/${betId}/slip`).then((s) => s.code);
  // Created by an admin, signed in and past the forced password change (decision 046).
  const ada = await createAccount(t, {
    username: "ada",
    role: "customer",
    customerId: basics.customerId,
  });
  own = {
    customers: basics.customerId,
    bets: ownBet.id,
    slips: await slip(ownBet.id),
    transactions: ownTx.id,
    users: ada.id,
    shops: basics.shopId,
  };
  hers = {
    customers: her.id,
    bets: herBet.id,
    slips: await slip(herBet.id),
    transactions: herTx.id,
    users: t.ids.admin,
    shops: basics.shopId,
  };
  herMarks = [HER.firstName, HER.lastName, HER.email, String(hers.slips)];
  adaCookie = ada.cookie;
  // The test app's customer1 is a customer login linked to no record.
  nobodyCookie = t.cookies.customer;
  probes = buildProbes();
});
afterAll(() => t.close());

describe("scopes are declared", () => {
  test("every contract that admits customers declares what they may read", () => {
    const undeclared = customerContracts.filter(([, c]) => !c.scope).map(([name]) => name);
    expect(undeclared).toEqual([]);
    expect(customerContracts.length).toBeGreaterThanOrEqual(15);
  });

  test("the walk reaches every read a customer may call, with her ids and searches", () => {
    const reads = customerContracts.filter(([, c]) => c.method === "get").map(([name]) => name);
    expect(new Set(probes.map((p) => p.name))).toEqual(new Set(reads));
    for (const name of ["getCustomer", "getBet", "getBetSlip", "listBetSettlements", "getUser"]) {
      expect(probes.some((p) => p.name === name && p.herDetail)).toBe(true);
    }
    expect(probes.some((p) => p.url.includes(`customerId=${hers.customers}`))).toBe(true);
    expect(probes.some((p) => p.url.includes("format=csv"))).toBe(true);
  });
});

describe("a customer login asking for another customer's rows", () => {
  /** Ada's answer to every probe, to compare after the other customer acts again. */
  const first = new Map<string, string>();

  test("never gets any of hers: 404 for her details, only its own rows in lists", async () => {
    for (const probe of probes) {
      const got = await send(adaCookie, probe.url);
      const where = `${probe.name} ${probe.url}`;
      if (isPrivateDetail(probe)) {
        expect(`${where} -> ${got.status}`).toBe(`${where} -> 404`);
      } else {
        expect(`${where} -> ${got.status}`).toBe(`${where} -> 200`);
      }
      for (const mark of herMarks) {
        if (got.text.includes(mark))
          throw new Error(`${where} shows "${mark}": ${got.text.slice(0, 300)}`);
      }
      first.set(probe.url, got.text);
    }
  });

  test("a list filtered to her customer id is empty, not its own rows under her filter", async () => {
    const filtered = probes.filter(
      (p) => p.contract.scope === "own-list" && p.url.includes(`customerId=${hers.customers}`),
    );
    expect(filtered.length).toBeGreaterThan(0);
    for (const probe of filtered) {
      const text = first.get(probe.url) ?? "";
      const rows = probe.url.includes("format=csv")
        ? text
            .replace(/^\uFEFF/, "")
            .trim()
            .split("\n")
            .slice(1)
        : (JSON.parse(text) as unknown[]);
      expect(`${probe.url}: ${rows.length}`).toBe(`${probe.url}: 0`);
    }
  });

  test("paging from one of her rows answers as paging from a row that is not there", async () => {
    const paging = customerContracts.filter(
      ([, c]) =>
        c.method === "get" &&
        c.paged &&
        (c.scope === "own-list" || c.scope === "own-rows") &&
        "after" in ((c.query as z.ZodObject).shape ?? {}),
    );
    expect(paging.map(([name]) => name).sort()).toEqual(
      ["listBets", "listCustomers", "listTransactions"].sort(),
    );
    const missing = 987_654_321;
    let compared = 0;
    for (const [name, contract] of paging) {
      const resource = contract.path.split("/")[2] as keyof Ids;
      const herId = Number(hers[resource]);
      for (const param of ["after", "before"]) {
        for (const sort of ["", "&sort=amount", "&sort=stakeAmount", "&sort=balance"]) {
          const url = (id: number) => `${contract.path}?${param}=${id}${sort}`;
          const gone = await send(adaCookie, url(missing));
          if (gone.status !== 400 || !gone.text.includes(`there is no row #${missing}`)) continue;
          const got = await send(adaCookie, url(herId));
          const where = `${name} ${url(herId)}`;
          expect(`${where} -> ${got.status}`).toBe(`${where} -> 400`);
          expect(got.text).toBe(gone.text.replaceAll(String(missing), String(herId)));
          // Staff page from it (the probe aims true).
          const staff = await send(t.cookies.admin, url(herId));
          expect(`${where} (admin) -> ${staff.status}`).toBe(`${where} (admin) -> 200`);
          compared++;
        }
      }
    }
    // Each list by its default sort at least, both ways (a sort it lacks is a 400, skipped).
    expect(compared).toBeGreaterThanOrEqual(paging.length * 2);
  });

  test("staff get her rows through the same calls (the probes aim true)", async () => {
    for (const probe of probes) {
      const scope = probe.contract.scope;
      if (!probe.aimsAtHer || !["customer", "bet", "own-list", "own-rows"].includes(scope ?? "")) {
        continue;
      }
      if (!probe.contract.paged && !probe.herDetail) continue; // figures: see the next test
      const got = await send(t.cookies.admin, probe.url);
      const where = `${probe.name} ${probe.url} (admin)`;
      expect(`${where} -> ${got.status}`).toBe(`${where} -> 200`);
      if (probe.contract.paged && probe.url.includes("customerId=")) {
        // Her own filter: staff see her rows.
        expect(herMarks.some((mark) => got.text.includes(mark))).toBe(true);
      }
    }
  });

  test("its own rows are there: the lists are narrowed, not emptied", async () => {
    for (const probe of probes) {
      const { scope, paged } = probe.contract;
      if (!paged || probe.aimsAtHer || !["own-list", "own-rows"].includes(scope ?? "")) continue;
      const text = first.get(probe.url) ?? "";
      expect(`${probe.url}: ${text.includes(OWN_MARK)}`).toBe(`${probe.url}: true`);
    }
  });

  test("lists and figures do not move when she bets and deposits again (staff's do)", async () => {
    const staffBefore = await send(t.cookies.admin, "/api/dashboard/stats");
    await t.json("POST", "/api/deposits", {
      body: { customerId: hers.customers, shopId: hers.shops, amount: "30.00" },
    });
    await t.json("POST", "/api/bets", {
      body: {
        customerId: hers.customers,
        shopId: hers.shops,
        description: `${HER.lastName} again`,
        stakeAmount: "7",
        odds: "3",
      },
    });
    await t.json("POST", "/api/customers", {
      body: { firstName: "Carla", lastName: "Thirdly", creditLimit: "10" },
    });
    expect((await send(t.cookies.admin, "/api/dashboard/stats")).text).not.toBe(staffBefore.text);
    for (const probe of probes) {
      if (probe.contract.scope === "shared" || probe.contract.scope === "no-tills") continue;
      const got = await send(adaCookie, probe.url);
      expect(`${probe.url}: ${got.text}`).toBe(`${probe.url}: ${first.get(probe.url)}`);
    }
  });

  test('"shared" answers are staff\'s; "no-tills" shows no till balance', async () => {
    for (const probe of probes) {
      const scope = probe.contract.scope;
      if (scope === "shared") {
        const staff = await send(t.cookies.admin, probe.url);
        expect(`${probe.url}: ${(await send(adaCookie, probe.url)).text === staff.text}`).toBe(
          `${probe.url}: true`,
        );
      }
      if (scope === "no-tills") {
        const got = await send(adaCookie, probe.url);
        const staff = await send(t.cookies.admin, probe.url);
        if (probe.url.includes("format=csv")) {
          const header =
            got.text
              .replace(/^\uFEFF/, "")
              .split("\n")[0]
              ?.split(",") ?? [];
          const column = header.indexOf("balance");
          expect(column).toBeGreaterThanOrEqual(0);
          for (const line of got.text.trim().split("\n").slice(1)) {
            expect(line.split(",")[column]).toBe("");
          }
          continue;
        }
        const body = JSON.parse(got.text) as { balance: unknown } | { balance: unknown }[];
        for (const shop of Array.isArray(body) ? body : [body]) expect(shop.balance).toBeNull();
        const staffBody = JSON.parse(staff.text) as { balance: unknown } | { balance: unknown }[];
        for (const shop of Array.isArray(staffBody) ? staffBody : [staffBody]) {
          expect(shop.balance).not.toBeNull();
        }
      }
    }
  });
});

describe("a customer login linked to no record", () => {
  test("sees nothing: 404 for any customer's detail, empty lists, zero figures", async () => {
    for (const probe of probes) {
      const scope = probe.contract.scope;
      // Its own user, the shops and the shared answers are not a customer's rows.
      if (scope === "self" || scope === "shared" || scope === "no-tills") continue;
      const got = await send(nobodyCookie, probe.url);
      const where = `${probe.name} ${probe.url}`;
      if (scope === "customer" || scope === "bet") {
        expect(`${where} -> ${got.status}`).toBe(`${where} -> 404`);
        continue;
      }
      expect(`${where} -> ${got.status}`).toBe(`${where} -> 200`);
      for (const mark of [...herMarks, OWN_MARK]) {
        if (got.text.includes(mark)) throw new Error(`${where} shows "${mark}"`);
      }
      if (probe.contract.paged && !probe.url.includes("format=csv")) {
        expect(`${where}: ${got.text}`).toBe(`${where}: []`);
      }
    }
    const figures = JSON.parse((await send(nobodyCookie, "/api/dashboard/stats")).text);
    expect(figures).toMatchObject({ activeBets: 0, totalCustomers: 0 });
    const counts = JSON.parse((await send(nobodyCookie, "/api/counts")).text);
    expect(counts).toMatchObject({ customers: 0, pendingBets: 0, alerts: 0 });
  });
});
