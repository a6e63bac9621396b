/**
 * The world the route fuzz runs in (app/routes/fuzz.test.ts), built through the services as
 * a user would build it: two workspaces, "ours" (the signed-in owner's, who is also a site
 * admin so the admin routes run too) and "theirs" (another owner's), each with a project, its
 * columns, a card with a label, a checklist item, a comment, an assignee and an attachment,
 * a wireframe with a linked screen, a main component, an uploaded image, an open invitation
 * and a paid test-mode checkout (a customer and a subscription, so /billing, the payment API
 * and the test-mode portal go deep); and one beta request for the admin.
 *
 * `ids.ours` / `ids.theirs` name each object by kind, so a fuzz case can post our ids (to get
 * past the checks to the service) or theirs (which every service must refuse).
 */
import { and, eq } from "drizzle-orm";
import { signIn } from "~/.server/auth/session";
import { hashToken } from "~/.server/auth/tokens";
import { submitBetaRequest } from "~/.server/beta/requests";
import { startCheckout } from "~/.server/billing/checkout";
import { payTestCheckout } from "~/.server/billing/test-mode";
import { db, schema } from "~/.server/db";
import { getSessionCookie } from "~/.server/http/cookies";
import { resetEnvForTests } from "~/.server/env";
import { outbox } from "~/.server/mail";
import { runBoardIntent } from "~/.server/projects/board-actions";
import { createProject } from "~/.server/projects/projects";
import { createComponent, createWireframe, getWireframe, linkScreen, uploadImage } from "~/.server/wireframes";
import { PNG_BYTES } from "~/.server/wireframes/test-support";
import { inviteMember } from "~/.server/workspaces/invitations";
import type { MemberContext } from "~/.server/workspaces";
import { SCHEMA_VERSION } from "~/lib/wireframes/document";
import { defaultElement } from "~/lib/wireframes/elements";
import { addMember, makeOwner, makeUser, memberOf } from "../factories";

/** What a field or a path parameter refers to. */
export type Kind =
  | "project"
  | "column"
  | "card"
  | "label"
  | "checklistItem"
  | "attachment"
  | "wireframe"
  | "screen"
  | "component"
  | "image"
  | "member"
  | "invitation"
  | "invitationToken"
  | "session"
  | "workspace"
  | "betaRequest"
  | "checkout"
  | "customer"
  | "subscription";

export type Ids = Record<Kind, string>;

export type FuzzWorld = {
  ours: Ids;
  theirs: Ids;
  /** The signed-in owner of ours (no password: an OAuth-style account, so nothing here waits on argon2). */
  owner: { id: string; email: string };
  /** A `Cookie` header of the owner's session, and its `Authorization: Bearer` twin for API clients. */
  cookie: string;
  bearer: string;
  /** A fresh session of the owner (for POST /logout, which ends the one it is sent with). */
  newSession(): Promise<{ cookie: string }>;
};

/** A new session of `userId`: its Cookie header, its raw id (a bearer token) and the hash the profile page shows. */
async function sessionOf(userId: string): Promise<{ cookie: string; id: string; hash: string }> {
  const headers = await signIn(new Request("http://localhost:3000/", { headers: { "User-Agent": "fuzz" } }), userId);
  const cookie = headers.get("Set-Cookie")!.split(";")[0]!;
  const id = String(await getSessionCookie().parse(cookie));
  return { cookie, id, hash: hashToken(id) };
}

const DEFINITION = {
  schemaVersion: SCHEMA_VERSION,
  width: 200,
  height: 40,
  elements: {
    bg: defaultElement("rectangle", { id: "bg", screenId: "", width: 200, height: 40, fill: "#eeeeee" }),
  },
};

