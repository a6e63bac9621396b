/**
 * Where the end-to-end stack lives. Shared by playwright.config.ts, the stack
 * (e2e-stack.ts) and the helpers the specs import (e2e.ts), so the three agree.
 *
 * Ports come from E2E_BASE_PORT (default 3300): app = base, SMTP sink = base+1,
 * mailbox HTTP = base+2, local OAuth2 server = base+3, closed-beta app = base+4, local Supabase
 * Auth server = base+5 (only with E2E_IDENTITY=supabase).
 */
import path from "node:path";

export const basePort = Number(process.env.E2E_BASE_PORT ?? 3300);
if (!Number.isInteger(basePort) || basePort < 1024 || basePort > 65000) {
  throw new Error(`E2E_BASE_PORT must be an integer between 1024 and 65000, got ${process.env.E2E_BASE_PORT}`);
}

export const ports = {
  app: basePort,
  smtp: basePort + 1,
  mailbox: basePort + 2,
  oauth: basePort + 3,
  closedBeta: basePort + 4,
  /** The local Supabase Auth (GoTrue) server, when E2E_IDENTITY=supabase. */
  supabase: basePort + 5,
  /** tests/e2e/llm.spec.ts: its fake language model and the second app that talks to it. */
  llm: basePort + 6,
  llmApp: basePort + 7,
  /** The local Figma-protocol server and Slack receiver (tests/support/integration-servers.ts). */
  figma: basePort + 8,
  slack: basePort + 9,
} as const;

/** E2E_IDENTITY=supabase runs the apps with IDENTITY=supabase against tests/support/supabase-auth-server.ts. */
export const e2eIdentity = process.env.E2E_IDENTITY === "supabase" ? "supabase" : "local";
export const supabaseURL = `http://localhost:${basePort + 5}`;

/** Everything a run writes (build, databases, logs, Playwright output) goes under here. */
export const runDir = process.env.E2E_RUN_DIR ?? `/tmp/atelier-e2e-${basePort}`;
export const buildDir = path.resolve(process.env.BUILD_DIR || path.join(runDir, "build"));

export const baseURL = `http://localhost:${ports.app}`;
export const closedBetaURL = `http://localhost:${ports.closedBeta}`;
export const mailboxURL = `http://127.0.0.1:${ports.mailbox}`;
export const oauthURL = `http://localhost:${ports.oauth}`;
export const smtpURL = `smtp://127.0.0.1:${ports.smtp}`;

/** Client credentials the app instances are given and the local OAuth2 server accepts. */
export const oauthClients = {
  google: { clientId: "e2e-google-client", clientSecret: "e2e-google-secret" },
  github: { clientId: "e2e-github-client", clientSecret: "e2e-github-secret" },
} as const;

export type OAuthProvider = keyof typeof oauthClients;

/** Endpoints as the app sees them (GOOGLE_AUTHORIZATION_URL and friends). */
export const oauthEndpoints = {
  google: {
    authorization: `${oauthURL}/google/authorize`,
    token: `${oauthURL}/google/token`,
    userinfo: `${oauthURL}/google/userinfo`,
  },
  github: {
    authorization: `${oauthURL}/github/authorize`,
    token: `${oauthURL}/github/token`,
    // GitHub's own API: the e-mails live at this URL plus /emails.
    userinfo: `${oauthURL}/github/user`,
  },
} as const;

export const adminEmail = "admin@atelier.test";
