import { z } from "zod";

/**
 * API keys as the settings page and the server both see them (decision 027). A key's scopes
 * name a resource kind of the access gate (app/.server/access) and `read` or `write`; `write`
 * includes `read`. The kinds must stay the gate's (a test compares the two lists).
 */
export const API_SCOPE_KINDS = [
  { kind: "workspace", label: "Workspace", writable: true },
  { kind: "project", label: "Projects and columns", writable: true },
  { kind: "card", label: "Cards", writable: true },
  { kind: "comment", label: "Comments", writable: true },
  { kind: "attachment", label: "Attachments", writable: true },
  { kind: "wireframe", label: "Wireframes", writable: true },
  { kind: "component", label: "Wireframe components", writable: true },
  { kind: "prototype", label: "Prototype feedback", writable: true },
  { kind: "share_link", label: "Share links", writable: true },
  { kind: "token_set", label: "Design tokens", writable: true },
  { kind: "analytics", label: "Analytics", writable: false },
  { kind: "billing", label: "Billing", writable: false },
  { kind: "team", label: "Team", writable: true },
] as const;

export type ApiScopeKind = (typeof API_SCOPE_KINDS)[number]["kind"];
export type ApiScope = `${ApiScopeKind}:${"read" | "write"}`;
export type ApiKeyType = "workspace" | "personal";

/** Whether `scopes` let a key do `action` (`read`, or any change) on `kind`. */
export function scopeAllows(scopes: readonly string[], kind: string, action: string): boolean {
  if (scopes.includes(`${kind}:write`)) return true;
  return action === "read" && scopes.includes(`${kind}:read`);
}

/** The scope a refused action needed (for `WWW-Authenticate: Bearer error="insufficient_scope", scope=…`). */
export function scopeNeeded(kind: string, action: string): string {
  return `${kind}:${action === "read" ? "read" : "write"}`;
}

export const EXPIRY_CHOICES = [
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "365", label: "1 year" },
  { value: "never", label: "No expiry" },
] as const;

const access = z.enum(["none", "read", "write"]).default("none");

/** The form of /settings/api-keys: one `access.<kind>` select per kind (what the page checks; conform reads no transform). */
export const createApiKeyFieldsSchema = z.object({
  intent: z.literal("create"),
  type: z.enum(["workspace", "personal"], { error: "Choose whose key this is." }),
  name: z
    .string({ error: "Give the key a name." })
    .trim()
    .min(1, { error: "Give the key a name." })
    .max(80, { error: "Keep the name under 80 characters." }),
  expiresInDays: z.enum(["30", "90", "365", "never"], { error: "Choose when the key expires." }),
  access: z
    .object(Object.fromEntries(API_SCOPE_KINDS.map((k) => [k.kind, access])) as Record<ApiScopeKind, typeof access>)
    .default({} as Record<ApiScopeKind, "none">),
});

/** The same as the server parses it: the selects become the key's scopes (at least one). */
export const createApiKeySchema = createApiKeyFieldsSchema.transform((value, ctx) => {
  const scopes: ApiScope[] = [];
  for (const { kind, writable } of API_SCOPE_KINDS) {
    const level = value.access[kind] ?? "none";
    if (level === "write" && !writable) {
      ctx.addIssue({ code: "custom", path: ["access", kind], message: "This kind can only be read through the API." });
      return z.NEVER;
    }
    if (level !== "none") scopes.push(`${kind}:${level}`);
  }
  if (scopes.length === 0) {
    ctx.addIssue({ code: "custom", path: ["access"], message: "Give the key at least one scope." });
    return z.NEVER;
  }
  return { intent: value.intent, type: value.type, name: value.name, expiresInDays: value.expiresInDays, scopes };
});

export const revokeApiKeySchema = z.object({ intent: z.literal("revoke"), keyId: z.uuid({ error: "Choose a key to revoke." }) });
