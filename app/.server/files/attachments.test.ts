// Card attachments through the real routes: the board page's action (multipart form
// post), the JSON API (bearer token), the download resource route, and the storage
// limit on the plan. The bytes go to the embedded store (file_blobs).
import { count, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loader as downloadLoader } from "~/routes/projects.$id.attachments.$attachmentId";
import { loader as billingLoader } from "~/routes/_app.billing";
import { BYTES_PER_GB, MAX_ATTACHMENT_BYTES } from "~/lib/file-size";
import { addMember, authedRequest, formRequest, makeOwner, makeUser, memberOf } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { hashToken, randomToken } from "../auth/tokens";
import { db, schema } from "../db";
import { boardAction, boardLoader } from "~/routes/_app.projects.$id.server";
import { boardApiAction } from "~/routes/api.projects.$id.board.server";
import { loadBoard } from "../projects/board-reads";
import { createCard } from "../projects/cards";
import { createProject, deleteProject } from "../projects/projects";
import { action as settingsRouteAction, loader as settingsRouteLoader } from "~/routes/_app.settings.server";
import { storageUsedBytes } from "../workspaces/limits";
import { cleanContentType, cleanFileName } from "./attachment-actions";
import { contentDisposition } from "./download";
import { createPostgresFileStore } from "./postgres-store";
import { setFileStoreForTests, type FileStore } from "./store";

const settingsLoader = (request: Request) => settingsRouteLoader({ request, params: {}, context: {} });
const settingsAction = (request: Request) => settingsRouteAction({ request, params: {}, context: {} });

type Failure = { init: { status: number }; data: { ok: false; intent: string; message: string; field?: string } };

async function setup(plan?: "starter" | "professional" | "enterprise") {
  const { user, workspace } = await makeOwner();
  if (plan) await db().update(schema.workspaces).set({ planId: plan }).where(eq(schema.workspaces.id, workspace.id));
  const member = await memberOf(user.id);
  const project = await createProject(member, { name: "Website" });
  const { columns } = await loadBoard(member, project.id);
  const card = await createCard(member, project.id, { columnId: columns[0]!.id, title: "Hero" });
  return { user, workspace, member, project, card, path: `/projects/${project.id}?task=${card.id}` };
}

const file = (name: string, content: string | Uint8Array<ArrayBuffer>, type = "text/plain") => new File([content], name, { type });

/** The attachment form's post, as a browser sends it (multipart/form-data). */
async function multipart(userId: string, path: string, fields: Record<string, string>, upload?: File) {
  const base = await authedRequest(userId, path);
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  if (upload) body.set("file", upload);
  return new Request(base.url, { method: "POST", headers: { Cookie: base.headers.get("Cookie")! }, body });
}

async function upload(userId: string, s: { project: { id: string }; card: { id: string }; path: string }, f: File) {
  return boardAction(await multipart(userId, s.path, { intent: "upload-attachment", cardId: s.card.id }, f), s.project.id);
}

async function download(userId: string, projectId: string, attachmentId: string) {
  const request = await authedRequest(userId, `/projects/${projectId}/attachments/${attachmentId}`);
  return (await downloadLoader({ request, params: { id: projectId, attachmentId }, context: {} })) as Response;
}

const attachmentsOf = (workspaceId: string) =>
  db().select().from(schema.cardAttachments).where(eq(schema.cardAttachments.workspaceId, workspaceId));
const blobCount = async () => Number((await db().select({ n: count() }).from(schema.fileBlobs))[0]!.n);
const cardActivity = async (cardId: string) =>
  (await db().select().from(schema.activity).where(eq(schema.activity.cardId, cardId))).map((a) => a.action);

/** A Starter-sized workspace filled to `used` bytes by metadata alone (no real bytes). */
async function fill(s: { workspace: { id: string }; project: { id: string }; card: { id: string }; user: { id: string } }, used: number) {
  await db()
    .insert(schema.cardAttachments)
    .values({
      workspaceId: s.workspace.id,
      projectId: s.project.id,
      cardId: s.card.id,
      uploadedBy: s.user.id,
      fileName: "archive.zip",
      contentType: "application/zip",
      sizeBytes: used,
      storageKey: `test/${crypto.randomUUID()}`,
    });
}

