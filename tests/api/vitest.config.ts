import { defineConfig } from "vitest/config";
import base from "../../vitest.config";

// The public API's suite alone (tests/api/README.md; `npm run test:api`). The root config runs it too, with every other suite.
export default defineConfig({ ...base, test: { ...base.test, include: ["tests/api/**/*.test.ts"] } });
