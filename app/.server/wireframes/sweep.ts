import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "../db";

/**
 * The daily sweep of what wireframes leave behind (a job in app/.server/jobs):
 *
 * - **Images no document shows any more** stop counting toward the plan's storage. An image
 *   is in use while an element of any wireframe, or of any main component, of its workspace
 *   names it (a copy pasted into another wireframe keeps it). The sweep marks an image it
 *   finds unused (`unreferenced_since`), unmarks one used again (an undo put it back), and
 *   deletes one still unused a day after it was marked, so an undo within that day, or an
 *   edit kept offline for a while, still finds its image. The bytes go with the row (the
 *   `wireframe_images_drop_blob` trigger, as for card attachments).
 *   The deletion first holds the workspace's wireframes and components (FOR SHARE): a patch
 *   that puts an image back waits for the sweep, or the sweep sees it.
 * - **Links to a removed screen** (hidden, for an undo of the removal) are deleted after 30 days.
 */
export const IMAGE_GRACE_MS = 24 * 60 * 60 * 1000;
export const HIDDEN_LINK_DAYS = 30;

/** The (workspace, file id) pairs that documents and main components use, as a SQL fragment. */
const used = sql`
  select w.workspace_id, e.value->>'fileId' as file_id
    from wireframes w cross join lateral jsonb_each(w.document->'elements') e
   where e.value->>'type' = 'image' and e.value->>'fileId' is not null
  union
  select c.workspace_id, e.value->>'fileId' as file_id
    from wireframe_components c cross join lateral jsonb_each(c.definition->'elements') e
   where e.value->>'type' = 'image' and e.value->>'fileId' is not null`;

export type SweepResult = { marked: number; unmarked: number; freed: number; freedBytes: number; linksDeleted: number };

export async function sweepWireframeLeftovers(tx: Db, now: Date = new Date()): Promise<SweepResult> {
  const at = now.toISOString();
  const cutoff = new Date(now.getTime() - IMAGE_GRACE_MS).toISOString();

  const unmarked = rowsOf<{ id: string }>(
    await tx.execute(sql`
      with used as (${used})
      update wireframe_images i set unreferenced_since = null
       where i.unreferenced_since is not null
         and exists (select 1 from used u where u.workspace_id = i.workspace_id and u.file_id = i.id::text)
      returning i.id`),
  ).length;

  const marked = rowsOf<{ id: string }>(
    await tx.execute(sql`
      with used as (${used})
      update wireframe_images i set unreferenced_since = ${at}::timestamptz
       where i.unreferenced_since is null
         and not exists (select 1 from used u where u.workspace_id = i.workspace_id and u.file_id = i.id::text)
      returning i.id`),
  ).length;

  // Unused for a day: hold the workspaces' documents still, check again, free.
  const due = rowsOf<{ workspace_id: string }>(
    await tx.execute(sql`
      select distinct workspace_id from wireframe_images
       where unreferenced_since is not null and unreferenced_since <= ${cutoff}::timestamptz`),
  ).map((r) => r.workspace_id);
  let freed: { id: string; size_bytes: string | number }[] = [];
  if (due.length > 0) {
    const list = sql.join(
      due.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    await tx.execute(sql`select id from wireframes where workspace_id in (${list}) order by id for share`);
    await tx.execute(sql`select id from wireframe_components where workspace_id in (${list}) order by id for share`);
    freed = rowsOf<{ id: string; size_bytes: string | number }>(
      await tx.execute(sql`
        with used as (${used})
        delete from wireframe_images i
         where i.workspace_id in (${list})
           and i.unreferenced_since is not null and i.unreferenced_since <= ${cutoff}::timestamptz
           and not exists (select 1 from used u where u.workspace_id = i.workspace_id and u.file_id = i.id::text)
        returning i.id, i.size_bytes`),
    );
  }

  const linksDeleted = rowsOf<{ card_id: string }>(
    await tx.execute(sql`
      delete from card_wireframe_links l
       using wireframes w
       where w.id = l.wireframe_id and w.workspace_id = l.workspace_id
         and l.screen_removed_at is not null
         and l.screen_removed_at <= ${at}::timestamptz - make_interval(days => ${HIDDEN_LINK_DAYS})
         and (w.document->'screens'->l.screen_id) is null
      returning l.card_id`),
  ).length;

  return {
    marked,
    unmarked,
    freed: freed.length,
    freedBytes: freed.reduce((n, r) => n + Number(r.size_bytes), 0),
    linksDeleted,
  };
}
