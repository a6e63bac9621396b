import { allFlags } from "~/.server/flags";

export const FEATURE_FLAGS_ERROR = "Failed to load feature flags";

/** GET /api/feature-flags: {"enabled": {name: boolean}}, cacheable for 60 s (spec section 9). */
export async function loader() {
  try {
    return Response.json({ enabled: await allFlags() }, { headers: { "Cache-Control": "public, max-age=60" } });
  } catch (error) {
    console.error("[flags] loading failed", error);
    return Response.json({ error: FEATURE_FLAGS_ERROR }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
