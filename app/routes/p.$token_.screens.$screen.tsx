export { loader } from "./p.$token_.screens.$screen.server";