async function bearerFor(userId: string) {
  const token = randomToken(32);
  await db()
    .insert(schema.sessions)
    .values({ idHash: hashToken(token), userId, expiresAt: new Date(Date.now() + 3600_000) });
  return token;
}

beforeEach(resetDb);
afterEach(() => setFileStoreForTests(undefined));

describe("attachments on the board page", () => {
  it("uploads with a plain multipart form post, lists, counts, downloads and deletes, each in the card's activity", async () => {
    const s = await setup();
    const res = (await upload(s.user.id, s, file("notes.txt", "hello, files"))) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(s.path);
    expect(res.headers.get("Set-Cookie")).toContain("atelier_flash=");

    const page = await boardLoader(await authedRequest(s.user.id, s.path), s.project.id);
    expect(page.card!.attachments).toHaveLength(1);
    const [listed] = page.card!.attachments;
    expect(listed).toMatchObject({ fileName: "notes.txt", contentType: "text/plain", sizeBytes: 12, uploaderName: s.user.fullName });
    expect(listed!.url).toBe(`/projects/${s.project.id}/attachments/${listed!.id}`);
    expect(page.columns[0]!.cards[0]!.attachmentCount).toBe(1);
    expect(await storageUsedBytes(db(), s.workspace.id)).toBe(12);

    const got = await download(s.user.id, s.project.id, listed!.id);
    expect(got.status).toBe(200);
    expect(await got.text()).toBe("hello, files");
    expect(Object.fromEntries(got.headers)).toMatchObject({
      "content-type": "application/octet-stream",
      "content-disposition": `attachment; filename="notes.txt"; filename*=UTF-8''notes.txt`,
      "x-content-type-options": "nosniff",
      "cache-control": "private",
    });

    const del = (await boardAction(
      formRequest(await authedRequest(s.user.id, s.path), { intent: "delete-attachment", cardId: s.card.id, attachmentId: listed!.id }),
      s.project.id,
    )) as Response;
    expect(del.status).toBe(303);
    expect(await attachmentsOf(s.workspace.id)).toHaveLength(0);
    expect(await blobCount()).toBe(0);
    expect((await download(s.user.id, s.project.id, listed!.id)).status).toBe(404);
    expect(await cardActivity(s.card.id)).toEqual(expect.arrayContaining(["attachment.added", "attachment.removed"]));
  });

  it("shows safe images inline and serves everything else, SVG included, as a download", async () => {
    const s = await setup();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await upload(s.user.id, s, file("pixel.png", png, "image/png"));
    await upload(
      s.user.id,
      s,
      file("logo.svg", "<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>", "image/svg+xml"),
    );
    await upload(s.user.id, s, file("page.html", "<script>alert(1)</script>", "text/html"));
    const rows = await attachmentsOf(s.workspace.id);
    const byName = (n: string) => rows.find((r) => r.fileName === n)!;

    const image = await download(s.user.id, s.project.id, byName("pixel.png").id);
    expect(image.headers.get("Content-Type")).toBe("image/png");
    expect(image.headers.get("Content-Disposition")).toMatch(/^inline;/);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(png);
    for (const name of ["logo.svg", "page.html"]) {
      const res = await download(s.user.id, s.project.id, byName(name).id);
      expect(res.headers.get("Content-Type")).toBe("application/octet-stream");
      expect(res.headers.get("Content-Disposition")).toMatch(/^attachment;/);
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    }
  });

  it("answers another workspace's ids with a 404 and changes nothing", async () => {
    const mine = await setup();
    const theirs = await setup();
    await upload(mine.user.id, mine, file("secret.txt", "mine only"));
    const [att] = await attachmentsOf(mine.workspace.id);

    // Their own project in the URL, my attachment id; and my project id with my attachment id.
    expect((await download(theirs.user.id, theirs.project.id, att!.id)).status).toBe(404);
    expect((await download(theirs.user.id, mine.project.id, att!.id)).status).toBe(404);
    // Nonsense ids are a 404 too, not a database error.
    expect((await download(mine.user.id, mine.project.id, "not-a-uuid")).status).toBe(404);

    const viaTheirCard = (await boardAction(
      formRequest(await authedRequest(theirs.user.id, theirs.path), {
        intent: "delete-attachment",
        cardId: theirs.card.id,
        attachmentId: att!.id,
      }),
      theirs.project.id,
    )) as unknown as Failure;
    expect(viaTheirCard.init.status).toBe(404);
    const viaMyCard = (await boardAction(
      formRequest(await authedRequest(theirs.user.id, theirs.path), {
        intent: "delete-attachment",
        cardId: mine.card.id,
        attachmentId: att!.id,
      }),
      theirs.project.id,
    )) as unknown as Failure;
    expect(viaMyCard.init.status).toBe(404);
    const uploadToMyCard = (await boardAction(
      await multipart(theirs.user.id, theirs.path, { intent: "upload-attachment", cardId: mine.card.id }, file("x.txt", "x")),
      theirs.project.id,
    )) as unknown as Failure;
    expect(uploadToMyCard.init.status).toBe(404);

    expect(await attachmentsOf(mine.workspace.id)).toHaveLength(1);
    expect(await attachmentsOf(theirs.workspace.id)).toHaveLength(0);
    // The refused upload's bytes were written first (a hosted store cannot join the transaction), then removed.
    expect(await blobCount()).toBe(1);
  });

  it("lets a viewer download but not upload or delete (403)", async () => {
    const s = await setup();
    await upload(s.user.id, s, file("spec.pdf", "%PDF-1.4", "application/pdf"));
    const [att] = await attachmentsOf(s.workspace.id);
    const viewer = await makeUser();
    await addMember(s.workspace.id, viewer.id, "viewer");

    const up = (await upload(viewer.id, s, file("mine.txt", "no"))) as unknown as Failure;
    expect(up.init.status).toBe(403);
    const del = (await boardAction(
      formRequest(await authedRequest(viewer.id, s.path), { intent: "delete-attachment", cardId: s.card.id, attachmentId: att!.id }),
      s.project.id,
    )) as unknown as Failure;
    expect(del.init.status).toBe(403);
    expect((await download(viewer.id, s.project.id, att!.id)).status).toBe(200);
    expect(await attachmentsOf(s.workspace.id)).toHaveLength(1);
    expect(await blobCount()).toBe(1);
  });

  it("refuses uploads in a read-only workspace (403) and stores nothing", async () => {
    const s = await setup();
    await db()
      .update(schema.workspaces)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(schema.workspaces.id, s.workspace.id));
    const res = (await upload(s.user.id, s, file("late.txt", "too late"))) as unknown as Failure;
    expect(res.init.status).toBe(403);
    expect(res.data.message).toMatch(/^This workspace is read-only because its free trial has ended/);
    expect(await attachmentsOf(s.workspace.id)).toHaveLength(0);
    expect(await blobCount()).toBe(0);
  });

  it("refuses a file over 25 MB with a 413 and saves nothing; an empty file input asks for a file", async () => {
    const s = await setup();
    const big = file("video.mov", new Uint8Array(MAX_ATTACHMENT_BYTES + 1), "video/quicktime");
    const res = (await upload(s.user.id, s, big)) as unknown as Failure;
    expect(res.init.status).toBe(413);
    expect(res.data).toMatchObject({
      intent: "upload-attachment",
      message: "That file is larger than 25 MB, the most one attachment can be. Nothing was uploaded.",
    });
    const empty = (await upload(s.user.id, s, new File([], "", { type: "application/octet-stream" }))) as unknown as Failure;
    expect(empty.init.status).toBe(400);
    expect(empty.data).toMatchObject({ field: "file", message: "Choose a file to upload." });
    expect(await attachmentsOf(s.workspace.id)).toHaveLength(0);
    expect(await blobCount()).toBe(0);
  });
});

