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
