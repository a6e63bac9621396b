import { describe, expect, it } from "vitest";
import { createApiKey } from "~/.server/api-keys";
import { MAX_ATTACHMENT_BYTES } from "~/lib/file-size";
import { apiClient } from "../client";
import { projectWithBoard, world, type World } from "../world";

type CardPath = { projectId: string; cardId: string };

/** A card on a fresh board, and the address parts of it. */
async function cardOf(w: World): Promise<CardPath> {
  const { project, columns } = await projectWithBoard(w);
  const { data: card } = await w.api.POST("/projects/{projectId}/cards", {
    params: { path: { projectId: project.id } },
    body: { columnId: columns[0]!.id, title: "Launch" },
  });
  return { projectId: project.id, cardId: card!.id };
}

/** An upload as a client sends it: the file's bytes as the body, its type as Content-Type, its name in the query. */
function upload(
  api: World["api"],
  path: CardPath,
  file: { bytes: Uint8Array; type?: string; name?: string },
  headers: Record<string, string> = {},
) {
  return api.POST("/projects/{projectId}/cards/{cardId}/attachments", {
    params: { path, query: { filename: file.name ?? "plan.txt" } },
    body: file.bytes as never,
    bodySerializer: (b: unknown) => b as BodyInit,
    // null: no Content-Type at all (the client would otherwise say application/json).
    headers: { "Content-Type": (file.type ?? null) as string, ...headers },
  });
}

const text = (s: string) => new TextEncoder().encode(s);

