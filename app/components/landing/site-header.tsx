import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button-styles";
import { Logo } from "~/components/ui/logo";

// Router links, not bare anchors: the router's scroll restoration would otherwise treat a
// hash change as going back and scroll to where the page was.
export const SECTION_LINKS = [
  { href: "#features", label: "Features" },
  { href: "#pricing", label: "Pricing" },
  { href: "#about", label: "About" },
] as const;

// With JavaScript the page does not reload, so the open menu is closed by hand.
const closeMenu = (event: React.MouseEvent<HTMLElement>) => event.currentTarget.closest("details")?.removeAttribute("open");

/** The public pages' header. On the landing page the section links are in-page anchors. */
export function SiteHeader({
  authHref = "/auth",
  signUpHref = "/auth?mode=signup",
  anchorsOn = "",
}: {
  authHref?: string;
  /** "Get Started": the /auth form in its sign-up mode, for people new to Atelier. */
  signUpHref?: string;
  anchorsOn?: string;
}) {
  return (
    <header className="lp-header">
      <a
        href="#main"
        className="sr-only rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <div className="lp-container flex h-16 items-center gap-6">
        <Link to="/" className="rounded-lg" aria-label="Atelier home">
          <Logo />
        </Link>
        <nav aria-label="Main" className="hidden flex-1 md:block">
          <ul className="flex items-center gap-1">
            {SECTION_LINKS.map((l) => (
              <li key={l.href}>
                <Link to={`${anchorsOn}${l.href}`} className="lp-link">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <Link to={authHref} className={buttonClass("ghost", "md", "max-sm:hidden")}>
            Sign In
          </Link>
          <Link to={signUpHref} className={buttonClass("primary")}>
            Get Started
          </Link>
          <details className="group relative md:hidden">
            <summary aria-label="Menu" className="lp-menu-button">
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                className="size-6"
              >
                <path d="M4 7h16M4 12h16M4 17h16" className="group-open:hidden" />
                <path d="M6 6l12 12M18 6L6 18" className="hidden group-open:block" />
              </svg>
            </summary>
            <nav aria-label="Sections" className="lp-menu">
              <ul>
                {SECTION_LINKS.map((l) => (
                  <li key={l.href}>
                    <Link to={`${anchorsOn}${l.href}`} onClick={closeMenu} className="lp-link block">
                      {l.label}
                    </Link>
                  </li>
                ))}
                <li className="mt-1 border-t border-slate-100 pt-1 sm:hidden">
                  <Link to={authHref} className="lp-link block">
                    Sign In
                  </Link>
                </li>
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
