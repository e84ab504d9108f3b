/**
 * The listeners of a module's state (the session, the notifications, the connection, the waiting
 * counts, a pending build): `subscribe` adds one and returns how to remove it (what
 * `useSyncExternalStore` wants), `notify` calls each.
 */
export function listenerSet<Args extends unknown[] = []>() {
  const listeners = new Set<(...args: Args) => void>();
  return {
    subscribe(listener: (...args: Args) => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    notify(...args: Args): void {
      listeners.forEach((listener) => listener(...args));
    },
    /** Tests: forget every listener. */
    clear(): void {
      listeners.clear();
    },
  };
}
