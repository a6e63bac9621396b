import { allFlags } from "~/.server/flags";
import { problem } from "~/.server/http/problem";

export const FEATURE_FLAGS_ERROR = "Failed to load feature flags";

/** GET /api/feature-flags: {"enabled": {name: boolean}}, cacheable for 60 s (spec section 9); 503 problem details when they cannot be read. */
export async function loader() {
  try {
    return Response.json({ enabled: await allFlags() }, { headers: { "Cache-Control": "public, max-age=60" } });
  } catch (error) {
    console.error("[flags] loading failed", error);
    return problem({ status: 503, code: "service_unavailable", detail: FEATURE_FLAGS_ERROR });
  }
}
