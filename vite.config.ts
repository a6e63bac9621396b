import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import remixConfig from "./remix.config.js";

export default defineConfig({
  plugins: [tailwindcss(), remix({ ...remixConfig, buildDirectory: process.env.BUILD_DIR ?? "build" }), tsconfigPaths()],
  server: {
    watch: { ignored: ["**/data/**", "**/test-results/**", "**/playwright-report/**"] },
  },
  build: { target: "es2022" },
});
