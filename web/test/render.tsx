/**
 * Renders the app (or one component) with the real providers, a memory router and a fetch
 * mocked at the network boundary, answering per "METHOD /path" route.
 */
import { afterEach } from "bun:test";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { type DashboardStatsDto, type UserDto, userDto } from "../../src/domain/dto";
import type { Role } from "../../src/domain/enums";
import { AppProvider } from "../app/provider";
import { AppRouter } from "../app/router";
import { applyLanguage } from "../i18n";
import { createQueryClient } from "../lib/query-client";

export interface MockReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Never answers: the request stays pending. */
  pending?: boolean;
}

export type MockHandler = (request: {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}) => MockReply | unknown;

export interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
  /** The request's abort signal, if it had one (a query's: called off when cancelled). */
  signal?: AbortSignal | null;
}

/** The text of the `<dd>` after the `<dt>` that reads `name`, inside `scope` or anywhere on screen. */
export async function termValue(name: string, scope?: HTMLElement): Promise<string> {
  const term = await (scope ? within(scope) : screen).findByText(name, { selector: "dt" });
  return term.nextElementSibling?.textContent ?? "";
}

/** A reply that is a list page: the array body and its X-Total-Count. */
export function page(items: unknown[], total = items.length): MockReply {
  return { body: items, headers: { "X-Total-Count": String(total) } };
}

export function user(role: Role = "admin", id = 1): UserDto {
  return userDto.parse({
    id,
    username: `${role}-user`,
    role,
    createdAt: "2026-01-01T00:00:00.000Z",
    shopId: null,
    // A customer login's own record is customer 7, the fixtures' customer.
    customerId: role === "customer" ? 7 : null,
    disabled: false,
    mustChangePassword: false,
    lastSignInAt: null,
    oddsFormat: null,
    language: null,
  });
}

function isReply(value: unknown): value is MockReply {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    (typeof (value as MockReply).status === "number" ||
      "body" in value ||
      "pending" in value ||
      "headers" in value)
  );
}

/** Routes: "GET /api/customers/:id" style keys; unmatched calls answer 404. */
export function mockFetch(routes: Record<string, MockHandler | unknown>) {
  const calls: Call[] = [];
  const compiled = Object.entries(routes).map(([key, handler]) => {
    const [method, path] = key.split(" ") as [string, string];
    const regex = new RegExp(`^${path.replace(/:[A-Za-z]+/g, "[^/]+")}$`);
    return { method, regex, handler };
  });
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost:3000");
    const method = (init?.method ?? "GET").toUpperCase();
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    const call: Call = {
      method,
      path: url.pathname,
      search: url.searchParams,
      body,
      headers,
      signal: init?.signal,
    };
    calls.push(call);
    const route = compiled.find((r) => r.method === method && r.regex.test(url.pathname));
    if (!route) return new Response(JSON.stringify({ message: "Not found" }), { status: 404 });
    const result = typeof route.handler === "function" ? route.handler(call) : route.handler;
    const reply: MockReply = isReply(result) ? result : { body: result };
    // Never answered; called off as fetch is, when its signal aborts.
    if (reply.pending) {
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener("abort", () =>
          reject(new DOMException("The operation was aborted.", "AbortError")),
        ),
      );
    }
    const status = reply.status ?? 200;
    return new Response(
      status === 204 || reply.body === undefined ? null : JSON.stringify(reply.body),
      { status, headers: { "Content-Type": "application/json", ...reply.headers } },
    );
  }) as typeof fetch;
  return calls;
}

/**
 * The first `method` request to a path matching `path` reaches the (mock) server, so it is
 * in `calls`, but its answer is lost: fetch rejects a moment later, as when the connection
 * drops after the server wrote. Call it after rendering (it wraps the mock in place).
 */
export function loseFirstAnswer(method: string, path: RegExp): void {
  const server = globalThis.fetch;
  let lost = false;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await server(input, init);
    if (lost || init?.method !== method || !path.test(String(input))) return response;
    lost = true;
    await new Promise((resolve) => setTimeout(resolve, 10));
    throw new TypeError("Failed to fetch");
  }) as typeof fetch;
}

/** The whole app at `path`, signed in as `role` (or signed out with null). */
export function renderApp(
  path: string,
  role: Role | null,
  routes: Record<string, MockHandler | unknown> = {},
) {
  const calls = mockFetch({
    "GET /api/user": role ? user(role) : { status: 401, body: { message: "Not signed in" } },
    "GET /api/alerts": [],
    // The sidebar's shift control (issue 12): no open shift.
    "GET /api/shifts/current": null,
    "GET /api/dashboard/stats": {
      totalGivenCredit: "0.00",
      totalCreditAtStake: "0.00",
      activeBets: 0,
      totalCustomers: 0,
    } satisfies DashboardStatsDto,
    ...routes,
  });
  const location = memoryLocation({ path, record: true });
  const view = render(
    <AppProvider queryClient={createQueryClient()}>
      <Router hook={location.hook}>
        <AppRouter />
      </Router>
    </AppProvider>,
  );
  return { ...view, calls, location };
}

/** One component inside the providers (signed in as `role`). */
export function renderWithProviders(
  ui: ReactNode,
  role: Role | null,
  routes: Record<string, MockHandler | unknown> = {},
) {
  const calls = mockFetch({
    "GET /api/user": role ? user(role) : { status: 401, body: { message: "Not signed in" } },
    ...routes,
  });
  const location = memoryLocation({ path: "/", record: true });
  const view = render(
    <AppProvider queryClient={createQueryClient()}>
      <Router hook={location.hook}>{ui}</Router>
    </AppProvider>,
  );
  return { ...view, calls, location };
}

/**
 * For a block of cases in another language: after each, the screen unmounted first (a
 * language change re-renders every mounted screen), then English again.
 */
export function englishAfterEach(): void {
  afterEach(() => {
    cleanup();
    applyLanguage("en");
  });
}
