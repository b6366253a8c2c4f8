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

/** JSON response, or undefined for an empty body (204). */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await request(path, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface Page<T> {
  items: T[];
  total: number;
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

/** A paged list: the body is the array, the total is the X-Total-Count header. */
export async function apiPage<T>(
  path: string,
  params: ListParams,
  signal?: AbortSignal,
): Promise<Page<T>> {
  const response = await request(`${path}${toSearch(params)}`, { signal });
  const items = (await response.json()) as T[];
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
