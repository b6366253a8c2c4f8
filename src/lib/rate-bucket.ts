/**
 * Token buckets kept in memory per app (one server per database, decision 054): `perMinute`
 * requests a minute for each key, refilling continuously. Used for API tokens' requests
 * (decision 058) and for the new passwords one user may have judged (decision 072).
 */
const buckets = new WeakMap<object, Map<string, { tokens: number; at: number }>>();

/** Takes one request from `key`'s bucket: 0 when admitted, else the seconds to wait. */
export function takeFromBucket(owner: object, key: string, perMinute: number, now: number): number {
  let forApp = buckets.get(owner);
  if (!forApp) {
    forApp = new Map();
    buckets.set(owner, forApp);
  }
  const perMs = perMinute / 60_000;
  const bucket = forApp.get(key) ?? { tokens: perMinute, at: now };
  bucket.tokens = Math.min(perMinute, bucket.tokens + Math.max(0, now - bucket.at) * perMs);
  bucket.at = now;
  forApp.set(key, bucket);
  if (bucket.tokens >= 1) {
    bucket.tokens -= 1;
    return 0;
  }
  return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
}
