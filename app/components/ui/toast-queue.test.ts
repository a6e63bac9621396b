import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createToastTimers, normalizeToast, toastReducer, type Toast, type ToastAction } from "./toast-queue";

/** A reducer-backed store, as the provider keeps it, so the timers act on real state. */
function store(initial: Toast[] = []) {
  let state = initial;
  const dispatch = (action: ToastAction) => {
    state = toastReducer(state, action);
  };
  const timers = createToastTimers(dispatch, 200);
  const add = (t: Toast) => {
    dispatch({ type: "add", toasts: [t] });
    timers.schedule(t);
  };
  return { get: () => state, add, timers };
}

const make = (input: Parameters<typeof normalizeToast>[0], id = "t1") => normalizeToast(input, () => id);

describe("normalizeToast", () => {
  it("fills the spec's defaults: default variant, 5000 ms, dismissible", () => {
    expect(make({ title: "Saved" })).toEqual({
      id: "t1",
      title: "Saved",
      description: undefined,
      variant: "default",
      duration: 5000,
      dismissible: true,
      action: undefined,
      phase: "open",
    });
  });

  it("keeps a given id, variant, duration and action", () => {
    const t = normalizeToast({ id: "x", variant: "error", duration: 0, action: { label: "Undo", href: "/u" } });
    expect(t).toMatchObject({ id: "x", variant: "error", duration: 0, action: { label: "Undo", href: "/u" } });
  });
});

describe("toastReducer", () => {
  it("adds newest last and ignores an id already shown", () => {
    const a = make({ title: "A" }, "a");
    const b = make({ title: "B" }, "b");
    let state = toastReducer([], { type: "add", toasts: [a] });
    state = toastReducer(state, { type: "add", toasts: [a, b] });
    expect(state.map((t) => t.id)).toEqual(["a", "b"]);
    expect(toastReducer(state, { type: "add", toasts: [b] })).toBe(state);
  });

  it("closes, then removes", () => {
    const state = toastReducer([], { type: "add", toasts: [make({})] });
    const closing = toastReducer(state, { type: "close", id: "t1" });
    expect(closing[0]?.phase).toBe("closing");
    expect(toastReducer(closing, { type: "remove", id: "t1" })).toEqual([]);
  });
});

describe("toast timers", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("auto-dismisses after the default 5000 ms, with a 200 ms exit", () => {
    const s = store();
    s.add(make({ title: "Hello" }));
    vi.advanceTimersByTime(4999);
    expect(s.get()[0]?.phase).toBe("open");
    vi.advanceTimersByTime(1);
    expect(s.get()[0]?.phase).toBe("closing");
    vi.advanceTimersByTime(199);
    expect(s.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(s.get()).toEqual([]);
  });

  it("honours a custom duration", () => {
    const s = store();
    s.add(make({ duration: 1000 }));
    vi.advanceTimersByTime(1000);
    expect(s.get()[0]?.phase).toBe("closing");
  });

  it.each([0, -1])("keeps a toast with duration %i until dismissed", (duration) => {
    const s = store();
    s.add(make({ duration }));
    vi.advanceTimersByTime(60_000);
    expect(s.get()).toHaveLength(1);
    s.timers.dismiss("t1");
    expect(s.get()[0]?.phase).toBe("closing");
    vi.advanceTimersByTime(200);
    expect(s.get()).toEqual([]);
  });

  it("pauses while held and restarts the clock on release", () => {
    const s = store();
    const t = make({ duration: 1000 });
    s.add(t);
    vi.advanceTimersByTime(900);
    s.timers.pause("t1");
    vi.advanceTimersByTime(5000);
    expect(s.get()[0]?.phase).toBe("open");
    s.timers.schedule(t);
    vi.advanceTimersByTime(1000);
    expect(s.get()[0]?.phase).toBe("closing");
  });

  it("never strands a closing toast when paused during its exit", () => {
    const s = store();
    s.add(make({}));
    s.timers.dismiss("t1");
    s.timers.pause("t1");
    s.timers.dismiss("t1");
    vi.advanceTimersByTime(200);
    expect(s.get()).toEqual([]);
  });

  it("clearAll stops every clock", () => {
    const s = store();
    s.add(make({ duration: 100 }));
    s.timers.clearAll();
    vi.advanceTimersByTime(1000);
    expect(s.get()[0]?.phase).toBe("open");
  });
});
