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

export function createUser(
  page: Page,
  username: string,
  password: string,
  role: "admin" | "user" | "customer",
  customerId?: number,
): Promise<UserRow> {
  return api<UserRow>(page, "POST", "/api/admin/users", { username, password, role, customerId });
}
