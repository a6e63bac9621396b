import { z } from "zod";

/**
 * Every variable the server reads, validated once at start-up.
 * A bad value stops the process with a message that names the variable.
 */
const boolish = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url().optional());

const intWithDefault = (d: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? Number(v) : d))
    .pipe(z.number().int().positive());

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const csv = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );

export const TRANSACTION_POOLER_MESSAGE =
  "this is a transaction-mode pooler (port 6543 or pgbouncer=true), which does not carry LISTEN/NOTIFY: live boards would stop updating. " +
  "Use a direct connection (db.<project>.supabase.co:5432) or the session-mode pooler (port 5432).";

/** Supabase's transaction-mode pooler: its port 6543, or a URL that says it goes through PgBouncer. */
function isTransactionPooler(url: string): boolean {
  try {
    const u = new URL(url);
    return u.port === "6543" || u.searchParams.get("pgbouncer") === "true";
  } catch {
    return false;
  }
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: intWithDefault(3000),
    APP_URL: optionalUrl,
    DATA_DIR: z.string().trim().default("./data"),
    DATABASE_URL: optionalUrl,
    SESSION_SECRET: csv,
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().trim().default("Atelier <no-reply@atelier.local>"),
    FEATURE_FLAGS: csv,
    ADMIN_EMAILS: csv.transform((list) => list.map((e) => e.toLowerCase())),
    GOOGLE_CLIENT_ID: z.string().trim().optional(),
    GOOGLE_CLIENT_SECRET: z.string().trim().optional(),
    GOOGLE_AUTHORIZATION_URL: z.url().default("https://accounts.google.com/o/oauth2/v2/auth"),
    GOOGLE_TOKEN_URL: z.url().default("https://oauth2.googleapis.com/token"),
    GOOGLE_USERINFO_URL: z.url().default("https://openidconnect.googleapis.com/v1/userinfo"),
    GITHUB_CLIENT_ID: z.string().trim().optional(),
    GITHUB_CLIENT_SECRET: z.string().trim().optional(),
    GITHUB_AUTHORIZATION_URL: z.url().default("https://github.com/login/oauth/authorize"),
    GITHUB_TOKEN_URL: z.url().default("https://github.com/login/oauth/access_token"),
    GITHUB_USERINFO_URL: z.url().default("https://api.github.com/user"),
    RATE_LIMIT_SIGNIN_PER_IP: intWithDefault(30),
    RATE_LIMIT_SIGNIN_FAILURES_PER_ACCOUNT: intWithDefault(10),
    RATE_LIMIT_SIGNUP_PER_IP: intWithDefault(30),
    RATE_LIMIT_RESET_PER_IP: intWithDefault(30),
    RATE_LIMIT_BETA_PER_IP: intWithDefault(30),
    RATE_LIMIT_WINDOW_SECONDS: intWithDefault(300),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_PUBLISHABLE_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_API_BASE: optionalUrl,
    STRIPE_PRICE_STARTER_MONTH: optionalText,
    STRIPE_PRICE_STARTER_YEAR: optionalText,
    STRIPE_PRICE_PROFESSIONAL_MONTH: optionalText,
    STRIPE_PRICE_PROFESSIONAL_YEAR: optionalText,
    STRIPE_PRICE_ENTERPRISE_MONTH: optionalText,
    STRIPE_PRICE_ENTERPRISE_YEAR: optionalText,
    STRIPE_PORTAL_CONFIGURATION: optionalText,
    TRUST_PROXY: boolish,
    // Identity backend (docs/decisions/018): local accounts, or a Supabase project's Auth.
    IDENTITY: z.enum(["local", "supabase"]).default("local"),
    SUPABASE_URL: optionalUrl,
    SUPABASE_ANON_KEY: optionalText,
    // Server-side only: read by app/.server modules, never sent to the browser.
    SUPABASE_SERVICE_ROLE_KEY: optionalText,
    LOG_REQUESTS: z.enum(["true", "false"]).default("true"),
    /** Every SQL statement the app sends, one line each (diagnosis only: noisy). */
    LOG_QUERIES: z.enum(["true", "false"]).default("false"),
    /** Reads kept in memory until their project changes (app/.server/projects/board-cache.ts); off reads every time. */
    READ_CACHE: z.enum(["on", "off"]).default("on"),
    // Optional language model (app/.server/llm): any OpenAI-compatible chat-completions endpoint; all three or none.
    LLM_BASE_URL: optionalUrl,
    LLM_API_KEY: optionalText,
    LLM_MODEL: optionalText,
    LLM_TIMEOUT_MS: intWithDefault(8000),
    // Outgoing webhooks (decision 029): 1 lets deliveries go to private and loopback addresses and plain http (tests,
    // a receiver on this machine); read where it is used, so a test can switch it. How often runners look for due deliveries.
    WEBHOOKS_ALLOW_PRIVATE: z.enum(["0", "1"]).optional(),
    WEBHOOKS_POLL_MS: intWithDefault(1000),
    // Integrations (decision 030). Figma: OAuth 2 with PKCE; endpoints configurable so tests use a local server.
    FIGMA_CLIENT_ID: optionalText,
    FIGMA_CLIENT_SECRET: optionalText,
    FIGMA_AUTHORIZE_URL: z.url().default("https://www.figma.com/oauth"),
    FIGMA_TOKEN_URL: z.url().default("https://api.figma.com/v1/oauth/token"),
    FIGMA_API_URL: z.url().default("https://api.figma.com"),
    // Slack incoming webhooks: the hosts a webhook URL may name (https only unless a host is given with http://).
    SLACK_WEBHOOK_HOSTS: csv.transform((list) => (list.length ? list : ["https://hooks.slack.com"])),
    // Key for secrets kept at rest (Slack URLs, Figma tokens); unset: derived from SESSION_SECRET.
    INTEGRATIONS_SECRET: csv,
  })
  .superRefine((e, ctx) => {
    // Live boards use LISTEN/NOTIFY, which a transaction-mode pooler does not carry (decision 018).
    if (e.DATABASE_URL && isTransactionPooler(e.DATABASE_URL)) {
      ctx.addIssue({ code: "custom", path: ["DATABASE_URL"], message: TRANSACTION_POOLER_MESSAGE });
    }
    if (e.IDENTITY !== "supabase") return;
    for (const key of ["SUPABASE_URL", "SUPABASE_ANON_KEY", "SUPABASE_SERVICE_ROLE_KEY"] as const) {
      if (!e[key]) ctx.addIssue({ code: "custom", path: [key], message: "required when IDENTITY=supabase" });
    }
  })
  .superRefine((e, ctx) => {
    const llm = ["LLM_BASE_URL", "LLM_API_KEY", "LLM_MODEL"] as const;
    if (llm.every((key) => e[key]) || llm.every((key) => !e[key])) return;
    for (const key of llm.filter((k) => !e[k])) {
      ctx.addIssue({ code: "custom", path: [key], message: "set LLM_BASE_URL, LLM_API_KEY and LLM_MODEL together, or none of them" });
    }
  })
  .transform((e) => ({
    ...e,
    APP_URL: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
  }));

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid environment:\n${issues.map((i) => `  - ${i}`).join("\n")}`);
    this.name = "EnvError";
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join(".") || "(env)"}: ${issue.message}`));
  }
  return result.data;
}

