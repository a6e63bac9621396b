import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import remixConfig from "./remix.config.js";

const EVERY_PAGE =
  /\/app\/(lib\/toast|components\/(ui\/(toast|toast-queue|on-demand|logo|button-styles)|errors\/error-boundary|shell\/(loading|nav)))\.tsx?$/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), remix({ ...remixConfig, buildDirectory: process.env.BUILD_DIR ?? "build" }), tsconfigPaths()],
  // Vite's dependency scan follows route modules into their *.server.ts files (which the
  // Remix plugin strips from the browser build later) and resolves bare imports with browser
  // conditions: @node-rs/argon2's "browser" entry points at a WASM package that is not
  // installed, and the scan, hence `npm run dev`, failed. Server-only packages stay out of it.
  optimizeDeps: { exclude: ["@node-rs/argon2"] },
  server: {
    watch: { ignored: ["**/data/**", "**/test-results/**", "**/playwright-report/**"] },
  },
  build: {
    target: "es2022",
    rollupOptions: {
      output: isSsrBuild
        ? // The browser fetches some parts on demand (components/ui/on-demand.tsx); the server
          // keeps one file, build/server/index.js, which the tooling reads.
          { inlineDynamicImports: true }
        : // What the root route loads on every page, as one chunk rather than a handful of
          // small ones: fewer requests, and one gzip stream (the landing page has a budget).
          { manualChunks: (id) => (EVERY_PAGE.test(id) ? "app-core" : undefined) },
    },
  },
  // Keeps the dependencies' /** @license */ banners out of the minified client chunks (about
  // 1 KB gzipped on every page); the licences ship with the packages in node_modules.
  esbuild: { legalComments: "none" },
}));
