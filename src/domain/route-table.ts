/**
 * The method and path of every contract, without its schemas. The web client imports this
 * as a Bun macro (`with { type: "macro" }`), so the table is computed at build time and the
 * browser bundle carries neither the contracts' zod schemas nor zod itself.
 */
import { contracts } from "./contracts";

export function routeTable() {
  return Object.fromEntries(
    Object.entries(contracts).map(([name, c]) => [name, { method: c.method, path: c.path }]),
  ) as { [N in keyof typeof contracts]: { method: string; path: string } };
}
