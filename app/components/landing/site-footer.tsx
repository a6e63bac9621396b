import { Link } from "@remix-run/react";
import { Logo } from "~/components/ui/logo";
import { SECTION_LINKS } from "./site-header";

export function SiteFooter({ anchorsOn = "" }: { anchorsOn?: string }) {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="lp-container flex flex-col gap-8 py-12 md:flex-row md:items-start md:justify-between">
        <div className="max-w-xs">
          <Logo />
          <p className="mt-3 text-sm text-slate-600">Projects, wireframes and a design system for teams that build together.</p>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 text-sm">
          <div>
            <p className="font-semibold text-slate-900">Product</p>
            <ul className="mt-3 space-y-2">
              {SECTION_LINKS.map((l) => (
                <li key={l.href}>
                  <Link to={`${anchorsOn}${l.href}`} className="text-slate-600 hover:text-slate-900">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <p className="font-semibold text-slate-900">Legal</p>
            <ul className="mt-3 space-y-2">
              <li>
                <Link to="/privacy" className="text-slate-600 hover:text-slate-900">
                  Privacy
                </Link>
              </li>
              <li>
                <Link to="/terms" className="text-slate-600 hover:text-slate-900">
                  Terms
                </Link>
              </li>
            </ul>
          </div>
        </nav>
      </div>
      <div className="border-t border-slate-100">
        <p className="lp-container py-6 text-sm text-slate-500">© 2024 Atelier</p>
      </div>
    </footer>
  );
}
