import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { useShellUser } from "~/components/shell/app-shell";
import { ScreenHeader, screenMeta } from "~/components/shell/screen";
import { UserAvatar } from "~/components/shell/user-avatar";
import { displayName, displayRole } from "~/components/shell/user-display";

export const meta: MetaFunction = screenMeta("Profile");

export default function Profile() {
  const user = useShellUser();
  const rows = [
    { label: "Full name", value: user.fullName?.trim() || "Not set" },
    { label: "Email address", value: user.email },
    { label: "Role", value: displayRole(user.role) },
  ];
  return (
    <>
      <ScreenHeader title="Profile" description="How you appear to your team." />
      <section aria-label="Your details" className="max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex items-center gap-4">
          <UserAvatar user={user} className="size-16 text-xl" />
          <div>
            <p className="text-lg font-semibold text-slate-900">{displayName(user)}</p>
            <p className="text-sm text-slate-500">{user.email}</p>
          </div>
        </div>
        <dl className="mt-6 divide-y divide-slate-100 border-t border-slate-100">
          {rows.map((r) => (
            <div key={r.label} className="grid grid-cols-3 gap-4 py-3 text-sm">
              <dt className="font-medium text-slate-500">{r.label}</dt>
              <dd className="col-span-2 text-slate-900">{r.value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-sm text-slate-500">Editing your profile and photo is coming soon.</p>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
