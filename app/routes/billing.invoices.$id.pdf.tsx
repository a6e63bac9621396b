/** A test-mode invoice as a PDF: a resource route (no UI); its server side is ./billing.invoices.$id.pdf.server.ts. */
export { loader } from "./billing.invoices.$id.pdf.server";
