import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { handleAdminBetaAction } from "~/.server/beta/admin-actions";
import { requireAdmin } from "~/.server/beta/admin";
import { LIST_LIMIT, betaCounts, listBetaRequests, parseStatus } from "~/.server/beta/invites";
import { BetaQueue } from "~/components/beta/beta-queue";

export const meta: MetaFunction = () => [{ title: "Beta requests · Atelier admin" }];

/** "2025-01-31 14:05 UTC": the same text on the server and in every browser. */
const utc = (d: Date | null) => (d ? `${d.toISOString().slice(0, 16).replace("T", " ")} UTC` : null);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const status = parseStatus(new URL(request.url).searchParams.get("status"));
  const [rows, counts] = await Promise.all([listBetaRequests(status), betaCounts()]);
  return {
    status,
    counts,
    limit: LIST_LIMIT,
    requests: rows.map((r) => ({
      ...r,
      createdAt: utc(r.createdAt)!,
      decidedAt: utc(r.decidedAt),
      inviteUsedAt: utc(r.inviteUsedAt),
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return handleAdminBetaAction(request, admin.id);
}

export default function AdminBeta() {
  return <BetaQueue {...useLoaderData<typeof loader>()} />;
}
