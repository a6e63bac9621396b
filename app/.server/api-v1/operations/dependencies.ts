import { and, eq } from "drizzle-orm";
import { isClosedStateGroup } from "~/lib/board";
import { db, schema } from "../../db";
import { isUserError, notFound, UserError } from "../../errors";
import { addDependency, dependenciesOfCard, projectDependencies, removeDependency } from "../../projects/dependencies";
import type { MemberContext } from "../../workspaces";
import { cardDependenciesSchema, createDependencyBody, dependencyParams, dependencySchema } from "../card-schemas";
import { objectAnswer, requireMatch } from "../http";
import { operation } from "../operation";
import { requireCard } from "../reads";
import { cardIdParams } from "../schemas";

/**
 * A card's dependencies as the app models them: "#3 blocks #5" (so #5 is blocked by #3), both
 * cards of one project, never a card blocking itself, never a loop; each refusal has its own
 * problem type (`dependency_self`, `dependency_other_project`, `dependency_exists`,
 * `dependency_loop`). The writes are the card panel's own service calls.
 */
const { cards } = schema;

async function cardDependencies(member: MemberContext, projectId: string, cardId: string) {
  const { blockedBy, blocks } = dependenciesOfCard(await projectDependencies(member, projectId), cardId);
  return { object: "card_dependencies" as const, cardId, blockedBy, blocks };
}

/** The other card of a new block, by id: of this project (the service takes it as `#number`), or a clear refusal. */
async function otherCard(member: MemberContext, projectId: string, cardId: string) {
  const [row] = await db()
    .select({ number: cards.number, projectId: cards.projectId })
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.workspaceId, member.workspace.id)));
  if (!row) throw new UserError(400, "There is no such card in this workspace.", "cardId");
  if (row.projectId !== projectId) {
    throw new UserError(
      400,
      "That card is on another project's board: a block joins two cards of one project.",
      "cardId",
      undefined,
      "dependency_other_project",
    );
  }
  return row;
}

export const dependencyOperations = [
  operation({
    id: "listDependencies",
    method: "get",
    path: "/projects/{projectId}/cards/{cardId}/dependencies",
    tag: "Dependencies",
    summary: "List a card's dependencies",
    description: "The cards that block it (`blockedBy`) and the cards it blocks (`blocks`), each with whether it is still open.",
    kind: "card",
    action: "read",
    params: cardIdParams,
    success: { status: 200, schema: cardDependenciesSchema, description: "The card's blocks.", etag: true },
    problems: [404],
    handle: async ({ member, params }) => {
      const card = await requireCard(member, params.projectId, params.cardId);
      return objectAnswer(await cardDependencies(member, params.projectId, card.id));
    },
  }),
  operation({
    id: "createDependency",
    method: "post",
    path: "/projects/{projectId}/cards/{cardId}/dependencies",
    tag: "Dependencies",
    summary: "Add a dependency",
    description:
      "This card is blocked by another card of the project (`blocked_by`), or blocks it (`blocks`). Refused: the card itself (`dependency_self`), " +
      "a card of another project (`dependency_other_project`), a block that exists (`dependency_exists`) or one that would close a loop (`dependency_loop`, the loop written out).",
    kind: "card",
    action: "change",
    params: cardIdParams,
    body: createDependencyBody,
    success: { status: 201, schema: dependencySchema, description: "The block.", etag: true },
    problems: [400, 404],
    handle: async ({ member, params, body }) => {
      const card = await requireCard(member, params.projectId, params.cardId);
      const other = await otherCard(member, params.projectId, body.cardId);
      const added = await addDependency(member, params.projectId, {
        cardId: card.id,
        other: `#${other.number}`,
        direction: body.direction === "blocked_by" ? "blocked-by" : "blocks",
      }).catch((error: unknown) => {
        // The service names its form's field; the API's is `cardId`.
        if (isUserError(error) && error.field === "other") error.field = "cardId";
        throw error;
      });
      const all = await projectDependencies(member, params.projectId);
      const row = all.find((d) => d.blockerId === added.blocker.id && d.blockedId === added.blocked.id)!;
      const dependency = {
        object: "dependency" as const,
        blockerId: row.blockerId,
        blockedId: row.blockedId,
        blocker: { id: row.blockerId, number: row.blockerNumber, title: row.blockerTitle, open: !isClosedStateGroup(row.blockerGroup) },
        blocked: { id: row.blockedId, number: row.blockedNumber, title: row.blockedTitle, open: !isClosedStateGroup(row.blockedGroup) },
      };
      return objectAnswer(dependency, 201, { Location: `/api/v1/projects/${params.projectId}/cards/${card.id}/dependencies` });
    },
  }),
  operation({
    id: "deleteDependency",
    method: "delete",
    path: "/projects/{projectId}/cards/{cardId}/dependencies/{otherCardId}",
    tag: "Dependencies",
    summary: "Remove a dependency",
    description: "The block between this card and the other, whichever way it goes. `If-Match` takes the ETag of the card's dependencies.",
    kind: "card",
    action: "change",
    params: dependencyParams,
    success: { status: 204, description: "Removed." },
    problems: [404, 412],
    handle: async ({ member, params, ifMatch }) => {
      const card = await requireCard(member, params.projectId, params.cardId);
      const current = await cardDependencies(member, params.projectId, card.id);
      requireMatch(ifMatch, current);
      const [blockerCardId, blockedCardId] = current.blockedBy.some((c) => c.id === params.otherCardId)
        ? [params.otherCardId, card.id]
        : current.blocks.some((c) => c.id === params.otherCardId)
          ? [card.id, params.otherCardId]
          : [null, null];
      if (!blockerCardId || !blockedCardId) throw notFound("That block");
      await removeDependency(member, params.projectId, { blockerCardId, blockedCardId });
      return { status: 204 };
    },
  }),
];