/**
 * The spec's start-up check: a configured value that still says "placeholder"
 * is reported as not configured properly.
 */
export function placeholderProblems(source: Record<string, string | undefined>): string[] {
  const keys = [
    "APP_URL",
    "DATABASE_URL",
    "SMTP_URL",
    "SESSION_SECRET",
    "GOOGLE_CLIENT_ID",
    "GOOGLE_CLIENT_SECRET",
    "GITHUB_CLIENT_ID",
    "GITHUB_CLIENT_SECRET",
    "STRIPE_SECRET_KEY",
    "STRIPE_PUBLISHABLE_KEY",
    "STRIPE_WEBHOOK_SECRET",
    "SUPABASE_URL",
    "SUPABASE_ANON_KEY",
    "SUPABASE_SERVICE_ROLE_KEY",
    "LLM_API_KEY",
    "FIGMA_CLIENT_ID",
    "FIGMA_CLIENT_SECRET",
  ];
  return keys
    .filter((k) => /placeholder/i.test(source[k] ?? ""))
    .map((k) =>
      k === "DATABASE_URL"
        ? "The backend URL (DATABASE_URL) is not configured properly: it still contains a placeholder."
        : `${k} is not configured properly: it still contains a placeholder.`,
    );
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Tests change process.env between cases; they call this to re-read it. */
export function resetEnvForTests() {
  cached = undefined;
}