describe("the plan's storage limit", () => {
  it("refuses an upload past the Starter plan's 5 GB with the plan's message; a smaller one still fits", async () => {
    const s = await setup("starter");
    await fill(s, 5 * BYTES_PER_GB - 100);
    const refused = (await upload(s.user.id, s, file("big.txt", "x".repeat(101)))) as unknown as Failure;
    expect(refused.init.status).toBe(403);
    expect(refused.data.message).toBe(
      "The Starter plan includes 5 GB of storage. Upgrade your plan to add more, or delete files you no longer need.",
    );
    expect(await attachmentsOf(s.workspace.id)).toHaveLength(1);
    expect(await blobCount()).toBe(0);
    expect(((await upload(s.user.id, s, file("fits.txt", "x".repeat(100)))) as Response).status).toBe(303);
    expect(await storageUsedBytes(db(), s.workspace.id)).toBe(5 * BYTES_PER_GB);
  });

  it("holds Enterprise to its 500 GB as well", async () => {
    const s = await setup("enterprise");
    await fill(s, 500 * BYTES_PER_GB);
    const refused = (await upload(s.user.id, s, file("one-more.txt", "x"))) as unknown as Failure;
    expect(refused.init.status).toBe(403);
    expect(refused.data.message).toContain("The Enterprise plan includes 500 GB of storage.");
  });

  it("lets only one of two concurrent uploads (to different cards) take the last room", async () => {
    const s = await setup("starter");
    await fill(s, 5 * BYTES_PER_GB - 100);
    // Another card, so the card's row lock does not serialise them: the workspace's storage lock must.
    const { columns } = await loadBoard(s.member, s.project.id);
    const other = await createCard(s.member, s.project.id, { columnId: columns[1]!.id, title: "Other" });
    const results = await Promise.all([
      upload(s.user.id, s, file("a.txt", "a".repeat(60))),
      upload(s.user.id, { ...s, card: other }, file("b.txt", "b".repeat(60))),
    ]);
    const statuses = results.map((r) => (r instanceof Response ? r.status : (r as unknown as Failure).init.status)).sort();
    expect(statuses).toEqual([303, 403]);
    expect(await attachmentsOf(s.workspace.id)).toHaveLength(2);
    expect(await blobCount()).toBe(1);
  });

  it("shows the same usage on /billing and /settings", async () => {
    const s = await setup();
    await upload(s.user.id, s, file("a.txt", "x".repeat(1000)));
    await fill(s, 5000);
    const billing = await billingLoader({ request: await authedRequest(s.user.id, "/billing"), params: {}, context: {} });
    expect(billing.usage.find((u) => u.label === "Storage")).toEqual({
      label: "Storage",
      used: 6000,
      limit: 50 * BYTES_PER_GB,
      bytes: true,
    });
    const settings = await settingsLoader(await authedRequest(s.user.id, "/settings"));
    expect(settings.usage.storageBytes).toBe(6000);
  });
});

