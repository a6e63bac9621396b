/**
 * The library: shapes, the UI kit by category, the icons, the workspace's own components
 * and image upload. An item is placed with a click (or Enter) in the middle of the view,
 * or dragged onto the canvas.
 */
import { useFetcher } from "@remix-run/react";
import { memo, useEffect, useId, useState } from "react";
import type { ComponentDefinition, UiComponent, WireframeElement } from "~/lib/wireframes/document";
import { ICONS } from "~/lib/wireframes/icons";
import { kitByCategory } from "~/lib/wireframes/kit";
import { defaultElement } from "~/lib/wireframes/elements";
import { ElementSvg } from "~/lib/wireframes/render";
import { LIBRARY_MIME, type LibraryItem } from "./library-items";
import { useObservable } from "./observable";
import type { EditorComponent, EditorState, EditorStore } from "./store";

const selectComponents = (s: EditorState) => s.components;
const selectMode = (s: EditorState) => s.mode;

const KIT = kitByCategory();
const SHAPES: { type: "rectangle" | "ellipse" | "image-placeholder"; label: string }[] = [
  { type: "rectangle", label: "Rectangle" },
  { type: "ellipse", label: "Ellipse" },
  { type: "image-placeholder", label: "Image placeholder" },
];

const previews = new Map<string, WireframeElement>();
function previewOf(component: UiComponent): WireframeElement {
  let el = previews.get(component);
  if (!el) previews.set(component, (el = defaultElement("ui", { id: `preview-${component}`, screenId: "preview", component })));
  return el;
}

const EMPTY = { elements: {} };

const Preview = memo(function Preview({
  el,
  components,
}: {
  el: WireframeElement;
  components?: Record<string, { definition: ComponentDefinition }>;
}) {
  return (
    <svg
      viewBox={`${el.x - 2} ${el.y - 2} ${el.width + 4} ${el.height + 4}`}
      className="h-9 w-full"
      aria-hidden="true"
      fontFamily="ui-sans-serif, system-ui, sans-serif"
    >
      <ElementSvg element={el} doc={EMPTY} components={components} />
    </svg>
  );
});

function Item({ store, item, label, children }: { store: EditorStore; item: LibraryItem; label: string; children: React.ReactNode }) {
  return (
    <li>
      <button
        type="button"
        draggable={store.editable}
        disabled={!store.editable}
        title={`${label}: click to add, or drag onto the canvas`}
        aria-label={label}
        className="flex w-full flex-col items-center gap-1 rounded border border-slate-200 bg-white p-1.5 text-xs text-slate-700 hover:border-brand-400 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60"
        onClick={() => store.placeFromLibrary(item)}
        onDragStart={(e) => {
          e.dataTransfer.setData(LIBRARY_MIME, JSON.stringify(item));
          e.dataTransfer.effectAllowed = "copy";
        }}
      >
        {children}
      </button>
    </li>
  );
}

type LibraryData = { components: EditorComponent[] };

