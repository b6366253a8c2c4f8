/**
 * Live changes (issue 9): every committed mutation is announced to the open
 * `GET /api/events` streams of this process, with what changed and its id. One process
 * serves the whole shop (DESIGN.md section 1), so an in-memory fan-out is enough.
 */
export interface ChangeEvent {
  /** The audit action that made the change ("bet.place"), or "alert.raise". */
  action: string;
  entityType: string;
  entityId: string | null;
  at: string;
}

type Listener = (event: ChangeEvent) => void;

const listeners = new Set<Listener>();

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function publish(event: ChangeEvent): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch {
      // A stream that has gone away is dropped by its own cleanup; never fail the writer.
    }
  }
}

/** How many streams are open (tests, health). */
export function subscriberCount(): number {
  return listeners.size;
}

/** What the server says to each open stream as it stops (decision 054): come back later. */
export const SHUTDOWN_RECONNECT_MS = 3_000;
export const SHUTDOWN_EVENT = `retry: ${SHUTDOWN_RECONNECT_MS}\nevent: shutdown\ndata: {"reconnect":true}\n\n`;

/** Open streams' enders: each sends its last words and closes its stream. */
const streamEnders = new Set<(lastWords: string) => void>();

/** An open stream, to be ended when the server stops; returns its unregistration. */
export function registerStream(end: (lastWords: string) => void): () => void {
  streamEnders.add(end);
  return () => {
    streamEnders.delete(end);
  };
}

/**
 * Ends every open stream with SHUTDOWN_EVENT (a `retry:` line and a `shutdown` event), so each
 * browser reconnects a few seconds later, to the next server. Returns how many were open.
 */
export function endStreams(): number {
  const enders = [...streamEnders];
  streamEnders.clear();
  for (const end of enders) {
    try {
      end(SHUTDOWN_EVENT);
    } catch {
      // already gone
    }
  }
  return enders.length;
}
