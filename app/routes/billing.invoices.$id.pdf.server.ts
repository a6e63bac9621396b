import type { LoaderFunctionArgs } from "@remix-run/node";
import { localInvoicePdf } from "~/.server/billing/receipts";
import { isUserError } from "~/.server/errors";
import { requireMember } from "~/.server/workspaces";

/**
 * GET /billing/invoices/:id/pdf: a test-mode invoice of the workspace as a PDF download, for
 * the owners and admins who see /billing. Another workspace's invoice, or one that does not
 * exist, is a 404; with Stripe, invoices are Stripe's own (in the customer portal).
 */
export async function loader({ request, params }: LoaderFunctionArgs): Promise<Response> {
  const member = await requireMember(request);
  try {
    const invoice = await localInvoicePdf(member, params.id ?? "");
    if (!invoice) return new Response("No such invoice.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    return new Response(new Uint8Array(invoice.pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${invoice.filename}"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (!isUserError(error)) throw error;
    return new Response(error.message, { status: error.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}
