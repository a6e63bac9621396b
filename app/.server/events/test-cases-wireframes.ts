// The change-event cases of wireframes, main components, design systems, prototype feedback and
// share links (events.wireframes.test.ts runs them; test-cases.ts lists every family).
import { createSet, createDownloadToken, deleteSet, publishVersion, revokeDownloadToken } from "../design";
import { createGuestPin, createPin, createShareLink, openShareLink, replyToPin, revokeShareLink, setPinResolved } from "../prototypes";
import type { SharedPrototype } from "../prototypes/share";
import { componentsTopic, wireframeTopic } from "../realtime";
import {
  applyPatch,
  createComponent,
  createWireframe,
  deleteComponent,
  deleteWireframe,
  duplicateWireframe,
  getWireframe,
  renameWireframe,
  updateComponent,
  uploadImage,
} from "../wireframes";
import { importWireframe } from "../wireframes/import";
import { linkScreen, unlinkScreen } from "../wireframes/links";
import { PNG_BYTES } from "../wireframes/test-support";
import { SCHEMA_VERSION, type ComponentDefinition } from "~/lib/wireframes/document";
import { defaultElement } from "~/lib/wireframes/elements";
import { newScreen, w, type Case } from "./test-support";

type Shown = { wireframeId: string; screenId: string };
type Pinned = Shown & { pin: string };

/** A wireframe with a feedback pin on its screen. */
async function pinned(): Promise<Pinned> {
  const p = await newScreen();
  const { id } = await createPin(w.member, p.wireframeId, { screenId: p.screenId, x: 1, y: 1, body: "Here" });
  return { ...p, pin: id };
}

/** A main component's drawing: one rectangle `width` wide. */
const chipDefinition = (width = 100): ComponentDefinition => ({
  schemaVersion: SCHEMA_VERSION,
  width,
  height: 32,
  elements: { bg: defaultElement("rectangle", { id: "bg", screenId: "", width, height: 32 }) },
});

/** A main component's event: the open editors hear it on the workspace's components topic; the history shows none. */
function componentCase(
  kind: "component.created" | "component.updated" | "component.deleted",
  run: (c: { id: string; version: number }) => Promise<unknown>,
): Case {
  return {
    kind,
    ...(kind === "component.created" ? {} : { prepare: () => createComponent(w.member, { name: "Chip", definition: chipDefinition() }) }),
    run,
    topic: () => componentsTopic(w.member.workspace.id),
    activity: 0,
    live: 1,
  };
}

