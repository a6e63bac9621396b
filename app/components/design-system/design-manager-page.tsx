/**
 * /design and /projects/{id}/design: the design-system manager. Tabs are links (`?tab=`), the
 * theme switch is a GET form (`?theme=`), every change is a plain POST form, so all of it works
 * without JavaScript; with it, forms show their pending state and the pickers enhance the fields.
 */
import { Link, useLocation, useNavigation } from "@remix-run/react";
import { ContrastTable } from "~/components/design-system/contrast-table";
import { KitPreview } from "~/components/design-system/kit-preview";
import { ThemeForm } from "~/components/design-system/theme-form";
import { TokenOverview } from "~/components/design-system/token-overview";
import { Breadcrumb, EmptyState, ScreenHeader } from "~/components/shell/screen";
import { buttonClass } from "~/components/ui/button-styles";
import { type FormReply, replyMessages } from "~/components/ui/conform";
import { FormMessage } from "~/components/ui/form";
import { JsonEditor, SetsAndThemes } from "./sets";
import { listHref, NewTokenPicker, TokenList } from "./token-list";
import { TokenForm } from "./token-form";
import type { DesignActionData, DesignData } from "./types";
import { ImportExport, Versions } from "./versions";
import { ui } from "./manager-ui";

const TABS: { id: DesignData["tab"]; label: string }[] = [
  { id: "tokens", label: "Tokens" },
  { id: "overview", label: "Overview" },
  { id: "contrast", label: "Contrast" },
  { id: "json", label: "JSON" },
  { id: "sets", label: "Sets & themes" },
  { id: "versions", label: "Versions" },
  { id: "import", label: "Import & export" },
];

export function DesignManagerPage({ data, reply }: { data: DesignData; reply: (FormReply & DesignActionData) | undefined }) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === data.base;
  const tabHref = (tab: string) => `${data.base}?${new URLSearchParams({ tab, ...(data.themes.length > 1 ? { theme: data.theme } : {}) })}`;
  const messages = replyMessages(reply).filter(() => !reply?.importPreview);
  const formInTab = data.editing || data.newToken;
  return (
    <>
      <ScreenHeader
        title={data.project ? "Project design system" : "Design System"}
        eyebrow={data.project ? <Breadcrumb to={`/projects/${data.project.id}`} label={data.project.name} /> : undefined}
        description={
          data.project
            ? `The tokens of ${data.project.name}: everything from the workspace's design system, with this project's additions and overrides.`
            : "Your team's colours, type, spacing and the rest as design tokens: edit them, check them, version them and export them to code."
        }
        actions={
          <>
            {data.project ? (
              <Link to="/design" className={buttonClass("secondary")}>
                Workspace design system
              </Link>
            ) : null}
            <Link to={tabHref("import")} className={buttonClass("secondary")}>
              Export
            </Link>
          </>
        }
      />
      {data.readOnly ? (
        <div className="mb-4">
          <FormMessage tone="info">This workspace is read-only: you can look at and export the design system, not change it.</FormMessage>
        </div>
      ) : !data.canEdit ? (
        <div className="mb-4">
          <FormMessage tone="info">
            Your role can view and export the design system; members edit it, admins and owners publish versions.
          </FormMessage>
        </div>
      ) : null}
      {messages.length > 0 && !formInTab ? (
        <div className="mb-4">
          <FormMessage tone="error">{messages.join(" ")}</FormMessage>
        </div>
      ) : null}
      {data.issues.length > 0 ? (
        <section
          aria-labelledby="design-issues-h"
          className="mb-4 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
        >
          <h2 id="design-issues-h" className="font-semibold">
            {data.issues.length === 1 ? "1 issue in this design system" : `${data.issues.length} issues in this design system`}
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {data.issues.slice(0, 10).map((i, n) => (
              <li key={n}>
                {i.set ? `${i.set} · ` : ""}
                {i.path ? <span className="font-mono text-xs">{i.path}</span> : null} {i.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
        <nav aria-label="Design system sections" data-scroll className="flex max-w-full min-w-0 gap-1 overflow-x-auto pb-1">
          {TABS.map((t) => (
            <Link
              key={t.id}
              to={tabHref(t.id)}
              aria-current={data.tab === t.id ? "page" : undefined}
              className={`rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap ${
                data.tab === t.id ? "bg-brand-50 text-brand-700 ring-1 ring-brand-200" : "text-slate-600 hover:bg-slate-100"
              }`}
            >
              {t.label}
            </Link>
          ))}
        </nav>
        <ThemeForm themes={data.themes} theme={data.theme} keep={["tab", "fg", "bg", "set", "q", "group", "page"]} />
      </div>

      <div aria-busy={loading || undefined} className={loading ? "opacity-60 transition-opacity" : undefined}>
        {loading ? (
          <p role="status" className={`mb-3 text-sm ${ui.muted}`}>
            Loading the design system...
          </p>
        ) : null}
        <TabBody data={data} reply={reply} tabHref={tabHref} />
      </div>
    </>
  );
}

function TabBody({
  data,
  reply,
  tabHref,
}: {
  data: DesignData;
  reply: (FormReply & DesignActionData) | undefined;
  tabHref: (t: string) => string;
}) {
  // The token form posts to the address that shows it, so a refusal comes back to the same form.
  const location = useLocation();
  switch (data.tab) {
    case "tokens":
      return (
        <div className="space-y-6">
          {data.canEdit && (data.editing || data.newToken) ? (
            <TokenForm
              action={`${location.pathname}${location.search}`}
              editing={data.editing}
              newToken={data.newToken}
              setNames={data.project ? data.setNames : data.ownSetNames}
              reply={reply}
              cancelHref={listHref(data)}
            />
          ) : data.canEdit ? (
            <NewTokenPicker data={data} />
          ) : null}
          {data.tokenCount === 0 ? (
            <EmptyState
              icon="design"
              title={data.project ? "No tokens yet" : "Your design system is empty"}
              action={data.canEdit && data.setNames.length === 0 ? { to: tabHref("sets"), label: "Add a set" } : undefined}
            >
              <p>
                {data.setNames.length === 0
                  ? "Tokens live in sets (for example core, light and dark). Add a set, or import a DTCG or Tokens Studio file."
                  : "Add a token above, or import a DTCG or Tokens Studio file."}
              </p>
            </EmptyState>
          ) : (
            <TokenList data={data} />
          )}
        </div>
      );
    case "overview":
      return (
        <div className="space-y-8">
          <TokenOverview resolved={data.resolved} theme={data.theme} />
          {/* KitPreview is its own section, headed "UI kit preview". */}
          <KitPreview resolvedByTheme={data.resolvedByTheme} theme={data.theme} themes={data.themes} />
        </div>
      );
    case "contrast":
      return <ContrastTable resolvedByTheme={data.resolvedByTheme} />;
    case "json":
      return <JsonEditor data={data} reply={reply} />;
    case "sets":
      return <SetsAndThemes data={data} reply={reply} />;
    case "versions":
      return <Versions data={data} reply={reply} />;
    case "import":
      return <ImportExport data={data} reply={reply} />;
  }
}
