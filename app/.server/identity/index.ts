import { env } from "../env";
import { localIdentity } from "./local";
import { supabaseIdentity } from "./supabase";
import type { IdentityBackend } from "./types";

export type { IdentityBackend } from "./types";

/** The identity backend IDENTITY names (decision 018): local accounts unless it says supabase. */
export function identity(): IdentityBackend {
  return env().IDENTITY === "supabase" ? supabaseIdentity : localIdentity;
}
