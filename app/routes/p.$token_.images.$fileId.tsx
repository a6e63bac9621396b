export { loader } from "./p.$token_.images.$fileId.server";
