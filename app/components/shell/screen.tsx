/**
 * The parts every signed-in screen is made of: a title with its description and actions,
 * and an honest empty state.
 */
import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button-styles";
import { ShellIcon, type Icon } from "./icons";

/** `meta` of a signed-in screen: 'Dashboard · Atelier'. */
export const screenMeta = (name: string) => () => [{ title: `${name} · Atelier` }];

/** A link back up, shown above a screen's title. */
export function Breadcrumb({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="font-medium text-brand-700 hover:underline">
      ← {label}
    </Link>
  );
}

export function ScreenHeader({
  title,
  description,
  eyebrow,
  actions,
}: {
  title: string;
  description: string;
  eyebrow?: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        {eyebrow ? <div className="mb-2 text-sm text-slate-500">{eyebrow}</div> : null}
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        <p className="mt-2 max-w-2xl text-slate-600">{description}</p>
      </div>
      {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
    </div>
  );
}

export type EmptyStateAction = { to: string; label: string };

export function EmptyState({
  icon,
  title,
  children,
  action,
  badge,
}: {
  icon: Icon;
  title: string;
  children: React.ReactNode;
  action?: EmptyStateAction;
  badge?: string;
}) {
  return (
    <section
      aria-label={title}
      className="flex flex-col items-center rounded-2xl border-2 border-dashed border-slate-200 bg-white px-6 py-16 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
        <ShellIcon name={icon} className="size-7" />
      </span>
      {badge ? (
        <p className="mt-5 rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold tracking-wide text-amber-800 uppercase">{badge}</p>
      ) : null}
      <h2 className="mt-5 text-lg font-semibold text-slate-900">{title}</h2>
      <div className="mt-2 max-w-md space-y-2 text-sm text-slate-600">{children}</div>
      {action ? (
        <Link to={action.to} className={buttonClass("primary", "md", "mt-8")}>
          {action.label}
        </Link>
      ) : null}
    </section>
  );
}
