/**
 * The live stream's stand-in (web/lib/live.ts): the test says what the server would announce
 * on it. `installFakeEventSource()` installs it; `restoreEventSource()` (in an afterEach) puts the
 * real one back and forgets the streams opened.
 */

export class FakeEventSource {
  private readonly listeners = new Map<string, ((message: MessageEvent<string>) => void)[]>();
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    streams.push(this);
  }
  addEventListener(type: string, listener: (message: MessageEvent<string>) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data: string): void {
    for (const listener of this.listeners.get(type) ?? []) {
      listener(new MessageEvent(type, { data }));
    }
  }
  /** A `change` event as the server writes it. */
  change(entityType: string, entityId: string | null, action = "CREATE"): void {
    this.emit("change", JSON.stringify({ action, entityType, entityId }));
  }
  close(): void {}
}

/** The streams opened since the fake was installed, oldest first. */
export const streams: FakeEventSource[] = [];
const realEventSource = globalThis.EventSource;

export function installFakeEventSource(): void {
  globalThis.EventSource = FakeEventSource as unknown as typeof EventSource;
}

export function restoreEventSource(): void {
  streams.length = 0;
  globalThis.EventSource = realEventSource;
}
