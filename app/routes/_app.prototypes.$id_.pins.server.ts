import type { LoaderFunctionArgs } from "@remix-run/node";
import { jsonUserError } from "~/.server/http/submission";
import { listPins } from "~/.server/prototypes";
import { requireMember } from "~/.server/workspaces";

/** The pins of one wireframe (members who can see it), each with its first comment and its reply count. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request, "wireframe.view");
  try {
    const pins = await listPins(member, params.id ?? "");
    return Response.json({
      pins: pins.map((p) => ({
        id: p.id,
        screenId: p.screenId,
        x: p.x,
        y: p.y,
        resolved: p.resolved,
        count: p.comments.length,
        first: p.comments[0]?.body.slice(0, 200) ?? "",
      })),
    });
  } catch (error) {
    return jsonUserError(error);
  }
}
