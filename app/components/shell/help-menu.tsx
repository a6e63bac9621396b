import { Dropdown, dropdownItemClass } from "./dropdown";
import { ShellIcon } from "./icons";

export const SUPPORT_EMAIL = "support@atelier.app";

/** The shortcuts the shell really handles (see useShellShortcuts in app-shell.tsx). */
const SHORTCUTS = [
  { keys: "Ctrl+K", action: "Search, go to a page or run a command (⌘K on a Mac)" },
  { keys: "/", action: "Search projects" },
  { keys: "[", action: "Collapse or expand the sidebar" },
  { keys: "Esc", action: "Close a menu or the navigation drawer" },
];

export function HelpMenu() {
  return (
    <Dropdown
      summaryLabel="Help"
      summaryClassName="size-10 justify-center text-slate-600 hover:text-slate-900"
      summary={<ShellIcon name="help" className="size-6" />}
    >
      <div className="border-b border-slate-100 px-4 py-3">
        <p className="text-sm font-semibold text-slate-900">Keyboard shortcuts</p>
        <dl className="mt-2 space-y-1.5">
          {SHORTCUTS.map((s) => (
            <div key={s.keys} className="flex items-center justify-between gap-4 text-sm">
              <dt className="text-slate-600">{s.action}</dt>
              <dd>
                <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-700">{s.keys}</kbd>
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="p-2">
        <a href={`mailto:${SUPPORT_EMAIL}`} className={dropdownItemClass}>
          <ShellIcon name="help" className="size-4 text-slate-400" />
          Contact support
        </a>
      </div>
    </Dropdown>
  );
}
