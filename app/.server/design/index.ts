/**
 * Design-system services (issue 9; /work design contract). Each takes the member context and
 * checks the role and the workspace's read-only state itself; route code calls these, never SQL.
 */
export { effectiveSystem, effectiveOf, type EffectiveSystem } from "./systems";
export {
  createSet,
  deleteSet,
  deleteTheme,
  deleteToken,
  moveSet,
  renameToken,
  replaceSystem,
  saveSetJson,
  saveTheme,
  saveToken,
  type TokenInput,
} from "./tokens";
export {
  compareVersions,
  createDownloadToken,
  getVersion,
  listDownloadTokens,
  listVersions,
  publishVersion,
  revokeDownloadToken,
  versionForDownload,
  type DownloadToken,
  type VersionSummary,
} from "./versions";
export type { SystemDiff } from "~/lib/design-tokens/diff";
export { applyImport, previewImport, type ImportPreview } from "./imports";
