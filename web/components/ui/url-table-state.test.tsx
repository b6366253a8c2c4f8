import { describe, expect, test } from "bun:test";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { PAGE_SIZE, pageIndexOf, patchSearch, sortingOf, useTableState } from "./url-table-state";

function withLocation(path: string) {
  const location = memoryLocation({ path, record: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Router hook={location.hook} searchHook={location.searchHook}>
      {children}
    </Router>
  );
  return { location, wrapper };
}

describe("URL table state helpers", () => {
  test("page is 1-based in the URL; anything odd is the first page", () => {
    expect(pageIndexOf(null)).toBe(0);
    expect(pageIndexOf("1")).toBe(0);
    expect(pageIndexOf("3")).toBe(2);
    expect(pageIndexOf("0")).toBe(0);
    expect(pageIndexOf("-2")).toBe(0);
    expect(pageIndexOf("2.5")).toBe(0);
    expect(pageIndexOf("abc")).toBe(0);
  });

  test("sort and order, or the fallback", () => {
    const fallback = [{ id: "createdAt", desc: true }];
    expect(sortingOf(new URLSearchParams(""), fallback)).toBe(fallback);
    expect(sortingOf(new URLSearchParams("sort=odds"), fallback)).toEqual([
      { id: "odds", desc: false },
    ]);
    expect(sortingOf(new URLSearchParams("sort=odds&order=desc"), [])).toEqual([
      { id: "odds", desc: true },
    ]);
  });

  test("a patch sets values and drops empty ones, keeping the rest", () => {
    const next = patchSearch(new URLSearchParams("q=x&page=2&other=1"), {
      q: "y",
      page: undefined,
      status: "",
      type: "DEPOSIT",
    });
    expect(next.toString()).toBe("q=y&other=1&type=DEPOSIT");
  });
});

describe("useTableState", () => {
  test("reads search, sort, page and filters from the URL into the list query", () => {
    const { wrapper } = withLocation("/bets?q=cork&sort=stakeAmount&order=desc&page=3&status=WON");
    const { result } = renderHook(() => useTableState([], ["status", "shopId"]), { wrapper });
    expect(result.current.search).toBe("cork");
    expect(result.current.pageIndex).toBe(2);
    expect(result.current.sorting).toEqual([{ id: "stakeAmount", desc: true }]);
    expect(result.current.filters).toEqual({ status: "WON", shopId: "" });
    expect(result.current.filtered).toBe(true);
    expect(result.current.params).toEqual({
      limit: PAGE_SIZE,
      offset: 2 * PAGE_SIZE,
      q: "cork",
      sort: "stakeAmount",
      order: "desc",
      status: "WON",
    });
  });

  test("typing replaces the history entry; sort, page and filters push one", () => {
    const { location, wrapper } = withLocation("/bets");
    const { result } = renderHook(() => useTableState([], ["status"]), { wrapper });
    act(() => result.current.setSearch("co"));
    act(() => result.current.setSearch("cork"));
    expect(location.history).toEqual(["/bets?q=cork"]);

    act(() => result.current.setSorting([{ id: "odds", desc: false }]));
    expect(location.history.at(-1)).toBe("/bets?q=cork&sort=odds&order=asc");
    act(() => result.current.setPageIndex(1));
    expect(location.history.at(-1)).toBe("/bets?q=cork&sort=odds&order=asc&page=2");
    expect(result.current.pageIndex).toBe(1);
    expect(result.current.params.offset).toBe(PAGE_SIZE);

    // A filter goes back to the first page; clearing it removes it from the URL.
    act(() => result.current.setFilters({ status: "PENDING" }));
    expect(location.history.at(-1)).toBe("/bets?q=cork&sort=odds&order=asc&status=PENDING");
    act(() => result.current.setFilters({ status: "" }));
    expect(location.history.at(-1)).toBe("/bets?q=cork&sort=odds&order=asc");
    expect(location.history).toHaveLength(5);

    // A new search starts at page 1 again.
    act(() => result.current.setPageIndex(2));
    act(() => result.current.setSearch("galway"));
    expect(location.history.at(-1)).toBe("/bets?q=galway&sort=odds&order=asc");
    expect(result.current.pageIndex).toBe(0);
  });

  test("the default sort applies until the URL names one", () => {
    const { wrapper } = withLocation("/customers");
    const { result } = renderHook(() => useTableState([{ id: "lastName", desc: false }]), {
      wrapper,
    });
    expect(result.current.sorting).toEqual([{ id: "lastName", desc: false }]);
    expect(result.current.params).toMatchObject({ sort: "lastName", order: "asc", offset: 0 });
    expect(result.current.filtered).toBe(false);
  });
});
