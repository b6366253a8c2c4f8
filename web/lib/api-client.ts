import type { ZodType, z } from "zod";
import type { ResponseOf } from "../../src/domain/contract";
import type { ContractName, Contracts } from "../../src/domain/contracts";
import { routeTable } from "../../src/domain/route-table" with { type: "macro" };
import { i18n } from "../i18n";
import { translatedError } from "../i18n/errors";
import { reportUnauthorized, setServerReachable } from "./connection";
import "../i18n/areas/ui";

/**
 * The one HTTP client: credentials always sent, JSON bodies with a JSON content type, and
 * any non-OK answer raised as "STATUS: body text" (SPEC section 8) carrying the server's
 * `message` for toasts.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The server's `message` field when the body is JSON, else the full error text. */
  readonly serverMessage: string;
  /** The server's error `code` (VALIDATION, CONFLICT, ...), when the body is JSON. */
  readonly code?: string;
  readonly fields?: Record<string, string>;
  /** Why a business rule refused (422, 409; decision 070), with the values it names. */
  readonly reason?: string;
  readonly params?: Readonly<Record<string, string | number>>;

  constructor(status: number, text: string, statusText: string) {
    super(`${status}: ${text || statusText}`);
    this.name = "ApiError";
    this.status = status;
    let serverMessage = this.message;
    try {
      const body = JSON.parse(text) as {
        message?: unknown;
        code?: unknown;
        fields?: Record<string, string>;
        reason?: unknown;
        params?: unknown;
      };
      if (typeof body.message === "string") serverMessage = body.message;
      if (typeof body.code === "string") this.code = body.code;
      this.fields = body.fields;
      if (typeof body.reason === "string") this.reason = body.reason;
      if (isParams(body.params)) this.params = body.params;
    } catch {
      // not JSON: keep the whole "STATUS: text"
    }
    this.serverMessage = serverMessage;
  }
}

/** A refusal's params as the server sends them: a flat object of strings and numbers. */
function isParams(value: unknown): value is Record<string, string | number> {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === "string" || typeof v === "number")
  );
}

/**
 * The request never got an answer (the server is down or unreachable): a write may or may
 * not have been recorded. `idempotencyKey` is the key the request carried, if any, so the
 * same dialog can retry it safely.
 */
export class NetworkError extends Error {
  readonly method: string;
  readonly idempotencyKey?: string;

  constructor(method: string, idempotencyKey: string | undefined, cause: unknown) {
    super("Could not reach the server", { cause });
    this.name = "NetworkError";
    this.method = method;
    this.idempotencyKey = idempotencyKey;
  }
}

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === "AbortError";
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PATCH" | "DELETE";
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Sends a request and returns the raw response once it is known to be OK. */
export async function request(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  let body: string | undefined;
  if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const method = options.method ?? "GET";
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body,
      credentials: "include",
      signal: options.signal,
    });
  } catch (error) {
    // fetch rejects with a TypeError when no answer came (server down, network lost).
    if (!(error instanceof TypeError) || isAbort(error) || options.signal?.aborted) throw error;
    setServerReachable(false);
    throw new NetworkError(method, headers["Idempotency-Key"], error);
  }
  setServerReachable(true);
  if (response.status === 401) reportUnauthorized(path);
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    throw new ApiError(response.status, text, response.statusText);
  }
  return response;
}

export type ListParams = Record<string, string | number | undefined>;

/** Query string without the empty parameters. */
export function toSearch(params: ListParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

// The contracts' methods and paths, computed at build time (a Bun macro): the bundle gets
// this small table, not the contracts' zod schemas.
const ROUTES = routeTable();

/** An endpoint's path with its `{name}` parameters filled in. */
export function pathOf(name: ContractName, params: Record<string, string | number> = {}): string {
  const { path } = ROUTES[name];
  return path.replace(/\{([A-Za-z]+)\}/g, (_, param: string) => {
    const value = params[param];
    if (value === undefined) throw new Error(`${path} needs the parameter ${param}`);
    return encodeURIComponent(String(value));
  });
}

/** What an endpoint's body accepts, as its contract's schema declares the wire format. */
export type BodyOf<N extends ContractName> = Contracts[N] extends {
  body: infer S extends ZodType;
}
  ? z.input<S>
  : never;

/**
 * The parameters a call may send: only an operation that reads some takes any (decision 087:
 * a parameter an operation does not read, a cache buster too, is a 400).
 */
export type QueryOf<N extends ContractName> = Contracts[N] extends { query: ZodType }
  ? ListParams
  : never;

export interface CallOptions<N extends ContractName> {
  params?: Record<string, string | number>;
  query?: QueryOf<N>;
  body?: BodyOf<N>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function send<N extends ContractName>(name: N, options: CallOptions<N>): Promise<Response> {
  return request(`${pathOf(name, options.params)}${toSearch(options.query ?? {})}`, {
    method: ROUTES[name].method.toUpperCase() as RequestOptions["method"],
    body: options.body,
    headers: options.headers,
    signal: options.signal,
  });
}

/** What an endpoint answers, as its contract (src/domain/contracts.ts) declares it. */
export type Answer<N extends ContractName> = ResponseOf<Contracts[N]>;

/** One item of a paged list. */
export type Item<N extends ContractName> = Contracts[N] extends {
  response: infer S extends ZodType;
}
  ? z.output<S>
  : never;

/**
 * Calls one endpoint by its contract's name: method and path come from the contract, and
 * the answer has the type of the contract's response schema. The server's tests check
 * every answer against that schema, so this is the one place the JSON is given its type.
 */
export async function call<N extends ContractName>(
  name: N,
  options: CallOptions<N> = {},
): Promise<Answer<N>> {
  const response = await send(name, options);
  if (response.status === 204) return undefined as Answer<N>;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as Answer<N>;
}

export interface Page<T> {
  items: T[];
  total: number;
  /** More rows match than the server counted (X-Total-Count-Capped): "10,000+". */
  capped?: boolean;
}

/**
 * A paged list: the body is the array, the total is the X-Total-Count header, capped at
 * 10,000 when X-Total-Count-Capped says so.
 */
export async function callPage<N extends ContractName>(
  name: N,
  query: QueryOf<N>,
  signal?: AbortSignal,
): Promise<Page<Item<N>>> {
  const response = await send(name, { query, signal });
  const items = (await response.json()) as Item<N>[];
  const header = response.headers.get("X-Total-Count");
  const capped = response.headers.get("X-Total-Count-Capped") === "true";
  return { items, total: header === null ? items.length : Number(header), capped };
}

/**
 * What the web shows for a failed call: the server's message in English; in another language
 * a refusal written from its reason and params, else its code's translated message
 * (web/i18n/errors.ts); "Could not reach the server"
 * for no answer, else the error's own text, else `fallback` ("Something went wrong"), in the
 * language shown.
 */
export function errorMessage(error: unknown, fallback?: string): string {
  if (error instanceof ApiError) {
    return translatedError({
      code: error.code,
      message: error.serverMessage,
      reason: error.reason,
      params: error.params,
    });
  }
  if (error instanceof NetworkError) return i18n.t("ui.network.unreachable");
  if (error instanceof Error && error.message) return error.message;
  return fallback ?? i18n.t("errors.fallback");
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
