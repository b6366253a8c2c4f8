/**
 * Test data made through the real API as a signed-in page (same cookies, same origin):
 * the flows create what they need with unique names instead of sharing fixtures.
 */
import type { Page } from "playwright-core";
import { api } from "./harness";

export interface ShopRow {
  id: number;
  name: string;
  location: string;
  balance: string;
}

export interface CustomerRow {
  id: number;
  firstName: string;
  lastName: string;
  balance: string;
  creditLimit: string;
}

export interface BetRow {
  id: number;
  description: string;
  status: string;
}

export interface TransactionRow {
  id: number;
  type: string;
  amount: string;
}

export interface UserRow {
  id: number;
  username: string;
  role: string;
}

export function createShop(
  page: Page,
  name: string,
  extra: { location?: string; address?: string; phone?: string } = {},
): Promise<ShopRow> {
  return api<ShopRow>(page, "POST", "/api/shops", {
    name,
    location: extra.location ?? "Dublin",
    address: extra.address ?? null,
    phone: extra.phone ?? null,
    isActive: true,
  });
}

export function createCustomer(
  page: Page,
  firstName: string,
  lastName: string,
  extra: {
    creditLimit?: string;
    allowOverdraft?: boolean;
    email?: string;
    phone?: string;
    address?: string;
  } = {},
): Promise<CustomerRow> {
  return api<CustomerRow>(page, "POST", "/api/customers", {
    firstName,
    lastName,
    email: extra.email ?? null,
    phone: extra.phone ?? null,
    address: extra.address ?? null,
    creditLimit: extra.creditLimit ?? "0.00",
    allowOverdraft: extra.allowOverdraft ?? false,
  });
}

export function deposit(
  page: Page,
  customerId: number,
  shopId: number,
  amount: string,
  description = "Cash deposit",
): Promise<TransactionRow> {
  return api<TransactionRow>(page, "POST", "/api/deposits", {
    customerId,
    shopId,
    amount,
    description,
  });
}

export function withdraw(
  page: Page,
  customerId: number,
  shopId: number,
  amount: string,
  description = "Cash withdrawal",
): Promise<TransactionRow> {
  return api<TransactionRow>(page, "POST", "/api/withdrawals", {
    customerId,
    shopId,
    amount,
    description,
  });
}

export function placeBet(
  page: Page,
  bet: {
    customerId: number;
    shopId: number;
    description: string;
    stakeAmount: string;
    odds: string;
    outcome?: "PENDING" | "WON" | "LOST" | "VOID";
    voidReason?: string;
  },
): Promise<BetRow> {
  return api<BetRow>(page, "POST", "/api/bets", {
    allowOvercredit: false,
    outcome: "PENDING",
    ...bet,
  });
}

export function resolveBet(
  page: Page,
  id: number,
  status: "WON" | "LOST" | "VOID",
  voidReason?: string,
): Promise<BetRow> {
  return api<BetRow>(page, "PATCH", `/api/bets/${id}/resolve`, { status, voidReason });
}

/**
 * A user as an admin creates one: `password` is the admin's, which the user must replace at
 * the first sign-in (decision 046). For an account a test signs in to, use createAccount.
 */
export function createUser(
  page: Page,
  username: string,
  password: string,
  role: "admin" | "user" | "customer",
  customerId?: number,
): Promise<UserRow> {
  return api<UserRow>(page, "POST", "/api/admin/users", { username, password, role, customerId });
}

/**
 * A user who signs in with `password` and works at once, made the way a real account comes
 * to work (decision 046): the admin creates it with a temporary password, and the user signs
 * in once (outside the browser, so no page's session changes), chooses `password`, signs out.
 */
export async function createAccount(
  page: Page,
  username: string,
  password: string,
  role: "admin" | "user" | "customer",
  customerId?: number,
): Promise<UserRow> {
  const temporary = `Temporary-${password}`;
  const user = await createUser(page, username, temporary, role, customerId);
  const origin = new URL(page.url()).origin;
  const send = async (method: string, path: string, body: unknown, cookie?: string) => {
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: {
        "Content-Type": "application/json",
        Origin: origin,
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok)
      throw new Error(`${method} ${path} as ${username}: ${res.status} ${await res.text()}`);
    return res;
  };
  const login = await send("POST", "/api/login", { username, password: temporary });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  await send(
    "PATCH",
    "/api/user/password",
    { currentPassword: temporary, newPassword: password },
    cookie,
  );
  await send("POST", "/api/logout", undefined, cookie);
  return user;
}
