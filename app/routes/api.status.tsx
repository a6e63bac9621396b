import { databaseHealth } from "~/.server/health";
import { problem } from "~/.server/http/problem";

/** GET /api/status: is the API system (its database) up? 200 `{ status: "ok" }`, or 503 as problem details. */
export async function loader() {
  const health = await databaseHealth();
  if (health.status !== "ok") {
    return problem({ status: 503, code: "service_unavailable", detail: "The database cannot be reached. Try again in a moment." });
  }
  return Response.json(health, { headers: { "Cache-Control": "no-store" } });
}
