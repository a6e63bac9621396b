import { Link } from "@remix-run/react";
import { HelpMenu } from "./help-menu";
import { ShellIcon } from "./icons";
import { NotificationsMenu } from "./notifications-menu";
import { HeaderSearch } from "~/components/search/header-search";
import { SIDEBAR_ID } from "./sidebar";
import { UserMenu } from "./user-menu";
import type { ShellUser } from "./user-display";

function SystemsIndicator() {
  return (
    <p className="flex items-center gap-2 rounded-full px-2 py-1 text-xs font-medium text-emerald-700 md:bg-emerald-50 md:px-3">
      <span aria-hidden="true" className="size-2 rounded-full bg-emerald-500" />
      <span className="sr-only md:not-sr-only">All Systems Operational</span>
    </p>
  );
}

export function Header({
  user,
  drawerOpen,
  openDrawerHref,
  onOpenDrawer,
  menuButtonRef,
}: {
  user: ShellUser;
  drawerOpen: boolean;
  openDrawerHref: string;
  onOpenDrawer: (event: React.MouseEvent) => void;
  menuButtonRef: React.Ref<HTMLAnchorElement>;
}) {
  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:px-6">
      <Link
        ref={menuButtonRef}
        to={openDrawerHref}
        onClick={onOpenDrawer}
        aria-controls={SIDEBAR_ID}
        aria-expanded={drawerOpen}
        className="-ml-2 flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 lg:hidden"
      >
        <ShellIcon name="menu" className="size-6" />
        <span className="sr-only">Open navigation</span>
      </Link>
      <HeaderSearch className="hidden w-full max-w-md sm:block" />
      <div className="ml-auto flex items-center gap-1 sm:gap-2">
        <SystemsIndicator />
        <NotificationsMenu />
        <HelpMenu />
        <UserMenu user={user} />
      </div>
    </header>
  );
}
