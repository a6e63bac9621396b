import { z } from "zod";
import { isUuid } from "~/lib/ids";
import { getWireframe } from "../../wireframes";
import { exportWireframe } from "../../wireframes/export";
import { decodeCursor, etagOf, fileAnswer, pageAnswer } from "../http";
import { operation } from "../operation";
import { toApiWireframeSummary, wireframesPage } from "../reads-design";
import { pageOf } from "../schemas";
import {
  WIREFRAME_EXPORT_MEDIA,
  wireframeExportQuery,
  wireframeIdParams,
  wireframeListQuery,
  wireframeSchema,
  wireframeSummarySchema,
  type ApiWireframe,
} from "../schemas-design";

const cursorShape = z.tuple([z.string().regex(/^\d{1,20}$/), z.string().refine(isUuid)]);

/** The workspace's wireframes (read only): the list, one with its document, and its exports in every format the app makes. */
export const wireframeOperations = [
  operation({
    id: "listWireframes",
    method: "get",
    path: "/wireframes",
    tag: "Wireframes",
    summary: "List wireframes",
    description: "The workspace's wireframes (or one project's), oldest first, each with its screens but not their elements.",
    kind: "wireframe",
    action: "read",
    query: wireframeListQuery,
    success: { status: 200, schema: pageOf(wireframeSummarySchema, "WireframeList"), description: "A page of wireframes.", list: true },
    problems: [400],
    handle: async ({ member, url, query }) => {
      const after = decodeCursor(query.cursor, cursorShape);
      const rows = await wireframesPage(member, { projectId: query.project, after, limit: query.limit });
      return pageAnswer(url, rows, query.limit, toApiWireframeSummary, (r) => [r.at, r.id]);
    },
  }),
  operation({
    id: "getWireframe",
    method: "get",
    path: "/wireframes/{wireframeId}",
    tag: "Wireframes",
    summary: "Get a wireframe",
    description:
      "With its document: the screens and elements as the editor stores them. The ETag follows its version (every edit raises it) and its name.",
    kind: "wireframe",
    action: "read",
    params: wireframeIdParams,
    success: { status: 200, schema: wireframeSchema, description: "The wireframe.", etag: true },
    problems: [404],
    handle: async ({ member, params }) => {
      const w = await getWireframe(member, params.wireframeId);
      const body: ApiWireframe = {
        ...toApiWireframeSummary({ ...w, screens: w.document.screens }),
        document: w.document,
      };
      // From the version, not a digest of the document (which may be megabytes): an edit raises `seq`, a rename `updatedAt`.
      return { status: 200, body, headers: { ETag: etagOf({ id: w.id, seq: w.seq, updatedAt: body.updatedAt }) } };
    },
  }),
  operation({
    id: "exportWireframe",
    method: "get",
    path: "/wireframes/{wireframeId}/export",
    tag: "Wireframes",
    summary: "Export a wireframe",
    description:
      "The screens as the export page makes them: PNG (1× or 2×), SVG, a PDF with a page per screen, or the JSON document; several PNG or SVG screens come as one ZIP. `Content-Disposition` names the file.",
    kind: "wireframe",
    action: "read",
    params: wireframeIdParams,
    query: wireframeExportQuery,
    success: { status: 200, media: WIREFRAME_EXPORT_MEDIA, description: "The file.", etag: true },
    problems: [400, 404],
    handle: async ({ member, params, query }) => {
      const file = await exportWireframe(member, params.wireframeId, {
        format: query.format,
        screenIds: query.screens,
        scale: query.scale === "1" ? 1 : 2,
        background: query.background === "true",
        text: query.text,
        theme: query.theme ?? null,
      });
      return fileAnswer({ bytes: file.bytes, contentType: file.contentType, fileName: file.fileName });
    },
  }),
];
