import { type ZodType, z } from "zod";
import type { Contract, ResponseOf } from "../../src/domain/contract";

/**
 * The one HTTP client: credentials always sent, JSON bodies with a JSON content type, and
 * any non-OK answer raised as "STATUS: body text" (SPEC section 8) carrying the server's
 * `message` for toasts.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The server's `message` field when the body is JSON, else the full error text. */
  readonly serverMessage: string;
  readonly fields?: Record<string, string>;

  constructor(status: number, text: string, statusText: string) {
    super(`${status}: ${text || statusText}`);
    this.name = "ApiError";
    this.status = status;
    let serverMessage = this.message;
    try {
      const body = JSON.parse(text) as { message?: unknown; fields?: Record<string, string> };
      if (typeof body.message === "string") serverMessage = body.message;
      this.fields = body.fields;
    } catch {
      // not JSON: keep the whole "STATUS: text"
    }
    this.serverMessage = serverMessage;
  }
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
  const response = await fetch(path, {
    method: options.method ?? "GET",
    headers,
    body,
    credentials: "include",
    signal: options.signal,
  });
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

/** A contract's path with its `{name}` parameters filled in. */
export function pathOf(contract: Contract, params: Record<string, string | number> = {}): string {
  return contract.path.replace(/\{([A-Za-z]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${contract.path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

export interface CallOptions {
  params?: Record<string, string | number>;
  query?: ListParams;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The answer to a call, checked against the contract's response schema. */
function parseAnswer<S extends ZodType>(contract: Contract, schema: S, json: unknown): z.output<S> {
  const result = schema.safeParse(json);
  if (!result.success) {
    throw new ApiError(
      0,
      `The server's answer to ${contract.method.toUpperCase()} ${contract.path} does not match its contract`,
      "Unexpected answer",
    );
  }
  return result.data;
}

function send(contract: Contract, options: CallOptions): Promise<Response> {
  return request(`${pathOf(contract, options.params)}${toSearch(options.query ?? {})}`, {
    method: contract.method.toUpperCase() as RequestOptions["method"],
    body: options.body,
    headers: options.headers,
    signal: options.signal,
  });
}

/**
 * Calls one endpoint as its contract (src/domain/contracts.ts) declares it: method, path,
 * and an answer parsed by the contract's own response schema, so its type is the
 * server's, never a cast.
 */
export async function call<C extends Contract>(
  contract: C,
  options: CallOptions = {},
): Promise<ResponseOf<C>> {
  const response = await send(contract, options);
  if (!contract.response || response.status === 204) {
    return undefined as never;
  }
  const schema = contract.paged ? z.array(contract.response) : contract.response;
  return parseAnswer(contract, schema, await response.json()) as never;
}

export interface Page<T> {
  items: T[];
  total: number;
}

/** A paged list: the body is the array, the total is the X-Total-Count header. */
export async function callPage<C extends Contract & { paged: true; response: ZodType }>(
  contract: C,
  query: ListParams,
  signal?: AbortSignal,
): Promise<Page<z.output<C["response"]>>> {
  const response = await send(contract, { query, signal });
  const item: C["response"] = contract.response;
  const items = parseAnswer(contract, z.array(item), await response.json());
  const header = response.headers.get("X-Total-Count");
  return { items, total: header === null ? items.length : Number(header) };
}

/** The message a toast shows for a failed call. */
export function errorMessage(error: unknown, fallback = "Something went wrong"): string {
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
