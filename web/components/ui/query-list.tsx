import type { ReactNode } from "react";
import { errorMessage, type Page } from "../../lib/api-client";

/** A short list from a paged query: its loading, error and empty states, then the first `limit` rows. */
export function QueryList<T>({
  query,
  limit,
  loadingText,
  emptyText,
  renderItem,
}: {
  query: { data?: Page<T>; isLoading: boolean; error: Error | null };
  limit: number;
  loadingText: string;
  emptyText: string;
  renderItem: (item: T) => ReactNode;
}) {
  if (query.isLoading) return <p className="py-4 text-center">{loadingText}</p>;
  if (query.error)
    return <p className="py-4 text-center text-error">{errorMessage(query.error)}</p>;
  if (!query.data?.items.length) {
    return <p className="py-4 text-center text-base-content/70">{emptyText}</p>;
  }
  return <ul>{query.data.items.slice(0, limit).map((item) => renderItem(item))}</ul>;
}
