import { defineConfig, mergeConfig } from "vitest/config";
import base from "../../vitest.config";

// The public API's suite (tests/api/README.md): the root config with this folder's tests.
export default mergeConfig(base, defineConfig({ test: { include: ["tests/api/**/*.test.ts"] } }), true);