export function attachmentScenarios() {
  describe("attachments", () => {
    it("uploads a file as the raw body, lists it, downloads it as stored, and deletes it", async () => {
      const w = await world();
      const path = await cardOf(w);
      const sent = await upload(w.api, path, { bytes: text("<h1>Plan</h1>"), type: "text/html", name: "Plan été.html" });
      expect(sent.response.status).toBe(201);
      expect(sent.data).toMatchObject({
        object: "attachment",
        cardId: path.cardId,
        fileName: "Plan été.html",
        contentType: "text/html",
        size: 13,
        uploadedBy: w.owner.id,
      });
      const id = sent.data!.id;
      expect(sent.response.headers.get("Location")).toBe(`/api/v1/projects/${path.projectId}/cards/${path.cardId}/attachments/${id}`);
      const etag = sent.response.headers.get("ETag")!;

      const list = await w.api.GET("/projects/{projectId}/cards/{cardId}/attachments", { params: { path } });
      expect(list.data!.data.map((a) => a.fileName)).toEqual(["Plan été.html"]);
      const one = await w.api.GET("/projects/{projectId}/cards/{cardId}/attachments/{attachmentId}", {
        params: { path: { ...path, attachmentId: id } },
      });
      expect(one.data).toEqual(sent.data);

      const filePath = { ...path, attachmentId: id };
      const down = await w.api.GET("/projects/{projectId}/cards/{cardId}/attachments/{attachmentId}/content", {
        params: { path: filePath },
        parseAs: "text",
      });
      expect(down.response.status).toBe(200);
      expect(down.data).toBe("<h1>Plan</h1>");
      expect(Object.fromEntries(down.response.headers)).toMatchObject({
        "content-type": "text/html",
        "content-disposition": `attachment; filename="Plan _t_.html"; filename*=UTF-8''Plan%20%C3%A9t%C3%A9.html`,
        "content-length": "13",
        etag,
        "x-content-type-options": "nosniff",
      });
      const unchanged = await w.api.GET("/projects/{projectId}/cards/{cardId}/attachments/{attachmentId}/content", {
        params: { path: filePath, header: { "If-None-Match": etag } },
      });
      expect(unchanged.response.status).toBe(304);

      const stale = await w.api.DELETE("/projects/{projectId}/cards/{cardId}/attachments/{attachmentId}", {
        params: { path: filePath, header: { "If-Match": '"not-it"' } },
      });
      expect(stale.response.status).toBe(412);
      const gone = await w.api.DELETE("/projects/{projectId}/cards/{cardId}/attachments/{attachmentId}", {
        params: { path: filePath, header: { "If-Match": etag } },
      });
      expect(gone.response.status).toBe(204);
      const after = await w.api.GET("/projects/{projectId}/cards/{cardId}/attachments/{attachmentId}/content", {
        params: { path: filePath },
      });
      expect(after.response.status).toBe(404);
      expect((await w.api.GET("/projects/{projectId}/cards/{cardId}/attachments", { params: { path } })).data!.data).toEqual([]);
    });

    it("the same Idempotency-Key and file replays the upload; another file under it is refused", async () => {
      const w = await world();
      const path = await cardOf(w);
      const headers = { "Idempotency-Key": "upload-1" };
      const first = await upload(w.api, path, { bytes: text("a"), type: "text/plain" }, headers);
      const again = await upload(w.api, path, { bytes: text("a"), type: "text/plain" }, headers);
      expect(again.response.headers.get("Idempotent-Replayed")).toBe("true");
      expect(again.data).toEqual(first.data);
      const other = await upload(w.api, path, { bytes: text("b"), type: "text/plain" }, headers);
      expect(other.response.status).toBe(422);
      expect((await w.api.GET("/projects/{projectId}/cards/{cardId}/attachments", { params: { path } })).data!.data).toHaveLength(1);
    });

    it("an upload without a type, with a form's or a malformed type, empty, unnamed or over 25 MB is refused, storing nothing", async () => {
      const w = await world();
      const path = await cardOf(w);
      const refusals = [
        { file: { bytes: text("x") }, status: 415, code: "unsupported_media_type" },
        { file: { bytes: text("x"), type: "multipart/form-data; boundary=b" }, status: 415, code: "unsupported_media_type" },
        { file: { bytes: text("x"), type: "pdf" }, status: 415, code: "unsupported_media_type" },
        { file: { bytes: new Uint8Array(0), type: "text/plain" }, status: 400, code: "invalid_request" },
        { file: { bytes: text("x"), type: "text/plain", name: " " }, status: 400, code: "validation_failed" },
        {
          file: { bytes: new Uint8Array(MAX_ATTACHMENT_BYTES + 1), type: "application/octet-stream" },
          status: 413,
          code: "payload_too_large",
        },
      ];
      for (const { file, status, code } of refusals) {
        const refused = await upload(w.api, path, file);
        expect([refused.response.status, refused.error?.code], `${file.type} ${file.bytes.byteLength} bytes`).toEqual([status, code]);
      }
      expect((await w.api.GET("/projects/{projectId}/cards/{cardId}/attachments", { params: { path } })).data!.data).toEqual([]);
    });

    it("a key that may only read attachments downloads but does not upload; another workspace's file is not found", async () => {
      const w = await world();
      const path = await cardOf(w);
      const { data: file } = await upload(w.api, path, { bytes: text("x"), type: "text/plain" });
      const reader = await world(["project:read", "card:read", "attachment:read"]);
      const theirs = await reader.api.GET("/projects/{projectId}/cards/{cardId}/attachments/{attachmentId}", {
        params: { path: { ...path, attachmentId: file!.id } },
      });
      expect(theirs.response.status).toBe(404);
      const { key } = await createApiKey(w.member, {
        type: "workspace",
        name: "Reader",
        scopes: ["card:read", "attachment:read"],
        expiresInDays: "never",
      });
      const readOnly = apiClient(key);
      const list = await readOnly.GET("/projects/{projectId}/cards/{cardId}/attachments", { params: { path } });
      expect(list.data!.data).toHaveLength(1);
      const refused = await upload(readOnly, path, { bytes: text("y"), type: "text/plain" });
      expect(refused.response.status).toBe(403);
      expect(refused.error).toMatchObject({ code: "insufficient_scope" });
    });
  });
}
