-- Wireframes, follow-up of issue 8 (docs/decisions/013-wireframe-document-and-co-editing.md).

-- Idempotent patches: an editor names each patch (`patchId`, made in the browser and sent
-- again with every retry of it). A patch whose id the log already holds is a replay (the
-- answer was lost on the way back): the server answers its first seq and changes nothing,
-- so a retry never puts back what someone removed since. Older clients send no id (NULL:
-- never a replay; NULLs never collide in a unique index).
ALTER TABLE wireframe_ops ADD COLUMN patch_id text;
CREATE UNIQUE INDEX wireframe_ops_patch_id_idx ON wireframe_ops (wireframe_id, patch_id);

-- A card's link to a screen outlives the screen for a while: removing the screen hides the
-- link (lists skip it) and undoing the removal (the same screen id added back) shows it
-- again. The daily sweep removes links hidden for 30 days.
ALTER TABLE card_wireframe_links ADD COLUMN screen_removed_at timestamptz;

-- Images no document shows any more: the daily sweep marks them (when it first found no
-- wireframe or main component of the workspace naming them) and frees them a day later if
-- still unused, so they stop counting toward the plan's storage. Used again: unmarked.
ALTER TABLE wireframe_images ADD COLUMN unreferenced_since timestamptz;
