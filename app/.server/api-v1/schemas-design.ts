import { z } from "zod";
import "zod-openapi";
import { TOKEN_TYPES } from "~/lib/design-tokens/types";
import { EXPORT_FORMATS as TOKEN_EXPORT_FORMATS } from "~/lib/forms/design";
import { EXPORT_FORMATS as WIREFRAME_EXPORT_FORMATS, SVG_TEXT_MODES } from "~/lib/wireframes/export";
import { DEVICE_PRESETS, wireframeDocumentSchema } from "~/lib/wireframes/schema";
import { listQuery } from "./schemas";

/**
 * The schemas of the API's design resources (wireframes, design-token versions), apart from
 * `schemas.ts`'s board kinds: they validate the queries and describe the answers, and the
 * OpenAPI document is generated from them. A wireframe's document is the editor's own schema
 * (`app/lib/wireframes/schema.ts`), so the reference describes the scene model as stored.
 */

const uuid = z.uuid();
const timestamp = z.iso.datetime({ offset: true }).meta({ description: "An RFC 3339 time (UTC)." });

// ---- wireframes ----

export const wireframeScreenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    device: z.enum(DEVICE_PRESETS),
    width: z.number().meta({ description: "px" }),
    height: z.number().meta({ description: "px" }),
  })
  .meta({ id: "WireframeScreen", description: "A screen, in the wireframe's order." });

const wireframeFields = {
  object: z.literal("wireframe"),
  id: uuid,
  projectId: uuid,
  name: z.string(),
  version: z.int().meta({ description: "Raised by every edit of the document (the editor's `seq`)." }),
  screens: z.array(wireframeScreenSchema),
  createdAt: timestamp,
  updatedAt: timestamp,
};

export const wireframeSummarySchema = z.object(wireframeFields).meta({ id: "WireframeSummary" });

export const wireframeSchema = z
  .object({
    ...wireframeFields,
    document: wireframeDocumentSchema.meta({
      id: "WireframeDocument",
      description:
        "The scene as the editor stores it: screens, elements (keyed by id, each with its `screenId`, `parentId` and fractional `order`), prototype interactions and flows.",
    }),
  })
  .meta({ id: "Wireframe" });

export const wireframeListQuery = listQuery.extend({
  project: uuid.optional().meta({ description: "Only this project's wireframes." }),
});

export const wireframeIdParams = z.object({ wireframeId: uuid });

const screenIds = z
  .string()
  .max(13_000)
  .optional()
  .transform((v) => (v ? [...new Set(v.split(","))] : []))
  .pipe(z.array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Expected screen ids separated by commas.")).max(200))
  .meta({ description: "Screen ids, separated by commas; none exports every screen." });

export const wireframeExportQuery = z.object({
  format: z.enum(WIREFRAME_EXPORT_FORMATS).meta({
    description: "png, svg, pdf (a page per screen) or json (the document). Several screens in png or svg come as one ZIP.",
  }),
  screens: screenIds,
  scale: z.enum(["1", "2"]).default("2").meta({ description: "PNG only: 1× or 2× pixels." }),
  background: z.enum(["true", "false"]).default("true").meta({ description: "false: transparent instead of the screen's colour." }),
  text: z
    .enum(SVG_TEXT_MODES)
    .default("fonts")
    .meta({ description: "SVG only: Inter embedded (fonts) or every letter a path (outlines)." }),
  theme: z
    .string()
    .max(200)
    .optional()
    .meta({ description: "The design system's theme to draw token values with (its first by default)." }),
});

/** What an export answers: its media types (a ZIP for several PNG or SVG screens). */
export const WIREFRAME_EXPORT_MEDIA = ["image/png", "image/svg+xml", "application/pdf", "application/json", "application/zip"] as const;

// ---- design tokens ----

export const tokenVersionSchema = z
  .object({
    object: z.literal("token_version"),
    id: uuid,
    projectId: uuid.nullable().meta({ description: "The project whose system it is; null for the workspace's base system." }),
    version: z.string().meta({ description: "A semantic version number (1.2.0)." }),
    note: z.string(),
    themes: z.array(z.string()).meta({ description: "Its themes, the first being the default." }),
    publishedBy: z.string().nullable(),
    publishedAt: timestamp,
  })
  .meta({ id: "TokenVersion" });

export const designTokenSchema = z
  .object({
    path: z.string().meta({ description: "The token's dotted name (color.brand.500)." }),
    set: z.string().meta({ description: "The set the theme takes it from (a later set wins)." }),
    type: z.enum(TOKEN_TYPES),
    value: z.unknown().meta({ description: "The DTCG `$value` as written, aliases (`{a.b}`) kept." }),
    resolved: z.unknown().meta({ description: "The value with every alias followed (null when an alias points nowhere)." }),
    css: z.string().meta({ description: "The resolved value as CSS text (what the CSS export writes)." }),
    description: z.string().nullable(),
    deprecated: z.union([z.boolean(), z.string()]),
  })
  .meta({ id: "DesignToken" });

export const tokenThemeSchema = z
  .object({
    object: z.literal("token_theme"),
    versionId: uuid,
    version: z.string(),
    theme: z.string(),
    tokens: z.array(designTokenSchema).meta({ description: "Every token of the theme, by path." }),
  })
  .meta({ id: "TokenTheme" });

export const tokenVersionListQuery = listQuery.extend({
  project: uuid.optional().meta({ description: "A project's versions; without it, the workspace's base system's." }),
});

export const tokenVersionIdParams = z.object({ versionId: uuid });

export const tokenThemeQuery = z.object({
  theme: z.string().min(1).max(200).optional().meta({ description: "A theme of the version (its first by default)." }),
});

export const tokenExportQuery = z.object({
  format: z.enum(TOKEN_EXPORT_FORMATS).meta({
    description:
      "dtcg (DTCG JSON), tokens-studio, css (custom properties), scss, js (ES module), dts (TypeScript declarations), tailwind4 (@theme), tailwind3 (theme.extend preset).",
  }),
  theme: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .meta({ description: "One theme. Without it, css and tailwind4 hold every theme and the others take the first." }),
});

export const TOKEN_EXPORT_MEDIA = ["application/json", "text/css", "text/x-scss", "text/javascript", "application/typescript"] as const;

export type ApiWireframeSummary = z.infer<typeof wireframeSummarySchema>;
export type ApiWireframe = z.infer<typeof wireframeSchema>;
export type ApiTokenVersion = z.infer<typeof tokenVersionSchema>;
export type ApiDesignToken = z.infer<typeof designTokenSchema>;
