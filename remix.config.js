// Remix options shared by vite.config.ts (the Vite plugin does not read this file itself).
/** @type {import("@remix-run/dev").VitePluginConfig} */
export default {
  ignoredRouteFiles: ["**/*.test.*", "**/*.server.ts", "**/*.css", "**/README.md"],
  serverModuleFormat: "esm",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
    unstable_optimizeDeps: true,
  },
};
