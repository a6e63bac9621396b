import { notify, watchersOf } from "./index";

/**
 * What happens on a card that people hear about: an assignment, a mention (in a comment or
 * the description), a comment on a card they are assigned to or watch. Called by the events'
 * notifications subscriber (../events/subscribers.ts) after the change has committed.
 */
type CardRef = { workspaceId: string; projectId: string; cardId: string; title: string };

const cardUrl = (c: CardRef) => `/projects/${c.projectId}?task=${c.cardId}`;
/** Who did it, named as the events name their actor (their name, else their e-mail's local part). */
type Actor = { id: string; name: string | null };
const actorName = (a: Actor) => a.name ?? "Someone";

export async function cardAssigned(actor: Actor, card: CardRef, userId: string) {
  await notify({
    workspaceId: card.workspaceId,
    kind: "assigned",
    actorId: actor.id,
    recipients: [userId],
    title: `${actorName(actor)} assigned you “${card.title}”`,
    url: cardUrl(card),
    projectId: card.projectId,
    cardId: card.cardId,
  });
}

/** Mentions first; then everyone watching the card who was not mentioned hears of the comment. */
export async function commentPosted(actor: Actor, card: CardRef, input: { mentioned: string[]; text: string; edited?: boolean }) {
  await notify({
    workspaceId: card.workspaceId,
    kind: "mentioned",
    actorId: actor.id,
    recipients: input.mentioned,
    title: `${actorName(actor)} mentioned you on “${card.title}”`,
    excerpt: input.text,
    url: cardUrl(card),
    projectId: card.projectId,
    cardId: card.cardId,
  });
  if (input.edited) return;
  const watchers = await watchersOf(card.workspaceId, card.cardId, [actor.id, ...input.mentioned]);
  await notify({
    workspaceId: card.workspaceId,
    kind: "commented",
    actorId: actor.id,
    recipients: watchers,
    title: `${actorName(actor)} commented on “${card.title}”`,
    excerpt: input.text,
    url: cardUrl(card),
    projectId: card.projectId,
    cardId: card.cardId,
  });
}

export async function descriptionMentions(actor: Actor, card: CardRef, mentioned: string[], text: string) {
  await notify({
    workspaceId: card.workspaceId,
    kind: "mentioned",
    actorId: actor.id,
    recipients: mentioned,
    title: `${actorName(actor)} mentioned you in “${card.title}”`,
    excerpt: text,
    url: cardUrl(card),
    projectId: card.projectId,
    cardId: card.cardId,
  });
}
