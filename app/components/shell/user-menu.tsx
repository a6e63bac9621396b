import { Link } from "@remix-run/react";
import { can, isRole, type Action } from "~/lib/permissions";
import { Dropdown, dropdownItemClass } from "./dropdown";
import { ShellIcon, type Icon } from "./icons";
import { SignOutForm } from "./sign-out-form";
import { UserAvatar } from "./user-avatar";
import { displayName, displayRole, type ShellUser } from "./user-display";

/** Each link with what its page requires, if anything: a menu never leads to "Access denied". */
const LINKS: { to: string; label: string; icon: Icon; requires?: Action }[] = [
  { to: "/profile", label: "Profile", icon: "user" },
  { to: "/settings", label: "Settings", icon: "settings" },
  { to: "/billing", label: "Billing", icon: "card", requires: "billing.view" },
];

export function UserMenu({ user }: { user: ShellUser }) {
  const name = displayName(user);
  const role = displayRole(user.role);
  const links = LINKS.filter((l) => !l.requires || can(isRole(user.role) ? user.role : null, l.requires));
  return (
    <Dropdown
      summaryClassName="gap-2 py-1 pr-2 pl-1"
      panelClassName="w-64"
      summary={
        <>
          <UserAvatar user={user} />
          <span className="hidden text-left md:block">
            <span data-testid="user-name" className="block max-w-40 truncate text-sm font-semibold text-slate-900">
              {name}
            </span>
            <span data-testid="user-role" className="block text-xs text-slate-600">
              {role}
            </span>
          </span>
          <span className="sr-only md:hidden">Account menu for {name}</span>
          <ShellIcon name="chevronDown" className="hidden size-4 text-slate-400 md:block" />
        </>
      }
    >
      <div className="flex items-center gap-3 border-b border-slate-100 px-4 py-3">
        <UserAvatar user={user} className="size-10 text-sm" />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
          <p className="truncate text-xs text-slate-500">{user.email}</p>
          <p className="mt-0.5 text-xs font-medium text-brand-700">{role}</p>
        </div>
      </div>
      <ul className="p-2">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className={dropdownItemClass}>
              <ShellIcon name={l.icon} className="size-4 text-slate-400" />
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
      <div className="border-t border-slate-100 p-2">
        <SignOutForm className={dropdownItemClass} />
      </div>
    </Dropdown>
  );
}