describe("deleting what files belong to", () => {
  /** The embedded store, with the keys it is told to discard written down. */
  function recordingStore() {
    const discarded: string[] = [];
    const real = createPostgresFileStore();
    const store: FileStore = { ...real, delete: async (keys) => (discarded.push(...keys), real.delete(keys)) };
    setFileStoreForTests(store);
    return discarded;
  }

  it("deleting a card frees its usage and removes its bytes (and tells the store)", async () => {
    const s = await setup();
    await upload(s.user.id, s, file("a.txt", "aaaa"));
    const [att] = await attachmentsOf(s.workspace.id);
    const discarded = recordingStore();
    const res = (await boardAction(
      formRequest(await authedRequest(s.user.id, s.path), { intent: "delete-card", cardId: s.card.id }),
      s.project.id,
    )) as Response;
    expect(res.status).toBe(303);
    expect(await storageUsedBytes(db(), s.workspace.id)).toBe(0);
    expect(await blobCount()).toBe(0);
    expect(discarded).toEqual([att!.storageKey]);
  });

  it("deleting a project, or the workspace, does the same", async () => {
    const s = await setup();
    await upload(s.user.id, s, file("a.txt", "aaaa"));
    const other = await createProject(s.member, { name: "Kept" });
    const { columns } = await loadBoard(s.member, other.id);
    const kept = await createCard(s.member, other.id, { columnId: columns[0]!.id, title: "Stays" });
    await upload(s.user.id, { project: other, card: kept, path: `/projects/${other.id}?task=${kept.id}` }, file("b.txt", "bb"));
    const discarded = recordingStore();

    await deleteProject(s.member, s.project.id);
    expect(await storageUsedBytes(db(), s.workspace.id)).toBe(2);
    expect(await blobCount()).toBe(1);
    expect(discarded).toHaveLength(1);

    const res = (await settingsAction(
      formRequest(await authedRequest(s.user.id, "/settings"), { intent: "delete-workspace", confirm: s.workspace.name }),
    )) as Response;
    expect(res.status).toBe(303);
    expect(await blobCount()).toBe(0);
    expect(await db().select().from(schema.cardAttachments)).toHaveLength(0);
    expect(discarded).toHaveLength(2);
  });
});

