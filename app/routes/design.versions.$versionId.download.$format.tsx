// A resource route: a published version's stable download URL (see its .server.ts).
export { loader } from "./design.versions.$versionId.download.$format.server";
