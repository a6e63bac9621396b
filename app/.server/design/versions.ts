import { createHmac } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { DesignSystemDoc } from "~/lib/design-tokens/types";
import { isUuid } from "~/lib/ids";
import { hashToken, randomToken, safeEqual } from "../auth/tokens";
import { db, schema, type Db } from "../db";
import { emit, envelope, mutate } from "../events";
import { notFound, UserError } from "../errors";
import { sessionSecrets } from "../secrets";
import { users } from "../db/schema-users";
import type { MemberContext } from "../workspaces";
import { requireAccess, requireRead } from "../access";
import { findProject } from "./rows";
import { diffSystems, type SystemDiff } from "~/lib/design-tokens/diff";
import { effectiveOf, scopeDocs } from "./systems";

/**
 * Published versions of a scope's design system: a semantic version number, a note, and the
 * effective document at that moment. Any two (or a version and the draft) compare; every
 * version exports; a version's stable download URLs carry a signed, revocable token.
 */
const { designVersions, designDownloadTokens } = schema;

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
export const versionNotFound = () => notFound("That version");

export type VersionSummary = { id: string; version: string; note: string; createdAt: Date; createdByName: string | null };

const scopeWhere = (member: MemberContext, projectId: string | null) =>
  and(
    eq(designVersions.workspaceId, member.workspace.id),
    projectId === null ? isNull(designVersions.projectId) : eq(designVersions.projectId, projectId),
  );

/** Publishes the scope's effective system as `version` (admins and owners). */
export async function publishVersion(
  member: MemberContext,
  projectId: string | null,
  input: { version: string; note: string },
): Promise<VersionSummary> {
  const version = input.version.trim();
  if (!SEMVER.test(version)) throw new UserError(400, "Use a semantic version number such as 1.0.0 or 2.1.0-beta.1.", "version");
  return mutate(async (tx) => {
    await requireAccess(tx, member, "token_set", "publish");
    const { base, overlay, project } = await scopeDocs(tx, member, projectId);
    const [taken] = await tx
      .select({ id: designVersions.id })
      .from(designVersions)
      .where(and(scopeWhere(member, project?.id ?? null), eq(designVersions.version, version)))
      .limit(1);
    if (taken) throw new UserError(409, `Version ${version} is already published. Choose a higher number.`, "version");
    const [row] = await tx
      .insert(designVersions)
      .values({
        workspaceId: member.workspace.id,
        projectId: project?.id ?? null,
        version,
        note: input.note.trim(),
        document: effectiveOf(base, overlay).doc,
        createdBy: member.user.id,
      })
      .returning();
    await emit(tx, {
      kind: "design.version_published",
      ...envelope(member, project?.id ?? null),
      subject: { id: row!.id, version: row!.version },
      change: { note: row!.note, scope: project ? "project" : "workspace" },
    });
    return { id: row!.id, version: row!.version, note: row!.note, createdAt: row!.createdAt, createdByName: member.user.fullName ?? null };
  });
}

/** The scope's versions, newest first. */
export async function listVersions(member: MemberContext, projectId: string | null): Promise<VersionSummary[]> {
  requireRead(member, "token_set");
  const project = await findProject(db(), member, projectId);
  return db()
    .select({
      id: designVersions.id,
      version: designVersions.version,
      note: designVersions.note,
      createdAt: designVersions.createdAt,
      createdByName: users.fullName,
    })
    .from(designVersions)
    .leftJoin(users, eq(users.id, designVersions.createdBy))
    .where(scopeWhere(member, project?.id ?? null))
    .orderBy(desc(designVersions.createdAt));
}

async function versionRow(tx: Db, workspaceId: string, versionId: string) {
  if (!isUuid(versionId)) throw versionNotFound();
  const [row] = await tx
    .select()
    .from(designVersions)
    .where(and(eq(designVersions.id, versionId), eq(designVersions.workspaceId, workspaceId)))
    .limit(1);
  if (!row) throw versionNotFound();
  return row;
}

/** One version of the workspace (its document is what it exports). */
export async function getVersion(member: MemberContext, versionId: string) {
  requireRead(member, "token_set");
  return versionRow(db(), member.workspace.id, versionId);
}

/** "draft" or a version id: the document it names in this scope. */
async function docOf(member: MemberContext, projectId: string | null, ref: string): Promise<{ label: string; doc: DesignSystemDoc }> {
  if (ref === "draft") {
    const { base, overlay } = await scopeDocs(db(), member, projectId);
    return { label: "Draft", doc: effectiveOf(base, overlay).doc };
  }
  const row = await versionRow(db(), member.workspace.id, ref);
  if ((row.projectId ?? null) !== projectId) throw versionNotFound();
  return { label: row.version, doc: row.document };
}

