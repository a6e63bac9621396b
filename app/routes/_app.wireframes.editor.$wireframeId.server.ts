import type { LoaderFunctionArgs } from "@remix-run/node";
import { presenceColor } from "~/lib/wireframes/presence";
import { orErrorPage } from "~/.server/http/submission";
import { cardsForScreen, getComponents, getWireframe } from "~/.server/wireframes";
import { wireframeDesign } from "~/.server/wireframes/tokens";
import { requireMember } from "~/.server/workspaces";
import { isReadOnly } from "~/.server/workspaces/limits";
import { componentIdsOf } from "~/.server/wireframes/thumbnails";
import { permits } from "~/.server/access";

/**
 * The editor's data (the contract with the editor, docs in /work/notes): the wireframe, the
 * main components its instances draw, who is editing, what they may do, and the cards that
 * link its screens, and its project's design tokens per theme (`?theme=` picks the one drawn first). Another workspace's id, a missing one or one that is not a UUID: 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request, "wireframe");
  const wireframe = await orErrorPage(() => getWireframe(member, params.wireframeId ?? ""));
  const screenIds = Object.keys(wireframe.document.screens);
  const used = componentIdsOf([wireframe.document]);
  const [components, links, readOnly, design] = await Promise.all([
    getComponents(member, used),
    Promise.all(screenIds.map((screenId) => cardsForScreen(member, wireframe.id, screenId))),
    isReadOnly(member.workspace.id),
    wireframeDesign(member, wireframe.projectId, new URL(request.url).searchParams.get("theme")),
  ]);
  return {
    wireframe: {
      id: wireframe.id,
      name: wireframe.name,
      projectId: wireframe.projectId,
      projectName: wireframe.projectName,
      seq: wireframe.seq,
      document: wireframe.document,
    },
    components,
    me: {
      userId: member.user.id,
      name: member.user.fullName?.trim() || member.user.email.split("@")[0] || "User",
      color: presenceColor(member.user.id),
    },
    canEdit: permits(member, "wireframe", "change", { readOnly }),
    canDelete: permits(member, "wireframe", "delete", { readOnly }),
    linkedCards: links.flat().map((c) => ({ cardId: c.cardId, title: c.title, screenId: c.screenId, projectId: c.projectId })),
    design,
  };
}