export const WIREFRAME_AND_DESIGN_CASES: Case[] = [
  {
    kind: "card.screen_linked",
    prepare: async () => ({ card: await w.newCard("Linked"), ...(await newScreen()) }),
    run: (p: { card: { id: string }; wireframeId: string; screenId: string }) =>
      linkScreen(w.member, { cardId: p.card.id, wireframeId: p.wireframeId, screenId: p.screenId }),
    activity: 0,
    live: 1,
  },
  {
    kind: "card.screen_unlinked",
    prepare: async () => {
      const p = { card: await w.newCard("Unlinked"), ...(await newScreen()) };
      await linkScreen(w.member, { cardId: p.card.id, wireframeId: p.wireframeId, screenId: p.screenId });
      return p;
    },
    run: (p: { card: { id: string }; wireframeId: string; screenId: string }) =>
      unlinkScreen(w.member, { cardId: p.card.id, wireframeId: p.wireframeId, screenId: p.screenId }),
    activity: 0,
    live: 1,
  },

  {
    kind: "wireframe.patched",
    prepare: newScreen,
    run: (p: { wireframeId: string; screenId: string }) =>
      applyPatch(w.member, p.wireframeId, { clientId: "test", ops: [{ op: "set-screen", id: p.screenId, key: "name", value: "Renamed" }] }),
    topic: (p: { wireframeId: string }) => wireframeTopic(p.wireframeId),
    activity: 0,
    live: 1,
  },
  {
    kind: "wireframe.deleted",
    prepare: newScreen,
    run: (p: { wireframeId: string }) => deleteWireframe(w.member, p.wireframeId),
    topic: (p: { wireframeId: string }) => wireframeTopic(p.wireframeId),
    activity: 0,
    live: 1,
  },
  { kind: "design.tokens.changed", run: () => createSet(w.member, null, "extra"), activity: 0, live: 0 },
  componentCase("component.created", () => createComponent(w.member, { name: "Chip", definition: chipDefinition() })),
  componentCase("component.updated", (c) => updateComponent(w.member, c.id, { definition: chipDefinition(120), baseVersion: c.version })),
  componentCase("component.deleted", (c) => deleteComponent(w.member, c.id)),
  {
    kind: "design.tokens.changed",
    prepare: () => createSet(w.member, null, "spare"),
    run: () => deleteSet(w.member, null, "spare"),
    activity: 0,
    live: 0,
  },
  {
    kind: "design.version_published",
    run: () => publishVersion(w.member, null, { version: "1.0.0", note: "First" }),
    activity: 1,
    live: 0,
    carries: { subject: { version: "1.0.0" }, change: { note: "First", scope: "workspace" } },
  },
  {
    kind: "design.download_link_created",
    prepare: () => publishVersion(w.member, null, { version: "1.1.0", note: "" }),
    run: (v: { id: string }) => createDownloadToken(w.member, v.id),
    activity: 0,
    live: 0,
  },
  {
    kind: "design.download_link_revoked",
    prepare: async () => createDownloadToken(w.member, (await publishVersion(w.member, null, { version: "1.2.0", note: "" })).id),
    run: (t: { id: string }) => revokeDownloadToken(w.member, t.id),
    activity: 0,
    live: 0,
  },

  { kind: "wireframe.created", run: () => newScreen(), activity: 1, live: 0 },
  {
    kind: "wireframe.created",
    run: () => createWireframe(w.member, { projectId: w.project.id, name: "Shop", device: "desktop", templateId: "dashboard" }),
    activity: 1,
    live: 0,
  },
  {
    kind: "wireframe.created",
    prepare: newScreen,
    run: (p: Shown) => duplicateWireframe(w.member, p.wireframeId),
    activity: 1,
    live: 0,
  },
  {
    kind: "wireframe.created",
    prepare: async () => JSON.stringify((await getWireframe(w.member, (await newScreen()).wireframeId)).document),
    run: (json: string) =>
      importWireframe(w.member, { projectId: w.project.id, fileName: "flow.json", bytes: new TextEncoder().encode(json) }),
    activity: 1,
    live: 0,
  },
  {
    kind: "wireframe.renamed",
    prepare: newScreen,
    run: (p: Shown) => renameWireframe(w.member, p.wireframeId, "Checkout"),
    activity: 1,
    live: 0,
  },
  {
    kind: "wireframe.image_added",
    prepare: newScreen,
    run: (p: Shown) => uploadImage(w.member, p.wireframeId, new File([PNG_BYTES], "photo.png", { type: "image/png" })),
    activity: 0,
    live: 0,
  },
  {
    kind: "wireframe.shared",
    prepare: newScreen,
    run: (p: Shown) => createShareLink(w.member, p.wireframeId, { allowFeedback: true, password: "secret1", expiresInDays: 7 }),
    activity: 1,
    live: 0,
    carries: { subject: { name: "Flow" }, change: { link: { allowFeedback: true, hasPassword: true } } },
  },
  {
    kind: "wireframe.share_revoked",
    prepare: async () => {
      const p = await newScreen();
      return { ...p, link: (await createShareLink(w.member, p.wireframeId, { allowFeedback: false })).id };
    },
    run: (p: Shown & { link: string }) => revokeShareLink(w.member, p.wireframeId, p.link),
    activity: 1,
    live: 0,
  },

  {
    kind: "feedback.pin_created",
    prepare: newScreen,
    run: (p: Shown) => createPin(w.member, p.wireframeId, { screenId: p.screenId, x: 10, y: 20, body: "Bigger button?" }),
    activity: 0,
    live: 0,
  },
  {
    kind: "feedback.pin_created",
    prepare: async () => {
      const p = await newScreen();
      const { token } = await createShareLink(w.member, p.wireframeId, { allowFeedback: true });
      return { ...p, shared: await openShareLink(token, { ip: "203.0.113.9" }) };
    },
    run: (p: Shown & { shared: SharedPrototype }) =>
      createGuestPin(p.shared, { name: "Robin", screenId: p.screenId, x: 5, y: 5, body: "Looks good" }),
    guest: true,
    activity: 0,
    live: 0,
  },
  {
    kind: "feedback.replied",
    prepare: pinned,
    run: (p: Pinned) => replyToPin(w.member, p.wireframeId, p.pin, "Agreed"),
    activity: 0,
    live: 0,
  },
  {
    kind: "feedback.resolved",
    prepare: pinned,
    run: (p: Pinned) => setPinResolved(w.member, p.wireframeId, p.pin, true),
    activity: 0,
    live: 0,
  },
  {
    kind: "feedback.reopened",
    prepare: async () => {
      const p = await pinned();
      await setPinResolved(w.member, p.wireframeId, p.pin, true);
      return p;
    },
    run: (p: Pinned) => setPinResolved(w.member, p.wireframeId, p.pin, false),
    activity: 0,
    live: 0,
  },
];
