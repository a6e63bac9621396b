import { apiLayerHealth } from "~/.server/health";

/** GET /api/kong/status: health of the API layer ("gateway") itself. */
export function loader() {
  return Response.json(apiLayerHealth(), { headers: { "Cache-Control": "no-store" } });
}
