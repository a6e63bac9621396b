/** GET /prototypes/{id}/pins: the wireframe's feedback pins as JSON, for the editor's Prototype mode. */
export { loader } from "./_app.prototypes.$id_.pins.server";
