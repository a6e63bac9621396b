import { Link } from "@remix-run/react";
import { Logo } from "~/components/ui/logo";

/** The centred card every public auth screen sits in: brand, heading, body, footer. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: React.ReactNode;
  children: React.ReactNode;
  footer?: React.ReactNode;
}) {
  return (
    <main className="flex min-h-full flex-col items-center justify-center px-4 py-12">
      <div className="w-full max-w-md">
        <p className="mb-6 text-center">
          <Link to="/" className="inline-block rounded-lg" aria-label="Atelier home">
            <Logo />
          </Link>
        </p>
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
          {subtitle ? <div className="mt-1 text-sm text-slate-600">{subtitle}</div> : null}
          <div className="mt-6">{children}</div>
          {footer ? <div className="mt-6 border-t border-slate-100 pt-4 text-center text-sm text-slate-600">{footer}</div> : null}
        </div>
      </div>
    </main>
  );
}
