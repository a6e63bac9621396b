// Lint rules that keep the shape of the code (docs/architecture.md): no import cycles,
// no server module in the browser's graph, the rules of hooks, accessible markup.
// Formatting is Prettier's (npm run format); ESLint does not judge it.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { readdirSync } from "node:fs";

// Route modules import no other route module (docs/decisions/026-one-contract.md): a file
// under app/routes/ may import only its own server file (`./<route>.server`); what two routes
// share lives in app/.server/<concern> or app/lib. Tests may import the route they test.
const ROUTE_IMPORTS_EXCEPTED = new Set([]);
const routeModules = readdirSync(new URL("./app/routes", import.meta.url)).filter(
  (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !ROUTE_IMPORTS_EXCEPTED.has(file),
);
const ownServerFile = (file) => `./${file.replace(/(\.server)?\.tsx?$/, "")}.server`;

/** Services know nothing of the UI (every app/.server file, the shared route handlers too). */
const NO_UI_IMPORTS = {
  group: ["~/components/*", "**/components/**"],
  message: "Server code must not import UI modules; put shared types in app/lib/.",
};

export default tseslint.config(
  {
    ignores: ["build/**", "node_modules/**", "data/**", "public/**", "test-results/**", "playwright-report/**", ".tools/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { "import-x": importX, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    languageOptions: {
      parserOptions: { ecmaFeatures: { jsx: true } },
      globals: {
        process: "readonly",
        console: "readonly",
        window: "readonly",
        document: "readonly",
      },
    },
    rules: {
      ...jsxA11y.configs.recommended.rules,
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-self-import": "error",
      "import-x/no-duplicates": "error",
      "no-undef": "off", // TypeScript checks names
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // Labels wrap or point at their control through our Field components.
      "jsx-a11y/label-has-associated-control": "off",
      "jsx-a11y/no-autofocus": "off",
    },
  },
  {
    // The rules of hooks judge React code only: test helpers such as useBuiltServers()
    // and Playwright's fixture callback `use` are not hooks.
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    // Browser code never imports server code: app/.server/** and *.server.ts stay on the server.
    files: ["app/components/**/*.{ts,tsx}", "app/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/.server/**", "**/*.server", "~/.server/*"], message: "Browser code must not import server code." }] },
      ],
    },
  },
  ...routeModules.map((file) => ({
    files: [`app/routes/${file}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["./*", `!${ownServerFile(file)}`, "../*", "~/routes/*"],
              message:
                "A route module imports no other route module: move what routes share to app/.server/routes, app/.server/<concern> or app/lib.",
            },
          ],
        },
      ],
    },
  })),
  {
    // Services know nothing of the UI.
    files: ["app/.server/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [NO_UI_IMPORTS],
        },
      ],
    },
  },
  {
    // Services take plain values: the HTTP handlers routes share (they take Request) are not theirs to call.
    files: ["app/.server/**/*.ts"],
    ignores: ["app/.server/routes/**", "app/.server/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            NO_UI_IMPORTS,
            {
              group: ["~/.server/routes/*", "**/routes/*"],
              message: "Services take plain values and never call a route's handler (app/.server/routes/README.md).",
            },
          ],
        },
      ],
    },
  },
);
