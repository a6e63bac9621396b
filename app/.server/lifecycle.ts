import { closeDb, ensureDb } from "./db";
import { env, placeholderProblems } from "./env";
import { sessionSecrets } from "./secrets";

/**
 * Called by server.ts before it listens: validates the environment (a bad variable
 * stops the process with a message naming it), runs migrations, checks secrets.
 */
export async function startup(): Promise<{
  port: number;
  appUrl: string;
  warnings: string[];
  formActionOrigins: string[];
}> {
  const e = env();
  const warnings = placeholderProblems(process.env);
  sessionSecrets();
  await ensureDb();
  const formActionOrigins = [
    e.GOOGLE_AUTHORIZATION_URL,
    e.GITHUB_AUTHORIZATION_URL,
    "https://checkout.stripe.com",
    "https://billing.stripe.com",
  ].map((u) => new URL(u).origin);
  return { port: e.PORT, appUrl: e.APP_URL, warnings, formActionOrigins: [...new Set(formActionOrigins)] };
}

export async function shutdown(): Promise<void> {
  await closeDb();
}
