import { db, schema } from "../db";
import { env } from "../env";

export const FLAG_NAMES = ["auth.enable_public_signup"] as const;
export type FlagName = (typeof FLAG_NAMES)[number];

/** FEATURE_FLAGS="name=true,other=false" overrides what the database says. */
export function envOverrides(): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const pair of env().FEATURE_FLAGS) {
    const [name, value] = pair.split("=").map((s) => s.trim());
    if (!name) continue;
    out[name] = value === undefined || ["true", "1", "on", "yes"].includes(value.toLowerCase());
  }
  return out;
}

/** Every flag, the stored value with env overrides applied on top. */
export async function allFlags(): Promise<Record<string, boolean>> {
  const rows = await db().select({ name: schema.featureFlags.name, enabled: schema.featureFlags.enabled }).from(schema.featureFlags);
  const flags: Record<string, boolean> = {};
  for (const r of rows) flags[r.name] = r.enabled;
  return { ...flags, ...envOverrides() };
}

export async function isEnabled(name: FlagName): Promise<boolean> {
  return (await allFlags())[name] ?? false;
}
