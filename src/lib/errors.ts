import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * The one list of error codes (issue 8): every error body is `{ message, code, fields? }`.
 * docs/architecture.md and the OpenAPI document's ErrorBody list the same codes.
 */
export const ERROR_CODES = [
  "VALIDATION",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "UNPROCESSABLE",
  "RATE_LIMITED",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "MISDIRECTED",
  "INTERNAL",
  "STORAGE_FULL",
  /** The server is stopping (decision 054): nothing was done; try again shortly. */
  "UNAVAILABLE",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** A Host other than PUBLIC_ORIGIN's (decision 045). */
  MISDIRECTED: 421,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** The disk (or the database's size limit) is full: nothing can be saved (decision 056). */
  STORAGE_FULL: 503,
  UNAVAILABLE: 503,
};

/** An error as one line, for a log or an operator: its message, never its stack. */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * A write that failed because there is no room: SQLite's SQLITE_FULL ("database or disk is
 * full", the disk or `max_page_count`), or the system's ENOSPC (a backup's file). Read
 * workers and job workers pass only the message on, so the message counts too.
 */
export function isStorageFull(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (code === "SQLITE_FULL" || code === "ENOSPC") return true;
  return saysStorageFull(err.message);
}

/** A message (a backup's failure, a worker's error) that says the disk or database is full. */
export function saysStorageFull(text: string): boolean {
  return /database or disk is full|\bENOSPC\b|no space left on device/i.test(text);
}

/** What a caller is told when a write fails for want of room (the sign-in page shows it too). */
export const STORAGE_FULL_MESSAGE =
  "The server's disk is full, so nothing can be saved (signing in included). An administrator must free disk space; nothing already saved is lost.";

/** The one error type handlers throw; `onError` turns it into `{ message, code, fields? }`. */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
    this.status = ERROR_STATUS[code];
  }
}

/** The JSON body of an error answer. */
export function errorBody(err: AppError) {
  return err.fields
    ? { message: err.message, code: err.code, fields: err.fields }
    : { message: err.message, code: err.code };
}

export const notFound = (what: string) => new AppError("NOT_FOUND", `${what} not found`);
