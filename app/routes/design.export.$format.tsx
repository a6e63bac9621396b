// A resource route: /design/export/{format} answers a file (see its .server.ts).
export { loader } from "./design.export.$format.server";
