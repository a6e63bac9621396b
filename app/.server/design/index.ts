/**
 * Design-system services (issue 9; /work design contract). Each takes the member context and
 * checks the role and the workspace's read-only state itself; route code calls these, never SQL.
 */
export { effectiveSystem } from "./systems";
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
} from "./versions";
export { applyImport, previewImport } from "./imports";
