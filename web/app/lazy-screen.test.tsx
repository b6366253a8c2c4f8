/**
 * The screens' lazy loading (web/app/lazy-screen.tsx): a preloaded screen renders without
 * suspending (React holds back a suspended screen's reveal, and its queries, for up to
 * 300 ms), so does one bundled with the app, a screen still loading suspends, and a chunk that failed loads again on retry.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { act, cleanup, render, screen } from "@testing-library/react";
import { type ComponentType, Suspense } from "react";
import { eagerScreen, LazyScreen, lazyScreen, retryFailedScreens } from "./lazy-screen";

afterEach(cleanup);

/** A chunk's import, answered when the test says. */
function chunk(text: string) {
  let calls = 0;
  let answer: { resolve: () => void; reject: (error: Error) => void } | null = null;
  const load = () => {
    calls++;
    return new Promise<{ default: ComponentType }>((resolve, reject) => {
      answer = { resolve: () => resolve({ default: () => <h1>{text}</h1> }), reject };
    });
  };
  return {
    load,
    calls: () => calls,
    resolve: () => answer?.resolve(),
    reject: (error: Error) => answer?.reject(error),
  };
}

/** The Suspense fallback, noting that it showed. */
function Fallback({ seen }: { seen: { fallback: boolean } }) {
  seen.fallback = true;
  return <p>suspended</p>;
}

/** Renders the screen in a Suspense boundary that records whether it ever showed. */
function renderScreen(handle: ReturnType<typeof lazyScreen>) {
  const seen = { fallback: false };
  render(
    <Suspense fallback={<Fallback seen={seen} />}>
      <LazyScreen screen={handle} />
    </Suspense>,
  );
  return seen;
}

describe("lazy screens", () => {
  test("a preloaded screen loads once and renders without suspending", async () => {
    const customers = chunk("Customers");
    const handle = lazyScreen(customers.load);
    handle.preload();
    handle.preload();
    expect(customers.calls()).toBe(1);
    await act(async () => customers.resolve());
    const seen = renderScreen(handle);
    expect(await screen.findByRole("heading", { name: "Customers" })).toBeTruthy();
    expect(seen.fallback).toBe(false);
    expect(customers.calls()).toBe(1);
  });

  test("a screen still loading suspends, then shows", async () => {
    const shops = chunk("Shops");
    const handle = lazyScreen(shops.load);
    const seen = renderScreen(handle);
    expect(await screen.findByText("suspended")).toBeTruthy();
    await act(async () => shops.resolve());
    expect(await screen.findByRole("heading", { name: "Shops" })).toBeTruthy();
    expect(seen.fallback).toBe(true);
  });

  test("a screen bundled with the app renders at once, never suspending", async () => {
    const handle = eagerScreen(() => <h1>Dashboard</h1>);
    handle.preload();
    const seen = renderScreen(handle);
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeTruthy();
    expect(seen.fallback).toBe(false);
  });

  test("a chunk that failed to preload loads again after a retry", async () => {
    const bets = chunk("Bets");
    const handle = lazyScreen(bets.load);
    handle.preload();
    await act(async () => bets.reject(new Error("network")));
    expect(handle.loaded).toBeUndefined();
    retryFailedScreens();
    handle.preload();
    expect(bets.calls()).toBe(2);
    await act(async () => bets.resolve());
    const seen = renderScreen(handle);
    expect(await screen.findByRole("heading", { name: "Bets" })).toBeTruthy();
    expect(seen.fallback).toBe(false);
  });
});
