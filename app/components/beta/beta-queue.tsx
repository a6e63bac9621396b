import { getFormProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { type BetaStatus, betaDecisionSchema } from "~/lib/forms/beta";
import { Button } from "~/components/ui/button";
import { useSchemaForm } from "~/components/ui/conform";

export type BetaQueueRequest = {
  id: string;
  email: string;
  fullName: string | null;
  company: string | null;
  role: string | null;
  reason: string | null;
  suppliedInviteCode: string | null;
  status: BetaStatus;
  inviteCode: string | null;
  inviteUsedAt: string | null;
  decidedAt: string | null;
  createdAt: string;
};

const TABS: { status: BetaStatus; label: string }[] = [
  { status: "pending", label: "Pending" },
  { status: "approved", label: "Approved" },
  { status: "declined", label: "Declined" },
];

/**
 * The admin's beta queue: one tab per status (newest first), and per request the
 * decisions that make sense for it, each a plain POST form with an `intent`
 * (app/lib/forms/beta.ts); the answer is a redirect back here with a toast.
 */
export function BetaQueue({
  status,
  counts,
  requests,
  limit,
}: {
  status: BetaStatus;
  counts: Record<BetaStatus, number> & { captures: number };
  requests: BetaQueueRequest[];
  limit: number;
}) {
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Beta requests</h1>
          <p className="mt-1 text-sm text-slate-600">Approving e-mails an invite code that opens sign-up while public sign-up is off.</p>
        </div>
        <p className="rounded-md bg-white px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200">
          Waitlist e-mails captured: <strong className="text-slate-900">{counts.captures}</strong>
        </p>
      </div>

      <nav aria-label="Request status" className="mt-6 flex gap-1 border-b border-slate-200">
        {TABS.map((tab) => {
          const current = tab.status === status;
          return (
            <Link
              key={tab.status}
              to={`?status=${tab.status}`}
              aria-current={current ? "page" : undefined}
              className={`-mb-px rounded-t-md border-b-2 px-4 py-2 text-sm font-medium ${
                current ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"
              }`}
            >
              {tab.label} <span className="ml-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">{counts[tab.status]}</span>
            </Link>
          );
        })}
      </nav>

      {requests.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">
          No {status} requests.
        </p>
      ) : (
        <ul className="mt-6 space-y-4">
          {requests.map((r) => (
            <RequestItem key={r.id} request={r} tab={status} />
          ))}
        </ul>
      )}
      {requests.length >= limit ? <p className="mt-4 text-sm text-slate-600">Showing the newest {limit}.</p> : null}
    </div>
  );
}

function RequestItem({ request: r, tab }: { request: BetaQueueRequest; tab: BetaStatus }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === r.id;
  const [form] = useSchemaForm(betaDecisionSchema, { id: `decision-${r.id}` });
  const used = Boolean(r.inviteUsedAt);
  const details: [string, string | null][] = [
    ["Name", r.fullName],
    ["Company", r.company],
    ["Role", r.role],
    ["Invite code given", r.suppliedInviteCode],
    ["Requested", r.createdAt],
    ["Decided", r.decidedAt],
  ];
  const decision = (intent: "approve" | "decline" | "resend", label: string, variant: "primary" | "outline" | "danger") => (
    <Button type="submit" name="intent" value={intent} variant={variant} size="sm" disabled={busy}>
      {label}
      <span className="sr-only"> {r.email}</span>
    </Button>
  );

  return (
    <li
      id={`request-${r.id}`}
      className="scroll-mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm target:ring-2 target:ring-brand-600"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-slate-900">{r.email}</h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {details
              .filter(([, value]) => value)
              .map(([term, value]) => (
                <div key={term} className="contents">
                  <dt className="text-slate-500">{term}</dt>
                  <dd className="text-slate-800">{value}</dd>
                </div>
              ))}
            {r.status === "approved" ? (
              <div className="contents">
                <dt className="text-slate-500">Invite</dt>
                <dd className="text-slate-800">
                  <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono">{r.inviteCode}</code>{" "}
                  {used ? `used ${r.inviteUsedAt}` : "not used yet"}
                </dd>
              </div>
            ) : null}
          </dl>
          {r.reason ? <p className="mt-3 whitespace-pre-line text-sm text-slate-700">{r.reason}</p> : null}
        </div>
        {used ? null : (
          <Form method="post" {...getFormProps(form)} className="flex shrink-0 flex-wrap gap-2">
            <input type="hidden" name="id" value={r.id} />
            <input type="hidden" name="status" value={tab} />
            {r.status === "approved" ? decision("resend", "Resend invite", "outline") : decision("approve", "Approve", "primary")}
            {r.status === "declined" ? null : decision("decline", "Decline", r.status === "approved" ? "danger" : "outline")}
          </Form>
        )}
      </div>
    </li>
  );
}
