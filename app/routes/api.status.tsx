import { databaseHealth } from "~/.server/health";

/** GET /api/status: is the API system (its database) up? 200 ok, or 503 error. */
export async function loader() {
  const health = await databaseHealth();
  return Response.json(health, {
    status: health.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