describe("the JSON API", () => {
  async function apiUpload(token: string, projectId: string, fields: Record<string, string>, f: File) {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    body.set("file", f);
    return boardApiAction(
      new Request(`http://localhost:3000/api/projects/${projectId}/board`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}` },
        body,
      }),
      projectId,
    );
  }

  it("takes the same multipart upload with a bearer token and answers JSON, the limit and size refusals included", async () => {
    const s = await setup("starter");
    const token = await bearerFor(s.user.id);
    const ok = await apiUpload(token, s.project.id, { intent: "upload-attachment", cardId: s.card.id }, file("api.txt", "via the API"));
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body).toMatchObject({ ok: true, intent: "upload-attachment", message: "Attached api.txt.", cardId: s.card.id });

    const got = await (async () => {
      const request = new Request(`http://localhost:3000/projects/${s.project.id}/attachments/${body.attachmentId}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      return (await downloadLoader({ request, params: { id: s.project.id, attachmentId: body.attachmentId }, context: {} })) as Response;
    })();
    expect(await got.text()).toBe("via the API");

    await fill(s, 5 * BYTES_PER_GB);
    const full = await apiUpload(token, s.project.id, { intent: "upload-attachment", cardId: s.card.id }, file("more.txt", "more"));
    expect(full.status).toBe(403);
    expect(await full.json()).toMatchObject({
      status: 403,
      detail: "The Starter plan includes 5 GB of storage. Upgrade your plan to add more, or delete files you no longer need.",
    });

    const big = await apiUpload(
      token,
      s.project.id,
      { intent: "upload-attachment", cardId: s.card.id },
      file("big.bin", new Uint8Array(MAX_ATTACHMENT_BYTES + 1)),
    );
    expect(big.status).toBe(413);
    const tooBig = await big.json();
    expect(tooBig).toMatchObject({ status: 413, errors: [{ field: "file" }] });
    expect(tooBig.detail).toContain("larger than 25 MB");
    expect(await blobCount()).toBe(1);
  });

  it("deletes with JSON and refuses a viewer's token with a 403", async () => {
    const s = await setup();
    const token = await bearerFor(s.user.id);
    const up = await (await apiUpload(token, s.project.id, { intent: "upload-attachment", cardId: s.card.id }, file("x.txt", "x"))).json();
    const viewer = await makeUser();
    await addMember(s.workspace.id, viewer.id, "viewer");
    const viewerToken = await bearerFor(viewer.id);
    expect(
      (await apiUpload(viewerToken, s.project.id, { intent: "upload-attachment", cardId: s.card.id }, file("v.txt", "v"))).status,
    ).toBe(403);

    const del = await boardApiAction(
      new Request(`http://localhost:3000/api/projects/${s.project.id}/board`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ intent: "delete-attachment", cardId: s.card.id, attachmentId: up.attachmentId }),
      }),
      s.project.id,
    );
    expect(del.status).toBe(200);
    expect(await del.json()).toMatchObject({ ok: true, message: "Deleted x.txt." });
    expect(await blobCount()).toBe(0);
  });
});

describe("names and types", () => {
  it("keeps the file's own name, without paths or control characters", () => {
    expect(cleanFileName("C:\\Users\\me\\Report Q3.pdf")).toBe("Report Q3.pdf");
    expect(cleanFileName("../../etc/passwd")).toBe("passwd");
    expect(cleanFileName("bad\r\nname.txt")).toBe("badname.txt");
    expect(cleanFileName("x".repeat(300))).toHaveLength(200);
  });

  it("keeps a well-formed type and falls back to application/octet-stream", () => {
    expect(cleanContentType("image/PNG")).toBe("image/png");
    expect(cleanContentType("text/plain; charset=utf-8")).toBe("text/plain");
    expect(cleanContentType("")).toBe("application/octet-stream");
    expect(cleanContentType("text/html\r\nX-Evil: 1")).toBe("application/octet-stream");
  });

  it("names the download in ASCII and exactly (RFC 6266)", () => {
    expect(contentDisposition("attachment", 'Résumé "final" (2).pdf')).toBe(
      `attachment; filename="R_sum_ _final_ (2).pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22%20%282%29.pdf`,
    );
  });
});
