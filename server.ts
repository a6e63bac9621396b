/**
 * The production server (and, with NODE_ENV=development, the dev server with Vite
 * in middleware mode): compression, security headers with a CSP nonce, immutable
 * caching of built assets, request logs, the request guard (cross-site and
 * forwarded-host checks, content types, body limits: server/request-guard.ts), the app
 * (server/remix-handler.ts), an error handler that never shows a stack trace, and a
 * clean stop on the first SIGTERM.
 */
import path from "node:path";
import { type ServerBuild, createRequestHandler } from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";
import { loadDotenv } from "./server/dotenv.js";
import { landingCache } from "./server/landing-cache.js";
import { refuse } from "./server/refusal.js";
import { remixHandler } from "./server/remix-handler.js";
import { WEBHOOK_PATH, requestGuard } from "./server/request-guard.js";
import { contentSecurityPolicy, newNonce, requestId, staticSecurityHeaders } from "./server/security.js";

type Lifecycle = {
  startup: () => Promise<{ port: number; appUrl: string; warnings: string[]; formActionOrigins: string[] }>;
  shutdown: () => Promise<void>;
};

// Before anything reads the environment: a local .env fills what is not already set.
try {
  loadDotenv(process.cwd());
} catch (error) {
  console.error(`\nAtelier cannot start.\n${(error as Error).message}\n`);
  process.exit(1);
}

const dev = process.env.NODE_ENV === "development";
// Run from the project folder (npm start does). BUILD_DIR lets parallel test runs
// build into folders of their own.
const projectRoot = process.cwd();
const buildDir = path.resolve(projectRoot, process.env.BUILD_DIR ?? "build");

async function main() {
  const viteDevServer = dev
    ? await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true }, root: projectRoot }))
    : undefined;

  const loadBuild = async (): Promise<ServerBuild> =>
    viteDevServer
      ? ((await viteDevServer.ssrLoadModule("virtual:remix/server-build")) as ServerBuild)
      : ((await import(path.join(buildDir, "server/index.js"))) as ServerBuild);

  const initialBuild = await loadBuild();
  const lifecycle = initialBuild.entry.module as unknown as Lifecycle;
  let started: Awaited<ReturnType<Lifecycle["startup"]>>;
  try {
    started = await lifecycle.startup();
  } catch (error) {
    console.error(`\nAtelier cannot start.\n${(error as Error).message}\n`);
    await viteDevServer?.close();
    process.exit(1);
  }
  for (const w of started.warnings) console.warn(`[config] ${w}`);

  const app = express();
  app.disable("x-powered-by");
  if (process.env.TRUST_PROXY === "true" || process.env.TRUST_PROXY === "1") app.set("trust proxy", true);
  const appOrigin = new URL(started.appUrl).origin;

  const trustProxy = app.get("trust proxy") === true;
  app.use((req, res, next) => {
    // One id per request, in the response and the access log, so a user's report
    // ("request id …") leads to the log line. A proxy's id is kept only when trusted.
    res.locals.requestId = requestId(trustProxy ? req.get("x-request-id") : undefined);
    res.setHeader("X-Request-Id", res.locals.requestId as string);
    next();
  });

  app.get("/healthz", (_req, res) => {
    res.type("text/plain").send("ok");
  });

  app.use((req, res, next) => {
    const nonce = newNonce();
    res.locals.cspNonce = nonce;
    for (const [k, v] of Object.entries(staticSecurityHeaders)) res.setHeader(k, v);
    res.setHeader("Content-Security-Policy", contentSecurityPolicy({ nonce, dev, formActionOrigins: started.formActionOrigins }));
    if (appOrigin.startsWith("https://")) {
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    // The app reads the client's address from this header; never trust one sent in.
    req.headers["x-atelier-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    next();
  });

  if (process.env.LOG_REQUESTS !== "false") {
    morgan.token("id", (_req, res) => String((res as express.Response).locals.requestId ?? "-"));
    app.use(morgan(dev ? "dev" : ":remote-addr :id :method :url :status :res[content-length] - :response-time ms"));
  }

  // Refused requests are logged too: the access log comes before the guard.
  app.use(requestGuard({ appOrigin, exemptPaths: [WEBHOOK_PATH] }));

  // Server-sent events must reach the browser as they are written, not when a gzip block fills.
  app.use(
    compression({
      filter: (req, res) => !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res),
    }),
  );

  if (viteDevServer) {
    app.use(viteDevServer.middlewares);
  } else {
    // Fingerprinted build output: cache forever.
    app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
    app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h" }));
  }
  app.use(express.static(path.join(projectRoot, "public"), { maxAge: "1h" }));

  if (!viteDevServer) {
    // The landing page from a copy of its HTML, with each request's nonce filled in
    // (server/landing-cache.ts). Not in development, where the build changes under it.
    const renderLanding = createRequestHandler(initialBuild, "production");
    const landing = landingCache({
      render: (nonce) =>
        renderLanding(new Request(new URL("/", started.appUrl), { headers: { Accept: "text/html" } }), { cspNonce: nonce }),
    });
    app.use(landing.middleware);
  }

  app.all(
    "*",
    remixHandler({
      build: viteDevServer ? loadBuild : initialBuild,
      mode: dev ? "development" : "production",
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }),
    }),
  );

  // Whatever escaped: logged here, answered 500 with the generic sentence, never a stack trace.
  app.use((error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
    console.error("[server]", error);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    refuse(req, res, 500, "");
  });

  const server = app.listen(started.port, () => {
    console.log(`Atelier listening on http://localhost:${started.port} (public URL ${started.appUrl})`);
  });
  // Behind a proxy or load balancer that keeps connections open (nginx, an ALB: 60 s idle), the
  // app must not close an idle one first: Node's default 5 s races the proxy's next request on
  // that socket, which the proxy answers 502 (seen in bench:soak). Headers get a little longer.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on("error", (error: NodeJS.ErrnoException) => {
    console.error(
      error.code === "EADDRINUSE"
        ? `\nAtelier cannot start.\nPORT ${started.port} is already in use: stop the other server or set PORT.\n`
        : `\nAtelier cannot start.\n${error.message}\n`,
    );
    void lifecycle.shutdown().finally(() => process.exit(1));
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[server] ${signal}: closing`);
    const force = setTimeout(() => process.exit(0), 8_000);
    force.unref();
    server.close();
    server.closeAllConnections?.();
    await viteDevServer?.close();
    try {
      await lifecycle.shutdown();
      console.log("[server] database closed; bye");
      process.exit(0);
    } catch (error) {
      console.error("[server] shutdown failed", error);
      process.exit(1);
    }
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
