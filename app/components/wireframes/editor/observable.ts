import { useCallback, useSyncExternalStore } from "react";

/** A value with listeners: the editor's state lives in a few of these, outside React. */
export class Observable<T> {
  private listeners = new Set<() => void>();
  constructor(private value: T) {}

  get(): T {
    return this.value;
  }

  set(next: T): void {
    if (Object.is(next, this.value)) return;
    this.value = next;
    for (const listener of [...this.listeners]) listener();
  }

  update(change: (value: T) => T): void {
    this.set(change(this.value));
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

/**
 * A component re-renders only when what `select` picks changes (compared with Object.is),
 * so a pan re-renders the viewport, not the layers panel.
 */
export function useObservable<T, S>(observable: Observable<T>, select: (value: T) => S): S {
  const get = useCallback(() => select(observable.get()), [observable, select]);
  return useSyncExternalStore(observable.subscribe, get, get);
}