export function LibraryPanel({ store }: { store: EditorStore }) {
  const components = useObservable(store.state, selectComponents);
  const mode = useObservable(store.state, selectMode);
  const fetcher = useFetcher<LibraryData>();
  const [query, setQuery] = useState("");
  const searchId = useId();

  // The workspace's own components come from the library page's data.
  useEffect(() => {
    if (fetcher.state === "idle" && !fetcher.data) fetcher.load("/wireframes/library");
  }, [fetcher]);
  useEffect(() => {
    const list = fetcher.data?.components;
    if (list) store.learnComponents(Object.fromEntries(list.map((c) => [c.id, c])));
  }, [fetcher.data, store]);

  const q = query.trim().toLowerCase();
  const match = (label: string) => !q || label.toLowerCase().includes(q);
  const own = Object.values(components)
    .filter((c) => match(c.name) && !(mode.kind === "component" && mode.componentId === c.id))
    .sort((a, b) => a.name.localeCompare(b.name));

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="border-b border-slate-200 p-3">
        <label htmlFor={searchId} className="block text-xs font-medium text-slate-600">
          Search the library
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="mt-0.5 h-7 w-full rounded border border-slate-300 px-1.5 text-sm focus:border-brand-500 focus:outline-none"
        />
      </div>
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto p-3">
        <Group title="Shapes">
          {SHAPES.filter((s) => match(s.label)).map((s) => (
            <Item key={s.type} store={store} item={{ kind: "shape", type: s.type }} label={s.label}>
              <svg viewBox="0 0 40 24" className="h-9 w-full" aria-hidden="true">
                {s.type === "ellipse" ? (
                  <ellipse cx={20} cy={12} rx={11} ry={11} className="fill-gray-100 stroke-gray-400" />
                ) : (
                  <rect
                    x={6}
                    y={3}
                    width={28}
                    height={18}
                    className={`${s.type === "rectangle" ? "fill-gray-100" : "fill-gray-200"} stroke-gray-400`}
                  />
                )}
                {s.type === "image-placeholder" ? <path d="M6 3L34 21M34 3L6 21" className="stroke-gray-400" /> : null}
              </svg>
              <span className="truncate">{s.label}</span>
            </Item>
          ))}
        </Group>
        {KIT.map((cat) => {
          const items = cat.components.filter((c) => match(c.label));
          if (!items.length) return null;
          return (
            <Group key={cat.category} title={cat.category}>
              {items.map((c) => (
                <Item key={c.component} store={store} item={{ kind: "ui", component: c.component }} label={c.label}>
                  <Preview el={previewOf(c.component)} />
                  <span className="truncate">{c.label}</span>
                </Item>
              ))}
            </Group>
          );
        })}
        {own.length ? (
          <Group title="Your components">
            {own.map((c) => {
              const el = defaultElement("instance", {
                id: `preview-${c.id}`,
                screenId: "preview",
                componentId: c.id,
                width: c.definition.width,
                height: c.definition.height,
              });
              return (
                <Item key={c.id} store={store} item={{ kind: "component", componentId: c.id }} label={c.name}>
                  <Preview el={el} components={components} />
                  <span className="max-w-full truncate">{c.name}</span>
                </Item>
              );
            })}
          </Group>
        ) : null}
        <Group title="Icons" columns={5}>
          {Object.entries(ICONS)
            .filter(([, d]) => match(d.label))
            .map(([name, d]) => (
              <Item key={name} store={store} item={{ kind: "icon", icon: name }} label={`${d.label} icon`}>
                <svg
                  viewBox="0 0 24 24"
                  className="h-5 w-5 stroke-current text-slate-700"
                  fill="none"
                  strokeWidth={2}
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  aria-hidden="true"
                >
                  {d.paths.map((p, i) => (
                    <path key={i} d={p} />
                  ))}
                </svg>
              </Item>
            ))}
        </Group>
        {store.editable && mode.kind === "wireframe" ? <ImageUpload store={store} /> : null}
      </div>
    </div>
  );
}

function Group({ title, columns = 2, children }: { title: string; columns?: number; children: React.ReactNode }) {
  const id = `wf-lib-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-1.5 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {title}
      </h3>
      <ul className="grid gap-1.5" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
        {children}
      </ul>
    </section>
  );
}

/** Uploads an image into the workspace's file store and adds it at its own size (at most 480 px wide). */
function ImageUpload({ store }: { store: EditorStore }) {
  const id = useId();
  const [state, setState] = useState<{ busy: boolean; message: string | null }>({ busy: false, message: null });
  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="mb-1.5 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        Image
      </h3>
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">
        Upload an image
      </label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml"
        disabled={state.busy}
        className="mt-0.5 block w-full text-xs text-slate-700 file:mr-2 file:rounded file:border-0 file:bg-slate-100 file:px-2 file:py-1 file:text-xs file:font-medium"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (!file) return;
          setState({ busy: true, message: "Uploading…" });
          const message = await store.uploadImage(file);
          setState({ busy: false, message });
        }}
      />
      {state.message ? (
        <p role="status" className="mt-1 text-xs text-slate-700">
          {state.message}
        </p>
      ) : null}
    </section>
  );
}