async function workspaceWorld(owner: MemberContext, invitee: string): Promise<Ids> {
  const project = await createProject(owner, { name: "Fuzzed project" });
  const columns = await db()
    .select({ id: schema.boardColumns.id })
    .from(schema.boardColumns)
    .where(eq(schema.boardColumns.projectId, project.id))
    .orderBy(schema.boardColumns.position);
  const board = async (intent: Parameters<typeof runBoardIntent>[2]) => {
    const result = await runBoardIntent(owner, project.id, intent);
    if (!result.ok) throw new Error(`fixture: ${intent.intent} refused: ${result.message}`);
    return result;
  };
  const { cardId } = await board({ intent: "create-card", columnId: columns[0]!.id, title: "A card to fuzz" });
  const card = cardId!;
  await board({ intent: "create-label", name: "Fuzz", color: LABEL_COLOR, cardId: card });
  await board({ intent: "add-checklist-item", cardId: card, text: "An item" });
  await board({ intent: "add-comment", cardId: card, body: "A comment" });
  await board({ intent: "set-assignee", cardId: card, userId: owner.user.id, assigned: true });
  const file = new File([PNG_BYTES], "pixel.png", { type: "image/png" });
  const { attachmentId } = await board({ intent: "upload-attachment", cardId: card, file });
  const [label] = await db().select({ id: schema.labels.id }).from(schema.labels).where(eq(schema.labels.projectId, project.id));
  const [item] = await db()
    .select({ id: schema.checklistItems.id })
    .from(schema.checklistItems)
    .where(eq(schema.checklistItems.cardId, card));

  const { id: wireframe } = await createWireframe(owner, { projectId: project.id, name: "Fuzzed wireframe", device: "desktop" });
  const screen = Object.keys((await getWireframe(owner, wireframe)).document.screens)[0]!;
  await linkScreen(owner, { cardId: card, wireframeId: wireframe, screenId: screen });
  const { id: component } = await createComponent(owner, { name: "Fuzzed component", definition: DEFINITION });
  const { fileId: image } = await uploadImage(owner, wireframe, new File([PNG_BYTES], "pixel.png", { type: "image/png" }));

  await inviteMember(owner, invitee, "member");
  const [invitation] = await db()
    .select({ id: schema.invitations.id })
    .from(schema.invitations)
    .where(and(eq(schema.invitations.workspaceId, owner.workspace.id), eq(schema.invitations.email, invitee)));
  const link = [...outbox]
    .reverse()
    .find((m) => m.to === invitee)!
    .text.match(/\/invite\/([\w-]+)/)![1]!;

  const checkout = await startCheckout(owner, { planId: "starter", interval: "month" });
  if (checkout.kind !== "checkout") throw new Error("fixture: no checkout was opened");
  const [customer] = await db()
    .select({ id: schema.billingCustomers.customerId })
    .from(schema.billingCustomers)
    .where(eq(schema.billingCustomers.workspaceId, owner.workspace.id));
  const session = (await sessionOf(owner.user.id)).hash;

  return {
    project: project.id,
    column: columns[1]!.id,
    card,
    label: label!.id,
    checklistItem: item!.id,
    attachment: attachmentId!,
    wireframe,
    screen,
    component,
    image,
    member: owner.user.id,
    invitation: invitation!.id,
    invitationToken: link,
    // The profile page names a session by the first 16 characters of its hash.
    session: session.slice(0, 16),
    workspace: owner.workspace.id,
    betaRequest: "",
    checkout: new URL(checkout.url).pathname.split("/").pop()!,
    customer: customer!.id,
    subscription: "",
  };
}

const LABEL_COLOR = "blue" as const;

export async function buildWorld(): Promise<FuzzWorld> {
  const { user: ourOwner } = await makeOwner({ fullName: "Olive Ours" });
  const { user: theirOwner } = await makeOwner({ fullName: "Theo Theirs" });
  // Our owner is a site admin too, so /admin and its decisions run their code.
  process.env.ADMIN_EMAILS = ourOwner.email;
  resetEnvForTests();
  const teammate = await makeUser({ fullName: "Tess Teammate" });
  await addMember((await memberOf(ourOwner.id)).workspace.id, teammate.id, "member");

  const us = await memberOf(ourOwner.id);
  const them = await memberOf(theirOwner.id);
  const ours = await workspaceWorld(us, "invitee-ours@example.test");
  const theirs = await workspaceWorld(them, "invitee-theirs@example.test");
  ours.member = teammate.id;

  // Both pay their checkout: a subscription each to look at, change and cancel (theirs must stay out of reach).
  for (const [member, ids] of [
    [us, ours],
    [them, theirs],
  ] as const) {
    await payTestCheckout(member, ids.checkout);
    const [sub] = await db()
      .select({ id: schema.subscriptions.subscriptionId })
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.workspaceId, member.workspace.id));
    ids.subscription = sub!.id;
  }

  // Beta requests belong to no workspace: the admin decides on all of them, so there is no "theirs".
  await submitBetaRequest({ email: "beta-request@example.test", fullName: "Beta Request" });
  const [beta] = await db().select({ id: schema.betaRequests.id }).from(schema.betaRequests);
  ours.betaRequest = beta!.id;

  const main = await sessionOf(ourOwner.id);
  return {
    ours,
    theirs,
    owner: { id: ourOwner.id, email: ourOwner.email },
    cookie: main.cookie,
    bearer: `Bearer ${main.id}`,
    newSession: async () => ({ cookie: (await sessionOf(ourOwner.id)).cookie }),
  };
}
