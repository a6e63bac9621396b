import { env } from "../env";
import { localIdentity } from "./local";
import type { IdentityBackend } from "./types";

export type { IdentityBackend } from "./types";

let supabaseBackend: Promise<IdentityBackend> | undefined;

/**
 * The Supabase backend, its SDK loaded on the first call: an installation on local accounts
 * never loads @supabase/supabase-js (its memory, and its Node 20 warning at start). Every
 * method of the interface is async, so each one waits for the module and calls through.
 */
const lazySupabase = new Proxy({} as IdentityBackend, {
  get(_target, name: string | symbol) {
    if (name === "name") return "supabase";
    // Not a promise itself (an `await identity()` must not take it for one), nor anything else.
    if (typeof name !== "string" || name === "then") return undefined;
    return async (...args: unknown[]) => {
      const backend = await (supabaseBackend ??= import("./supabase").then((m) => m.supabaseIdentity));
      return (backend[name as keyof IdentityBackend] as (...a: unknown[]) => Promise<unknown>)(...args);
    };
  },
});

/** The identity backend IDENTITY names (decision 018): local accounts unless it says supabase. */
export function identity(): IdentityBackend {
  return env().IDENTITY === "supabase" ? lazySupabase : localIdentity;
}
