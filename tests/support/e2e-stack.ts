/**
 * Everything the Playwright run talks to, started by playwright.config.ts's webServer:
 *   1. unless E2E_SKIP_BUILD=1, `npm run build` into BUILD_DIR;
 *   2. the SMTP sink (base+1) and its HTTP mailbox (base+2);
 *   3. the local OAuth2 server (base+3);
 *   4. two production servers from BUILD_DIR with fresh DATA_DIRs: the normal app (base)
 *      and the closed-beta app (base+4, public sign-up off).
 *   With E2E_IDENTITY=supabase, also a local Supabase Auth server (base+5, tests/support/
 *   supabase-auth-server.ts, its OAuth chained to the server of 3. and its mail to the sink
 *   of 2.), and both apps run with IDENTITY=supabase against it.
 * GET {mailbox}/__ready answers 200 once all of it is up. SIGTERM/SIGINT stop it all.
 * E2E_DATABASE_URL: the normal app uses that (throwaway) Postgres database instead of PGlite.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import {
  adminEmail,
  baseURL,
  buildDir,
  closedBetaURL,
  e2eIdentity,
  oauthClients,
  oauthEndpoints,
  ports,
  runDir,
  smtpURL,
  supabaseURL,
} from "./e2e-config";
import { buildApp, prepareBuildDir, projectRoot } from "./build";
import { Mailbox, startMailboxHttp, startSmtpSink } from "./mail-sink";
import { startIntegrationServers } from "./integration-servers";
import { LocalOAuthServer } from "./oauth-server";
import { SupabaseAuthServer } from "./supabase-auth-server";

const logDir = path.join(runDir, "logs");
const children = new Map<string, ChildProcess>();
const closers: Array<() => Promise<unknown>> = [];
let ready = false;
let stopping = false;

function log(message: string) {
  process.stdout.write(`[e2e-stack] ${message}\n`);
}

function appEnv(name: string, port: number, overrides: Record<string, string>): NodeJS.ProcessEnv {
  const dataDir = path.join(runDir, "data", name);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  return {
    PATH: process.env.PATH,
    ENV_FILE: "", // a developer's .env must not leak into the run
    HOME: process.env.HOME,
    NODE_ENV: "production",
    BUILD_DIR: buildDir,
    PORT: String(port),
    APP_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    SESSION_SECRET: `e2e-session-secret-${name}`,
    SMTP_URL: smtpURL,
    MAIL_FROM: "Atelier <no-reply@atelier.test>",
    ADMIN_EMAILS: adminEmail,
    GOOGLE_CLIENT_ID: oauthClients.google.clientId,
    GOOGLE_CLIENT_SECRET: oauthClients.google.clientSecret,
    GOOGLE_AUTHORIZATION_URL: oauthEndpoints.google.authorization,
    GOOGLE_TOKEN_URL: oauthEndpoints.google.token,
    GOOGLE_USERINFO_URL: oauthEndpoints.google.userinfo,
    GITHUB_CLIENT_ID: oauthClients.github.clientId,
    GITHUB_CLIENT_SECRET: oauthClients.github.clientSecret,
    GITHUB_AUTHORIZATION_URL: oauthEndpoints.github.authorization,
    GITHUB_TOKEN_URL: oauthEndpoints.github.token,
    GITHUB_USERINFO_URL: oauthEndpoints.github.userinfo,
    // High limits so parallel specs from one address never trip them; a spec that
    // tests rate limiting uses the per-account failure limit.
    RATE_LIMIT_SIGNIN_PER_IP: "10000",
    RATE_LIMIT_SIGNUP_PER_IP: "10000",
    RATE_LIMIT_RESET_PER_IP: "10000",
    RATE_LIMIT_BETA_PER_IP: "10000",
    RATE_LIMIT_SIGNIN_FAILURES_PER_ACCOUNT: "5",
    LOG_REQUESTS: process.env.E2E_LOG_REQUESTS ?? "false",
    ...overrides,
  };
}

function startApp(name: string, port: number, env: NodeJS.ProcessEnv): ChildProcess {
  const logFile = createWriteStream(path.join(logDir, `${name}.log`));
  const child = spawn(process.execPath, [path.join(buildDir, "server.js")], {
    cwd: projectRoot,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.pipe(logFile, { end: false });
  child.stderr!.on("data", (chunk: Buffer) => {
    logFile.write(chunk);
    for (const line of chunk.toString("utf8").split("\n")) if (line.trim()) process.stderr.write(`[${name}] ${line}\n`);
  });
  child.on("exit", (code, signal) => {
    children.delete(name);
    if (!stopping) log(`${name} (port ${port}) exited unexpectedly (${signal ?? code}); see ${logDir}/${name}.log`);
  });
  children.set(name, child);
  return child;
}

/** Resolves when the app answers /healthz; rejects if it exits first. */
async function waitForApp(name: string, url: string, child: ChildProcess): Promise<void> {
  let exited = false;
  child.once("exit", () => (exited = true));
  for (;;) {
    if (exited) throw new Error(`${name} exited before it was ready; see ${logDir}/${name}.log`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  await Promise.all([...children.values()].map(stopChild));
  await Promise.all(closers.map((close) => close().catch(() => {})));
  process.exit(code);
}

async function main() {
  mkdirSync(logDir, { recursive: true });
  process.once("SIGTERM", () => void stop(0));
  process.once("SIGINT", () => void stop(0));

  if (process.env.E2E_SKIP_BUILD !== "1") {
    log(`building into ${buildDir}`);
    await buildApp(buildDir);
  } else {
    prepareBuildDir(buildDir);
  }

  const mailbox = new Mailbox();
  const smtp = await startSmtpSink(mailbox, ports.smtp);
  closers.push(() => new Promise<void>((r) => smtp.close(() => r())));
  const mailboxHttp = await startMailboxHttp(mailbox, ports.mailbox, (req, res, url) => {
    if (url.pathname !== "/__ready") return false;
    res.writeHead(ready ? 200 : 503, { "content-type": "text/plain" });
    res.end(ready ? "ready" : "starting");
    return true;
  });
  closers.push(() => new Promise<void>((r) => mailboxHttp.close(() => r())));

  const allowedRedirectOrigins = [ports.app, ports.closedBeta, ports.supabase].flatMap((p) => [
    `http://localhost:${p}`,
    `http://127.0.0.1:${p}`,
  ]);
  const oauth = new LocalOAuthServer({ port: ports.oauth, clients: oauthClients, allowedRedirectOrigins });
  await oauth.start();
  closers.push(() => oauth.close());

  const identityOverrides: Record<string, string> = {};
  if (e2eIdentity === "supabase") {
    const transport = nodemailer.createTransport(smtpURL);
    const gotrue = new SupabaseAuthServer({
      port: ports.supabase,
      jwtSecret: "e2e-supabase-jwt-secret-with-at-least-32-characters",
      siteUrl: baseURL,
      additionalRedirectOrigins: [closedBetaURL],
      sendMail: async (mail) => {
        await transport.sendMail({
          from: "Supabase Auth <noreply@mail.app.supabase.io>",
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
        });
      },
      providers: {
        google: {
          ...oauthClients.google,
          authorizationUrl: oauthEndpoints.google.authorization,
          tokenUrl: oauthEndpoints.google.token,
          userinfoUrl: oauthEndpoints.google.userinfo,
        },
        github: {
          ...oauthClients.github,
          authorizationUrl: oauthEndpoints.github.authorization,
          tokenUrl: oauthEndpoints.github.token,
          userinfoUrl: oauthEndpoints.github.userinfo,
        },
      },
    });
    await gotrue.start();
    closers.push(() => gotrue.close());
    Object.assign(identityOverrides, {
      IDENTITY: "supabase",
      SUPABASE_URL: supabaseURL,
      SUPABASE_ANON_KEY: "e2e-anon-key",
      SUPABASE_SERVICE_ROLE_KEY: "e2e-service-role-key-never-in-the-bundle",
    });
  }

  const integrations = await startIntegrationServers(); // Figma (base+8) and Slack (base+9)
  closers.push(integrations.close);
  const mainOverrides: Record<string, string> = { ...identityOverrides, ...integrations.env };
  if (process.env.E2E_DATABASE_URL) mainOverrides.DATABASE_URL = process.env.E2E_DATABASE_URL;
  const appName = `app-${ports.app}`;
  const betaName = `closed-beta-${ports.closedBeta}`;
  const app = startApp(appName, ports.app, appEnv(appName, ports.app, mainOverrides));
  const beta = startApp(
    betaName,
    ports.closedBeta,
    appEnv(betaName, ports.closedBeta, { ...identityOverrides, FEATURE_FLAGS: "auth.enable_public_signup=false" }),
  );
  await Promise.all([waitForApp(appName, baseURL, app), waitForApp(betaName, closedBetaURL, beta)]);
  ready = true;
  log(
    `ready: app ${baseURL}${process.env.E2E_DATABASE_URL ? " (Postgres)" : " (PGlite)"}, closed beta ${closedBetaURL}, ` +
      `SMTP ${smtpURL}, mailbox http://127.0.0.1:${ports.mailbox}, OAuth2 http://localhost:${ports.oauth}` +
      (e2eIdentity === "supabase" ? `, Supabase Auth ${supabaseURL} (IDENTITY=supabase)` : ""),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`[e2e-stack] ${error instanceof Error ? error.message : String(error)}\n`);
  void stop(1);
});
