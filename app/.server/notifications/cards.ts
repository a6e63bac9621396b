import type { MemberContext } from "../workspaces";
import { notify, watchersOf } from "./index";

/**
 * What happens on a card that people hear about: an assignment, a mention (in a comment or
 * the description), a comment on a card they are assigned to or watch. Called by the card
 * services after their change has committed.
 */
type CardRef = { workspaceId: string; projectId: string; cardId: string; title: string };

const cardUrl = (c: CardRef) => `/projects/${c.projectId}?task=${c.cardId}`;
const actorName = (m: MemberContext) => m.user.fullName?.trim() || m.user.email.split("@")[0]!;

export async function cardAssigned(actor: MemberContext, card: CardRef, userId: string) {
  await notify({
    workspaceId: card.workspaceId,
    kind: "assigned",
    actorId: actor.user.id,
    recipients: [userId],
    title: `${actorName(actor)} assigned you “${card.title}”`,
    url: cardUrl(card),
    projectId: card.projectId,
    cardId: card.cardId,
  });
}

/** Mentions first; then everyone watching the card who was not mentioned hears of the comment. */
export async function commentPosted(actor: MemberContext, card: CardRef, input: { mentioned: string[]; text: string; edited?: boolean }) {
  await notify({
    workspaceId: card.workspaceId,
    kind: "mentioned",
    actorId: actor.user.id,
    recipients: input.mentioned,
    title: `${actorName(actor)} mentioned you on “${card.title}”`,
    excerpt: input.text,
    url: cardUrl(card),
    projectId: card.projectId,
    cardId: card.cardId,
  });
  if (input.edited) return;
  const watchers = await watchersOf(card.workspaceId, card.cardId, [actor.user.id, ...input.mentioned]);
  await notify({
    workspaceId: card.workspaceId,
    kind: "commented",
    actorId: actor.user.id,
    recipients: watchers,
    title: `${actorName(actor)} commented on “${card.title}”`,
    excerpt: input.text,
    url: cardUrl(card),
    projectId: card.projectId,
    cardId: card.cardId,
  });
}

export async function descriptionMentions(actor: MemberContext, card: CardRef, mentioned: string[], text: string) {
  await notify({
    workspaceId: card.workspaceId,
    kind: "mentioned",
    actorId: actor.user.id,
    recipients: mentioned,
    title: `${actorName(actor)} mentioned you in “${card.title}”`,
    excerpt: text,
    url: cardUrl(card),
    projectId: card.projectId,
    cardId: card.cardId,
  });
}
