/**
 * /wireframes/library: the built-in UI kit by category and its icons, previewed by the one
 * renderer, and the workspace's own main components: rename, and delete, which asks first
 * and detaches the instances (they become plain groups that keep their look).
 */
import { type FormReply } from "~/components/ui/conform";
import { Breadcrumb, ScreenHeader } from "~/components/shell/screen";
import { formatDateTime } from "~/lib/dates";
import { useTimeZone } from "~/components/time-zone";
import type { ComponentDefinition } from "~/lib/wireframes/document";
import { ICONS, ICON_NAMES } from "~/lib/wireframes/icons";
import { kitByCategory } from "~/lib/wireframes/kit";
import { DeleteItem, RenameItem } from "./item-forms";
import { plural, ui } from "./page-ui";
import { definitionPreview, iconPreview, kitPreview } from "./previews";
import { ScreenThumbnail } from "./thumbnail";

export type LibraryComponent = {
  id: string;
  name: string;
  version: number;
  updatedAt: Date | string;
  definition: ComponentDefinition;
};

export type LibraryData = { components: LibraryComponent[]; canEdit: boolean; canDelete: boolean };

export function LibraryPage({ data, reply }: { data: LibraryData; reply: FormReply | undefined }) {
  return (
    <>
      <ScreenHeader
        title="Component Library"
        eyebrow={<Breadcrumb to="/wireframes" label="Wireframes" />}
        description="The built-in UI kit every wireframe can use, and your workspace's own components. Editing a component updates every instance."
      />
      <div className="space-y-12">
        <section aria-labelledby="own-components-h">
          <h2 id="own-components-h" className={`text-lg font-semibold ${ui.heading}`}>
            Your workspace's components
          </h2>
          {data.components.length === 0 ? (
            <p className={`mt-3 rounded-xl p-8 text-center text-sm ${ui.dashed} ${ui.muted}`}>
              No components yet. In the editor, select elements and choose “Save as component”: every copy you place then follows it.
            </p>
          ) : (
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {data.components.map((c) => (
                <OwnComponent key={c.id} component={c} data={data} reply={reply} />
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="kit-h">
          <h2 id="kit-h" className={`text-lg font-semibold ${ui.heading}`}>
            Built-in UI kit
          </h2>
          <p className={`mt-1 text-sm ${ui.muted}`}>Drag these from the editor's library panel, or place them with a click.</p>
          <div className="mt-4 space-y-8">
            {kitByCategory().map(({ category, components }) => (
              <section key={category} aria-labelledby={`kit-${category}-h`}>
                <h3 id={`kit-${category}-h`} className={`text-sm font-semibold tracking-wide uppercase ${ui.subtle}`}>
                  {category}
                </h3>
                <ul className="mt-3 grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 md:grid-cols-3 xl:grid-cols-4">
                  {components.map((k) => (
                    <li key={k.component} className={`flex min-w-0 flex-col overflow-hidden ${ui.panel}`}>
                      <ScreenThumbnail preview={kitPreview(k.component, k.label)} className="h-28" />
                      <div className="p-3">
                        <p className={`text-sm font-medium ${ui.heading}`}>{k.label}</p>
                        <p className={`text-xs ${ui.muted}`}>{k.description}</p>
                      </div>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
            <section aria-labelledby="kit-icons-h">
              <h3 id="kit-icons-h" className={`text-sm font-semibold tracking-wide uppercase ${ui.subtle}`}>
                Icons ({ICON_NAMES.length})
              </h3>
              <ul className="mt-3 grid grid-cols-3 gap-2 min-[420px]:grid-cols-4 md:grid-cols-6 xl:grid-cols-8">
                {ICON_NAMES.map((name) => (
                  <li key={name} className={`flex min-w-0 flex-col items-center gap-1 p-2 ${ui.panel}`}>
                    <ScreenThumbnail preview={iconPreview(name, ICONS[name]!.label)} className="size-12 bg-white" />
                    <span className={`w-full truncate text-center text-xs ${ui.muted}`}>{ICONS[name]!.label}</span>
                  </li>
                ))}
              </ul>
            </section>
          </div>
        </section>
      </div>
    </>
  );
}

function OwnComponent({ component: c, data, reply }: { component: LibraryComponent; data: LibraryData; reply: FormReply | undefined }) {
  const zone = useTimeZone();
  const preview = definitionPreview(c.id, c.name, c.definition);
  const item = { kind: "component" as const, id: c.id, name: c.name };
  return (
    <li className={`flex min-w-0 flex-col ${ui.panel}`}>
      <ScreenThumbnail preview={preview} className="aspect-[16/10] rounded-t-xl" />
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className={`truncate text-base font-semibold ${ui.heading}`}>{c.name}</h3>
        <p className={`text-xs ${ui.muted}`}>
          {plural(Object.keys(c.definition.elements).length, "element")} · {c.definition.width} × {c.definition.height} · changed{" "}
          {formatDateTime(c.updatedAt, zone)}
        </p>
        {data.canEdit || data.canDelete ? (
          <div className="mt-3 flex flex-wrap items-start gap-2">
            {data.canEdit ? <RenameItem item={item} reply={reply} /> : null}
            {data.canDelete ? (
              <DeleteItem
                item={item}
                reply={reply}
                warning={`“${c.name}” leaves the library. Its copies in every wireframe stay where they are and keep their look, as plain groups that no longer follow it. This cannot be undone.`}
              />
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}