/** Compares two versions, or a version and the draft: added, removed, changed (old and new values) and breaking changes. */
export async function compareVersions(
  member: MemberContext,
  projectId: string | null,
  from: string,
  to: string,
): Promise<{ from: string; to: string; diff: SystemDiff }> {
  requireRead(member, "token_set");
  await findProject(db(), member, projectId);
  const [a, b] = await Promise.all([docOf(member, projectId, from), docOf(member, projectId, to)]);
  return { from: a.label, to: b.label, diff: diffSystems(a.doc, b.doc) };
}

// Download tokens: `<random>.<signature>`; the signature (HMAC of the version id and the random
// part) turns forged tokens away before the database, the stored hash makes them revocable.
const sign = (versionId: string, random: string) =>
  createHmac("sha256", sessionSecrets()[0]!).update(`design-download:${versionId}:${random}`).digest("base64url").slice(0, 32);

export type DownloadToken = { id: string; createdAt: Date; revokedAt: Date | null; createdByName: string | null };

/** A new download token for a version (admins and owners); the token itself is shown once. */
export async function createDownloadToken(member: MemberContext, versionId: string): Promise<{ id: string; token: string }> {
  return mutate(async (tx) => {
    await requireAccess(tx, member, "token_set", "publish");
    const version = await versionRow(tx, member.workspace.id, versionId);
    const random = randomToken(24);
    const token = `${random}.${sign(version.id, random)}`;
    const [row] = await tx
      .insert(designDownloadTokens)
      .values({ workspaceId: member.workspace.id, versionId: version.id, tokenHash: hashToken(token), createdBy: member.user.id })
      .returning({ id: designDownloadTokens.id });
    await emit(tx, {
      kind: "design.download_link_created",
      ...envelope(member, version.projectId),
      subject: { id: version.id, version: version.version },
      change: { linkId: row!.id },
    });
    return { id: row!.id, token };
  });
}

export async function revokeDownloadToken(member: MemberContext, tokenId: string): Promise<void> {
  await mutate(async (tx) => {
    await requireAccess(tx, member, "token_set", "publish");
    if (!isUuid(tokenId)) throw notFound("That download link");
    const [row] = await tx
      .update(designDownloadTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(designDownloadTokens.id, tokenId), eq(designDownloadTokens.workspaceId, member.workspace.id)))
      .returning({ id: designDownloadTokens.id, versionId: designDownloadTokens.versionId });
    if (!row) throw notFound("That download link");
    const version = await versionRow(tx, member.workspace.id, row.versionId);
    await emit(tx, {
      kind: "design.download_link_revoked",
      ...envelope(member, version.projectId),
      subject: { id: version.id, version: version.version },
      change: { linkId: row.id },
    });
  });
}

export async function listDownloadTokens(member: MemberContext, versionId: string): Promise<DownloadToken[]> {
  requireRead(member, "token_set");
  const version = await versionRow(db(), member.workspace.id, versionId);
  return db()
    .select({
      id: designDownloadTokens.id,
      createdAt: designDownloadTokens.createdAt,
      revokedAt: designDownloadTokens.revokedAt,
      createdByName: users.fullName,
    })
    .from(designDownloadTokens)
    .leftJoin(users, eq(users.id, designDownloadTokens.createdBy))
    .where(and(eq(designDownloadTokens.versionId, version.id), eq(designDownloadTokens.workspaceId, member.workspace.id)))
    .orderBy(desc(designDownloadTokens.createdAt));
}

/**
 * The version a download URL names, when its token is valid for it and not revoked (no sign-in:
 * build pipelines fetch these). A bad, revoked or foreign token is a 404, like a missing version.
 */
export async function versionForDownload(versionId: string, token: string) {
  const [random, signature] = token.split(".");
  if (!isUuid(versionId) || !random || !signature || !safeEqual(signature, sign(versionId, random))) throw versionNotFound();
  const [row] = await db()
    .select({ version: designVersions })
    .from(designDownloadTokens)
    .innerJoin(
      designVersions,
      and(eq(designVersions.id, designDownloadTokens.versionId), eq(designVersions.workspaceId, designDownloadTokens.workspaceId)),
    )
    .where(
      and(
        eq(designDownloadTokens.tokenHash, hashToken(token)),
        eq(designDownloadTokens.versionId, versionId),
        isNull(designDownloadTokens.revokedAt),
      ),
    )
    .limit(1);
  if (!row) throw versionNotFound();
  return row.version;
}
