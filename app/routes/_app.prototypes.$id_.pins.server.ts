import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/http/api-member";
import { answerJson } from "~/.server/http/problem";
import { listPins } from "~/.server/prototypes";

/**
 * The pins of one wireframe (members who can see it), each with its first comment and its
 * reply count, as JSON for the editor's pins layer; refusals are problem details.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await apiMember(request, "wireframe");
  if (member instanceof Response) return member;
  return answerJson(async () => {
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
  });
}
