/**
 * /wireframes/editor/{id} before the editor runs: without JavaScript (and for the moment
 * before hydration) the page says the editor needs JavaScript and shows every screen
 * read-only, drawn by the one renderer on the server, with its name, size and the cards
 * that link it.
 */
import { Link } from "@remix-run/react";
import { Breadcrumb, ScreenHeader } from "~/components/shell/screen";
import { FormMessage } from "~/components/ui/form";
import { ThemeForm } from "~/components/design-system/theme-form";
import type { WireframeDocument } from "~/lib/wireframes/document";
import type { WireframeDesign } from "~/lib/wireframes/token-refs";
import { compareOrder } from "~/lib/wireframes/order";
import { plural, sizeLabel, ui } from "./page-ui";
import type { ComponentsById } from "./thumbnail";

export type ReadOnlyWireframeData = {
  wireframe: { id: string; name: string; projectId: string; projectName: string; seq?: number; document: WireframeDocument };
  components: ComponentsById;
  linkedCards: { cardId: string; title: string; screenId: string; projectId: string }[];
  /** The project's design tokens: screens draw with the chosen theme's values. */
  design?: WireframeDesign;
};

/** A screen drawn by the server as an SVG file; `v` changes with every saved edit. */
export function screenSvgUrl(wireframe: { id: string; seq?: number }, screenId: string, theme?: string): string {
  const query = new URLSearchParams({ v: String(wireframe.seq ?? 0), ...(theme ? { theme } : {}) });
  return `/wireframes/${wireframe.id}/screens/${encodeURIComponent(screenId)}.svg?${query}`;
}

export function ReadOnlyWireframe({ data }: { data: ReadOnlyWireframeData }) {
  const { wireframe } = data;
  const screens = Object.values(wireframe.document.screens).sort(compareOrder);
  return (
    <>
      <ScreenHeader
        title={wireframe.name}
        eyebrow={<Breadcrumb to={`/projects/${wireframe.projectId}/wireframes`} label={wireframe.projectName} />}
        description={`${plural(screens.length, "screen")} in ${wireframe.projectName}.`}
      />
      <FormMessage tone="info">
        <strong className="font-semibold">The wireframe editor needs JavaScript.</strong> Turn it on to edit; until then every screen is
        shown here read-only.
      </FormMessage>
      {data.design ? (
        <div className="mt-4">
          <ThemeForm themes={data.design.themes} theme={data.design.theme} keep={["screen"]} />
        </div>
      ) : null}
      {screens.length === 0 ? (
        <p className={`mt-6 rounded-xl p-10 text-center text-sm ${ui.dashed} ${ui.muted}`}>This wireframe has no screens yet.</p>
      ) : (
        <ol className="mt-6 space-y-8" aria-label="Screens">
          {screens.map((screen, i) => {
            const cards = data.linkedCards.filter((c) => c.screenId === screen.id);
            return (
              <li key={screen.id} id={`screen-${screen.id}`}>
                <figure className={`overflow-hidden ${ui.panel}`}>
                  {/* An <img> of the server's SVG file, so the page's HTML stays small however big the screen. */}
                  <div className={`flex items-center justify-center overflow-hidden p-4 ${ui.canvas}`}>
                    <img
                      src={screenSvgUrl(wireframe, screen.id, data.design?.theme)}
                      alt={`Screen ${i + 1}: ${screen.name}`}
                      width={screen.width}
                      height={screen.height}
                      loading={i > 0 ? "lazy" : undefined}
                      className="h-auto max-h-[75vh] w-auto max-w-full drop-shadow-sm"
                    />
                  </div>
                  <figcaption className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-t border-slate-200 px-4 py-3">
                    <span className={`font-semibold ${ui.heading}`}>{screen.name}</span>
                    <span className={`text-sm ${ui.muted}`}>{sizeLabel(screen)}</span>
                    {cards.length > 0 ? (
                      <span className={`w-full text-sm ${ui.muted}`}>
                        Linked from{" "}
                        {cards.map((c, j) => (
                          <span key={c.cardId}>
                            {j > 0 ? ", " : null}
                            <Link to={`/projects/${c.projectId}?task=${c.cardId}`} className={ui.link}>
                              {c.title}
                            </Link>
                          </span>
                        ))}
                      </span>
                    ) : null}
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ol>
      )}
    </>
  );
}
