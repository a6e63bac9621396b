/**
 * /wireframes/export/{id}: choose screens (all by default) and a format, then download.
 * Every download is a plain GET (the form posts nothing; the links are links), so it works
 * without JavaScript; the server draws each file with the same renderer as the editor.
 */
import { Link } from "@remix-run/react";
import { Breadcrumb, ScreenHeader } from "~/components/shell/screen";
import { buttonClass } from "~/components/ui/button-styles";
import type { DevicePreset, WireframeDocument } from "~/lib/wireframes/document";
import {
  EXPORT_FORMATS,
  FORMAT_LABELS,
  exportFileName,
  exportHref,
  exportZipName,
  type ExportFormat,
  type ExportRequest,
} from "~/lib/wireframes/export";
import type { TokenValues } from "~/lib/wireframes/render";
import { SelectField, plural, sizeLabel, ui } from "../pages/page-ui";
import { type ComponentsById, ScreenThumbnail } from "../pages/thumbnail";

export type ExportPageData = {
  wireframe: { id: string; name: string; projectId: string; projectName: string; document: WireframeDocument };
  screens: { id: string; name: string; device: DevicePreset; width: number; height: number }[];
  components: ComponentsById;
  choice: ExportRequest;
  themes: string[];
  tokens: TokenValues;
  problem: "no-screens" | null;
};

const FORMAT_HINTS: Record<ExportFormat, string> = {
  png: "An image of each screen. Several screens come as one ZIP.",
  svg: "A vector file of each screen, fonts and images inside it. Several screens come as one ZIP.",
  pdf: "One vector page per screen, at the screen's size; its text can be selected.",
  json: "The wireframe's document, to import into Atelier again.",
};

export function ExportPage({ data }: { data: ExportPageData }) {
  const { wireframe, screens } = data;
  const id = wireframe.id;
  return (
    <>
      <ScreenHeader
        title="Export wireframe"
        eyebrow={<Breadcrumb to="/wireframes" label="Wireframes" />}
        description={`Download “${wireframe.name}” (${plural(screens.length, "screen")}, ${wireframe.projectName}) as images, vectors, a PDF or its JSON document.`}
        actions={
          <Link to={`/wireframes/editor/${id}`} className={buttonClass("secondary")}>
            Open in the editor
          </Link>
        }
      />
      {screens.length === 0 ? (
        <p className={`rounded-xl p-10 text-center text-sm ${ui.dashed} ${ui.muted}`}>This wireframe has no screens to export yet.</p>
      ) : (
        <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <ExportForm data={data} />
          <QuickDownloads data={data} />
        </div>
      )}
    </>
  );
}

function ExportForm({ data }: { data: ExportPageData }) {
  const { wireframe, screens, choice } = data;
  const chosen = (screenId: string) => choice.screenIds.length === 0 || choice.screenIds.includes(screenId);
  const radio = "size-4 border-slate-300 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600";
  return (
    <form
      method="get"
      action={`/wireframes/export/${wireframe.id}/download`}
      className={`space-y-6 p-5 ${ui.panel}`}
      aria-labelledby="export-form-h"
    >
      <h2 id="export-form-h" className={`text-lg font-semibold ${ui.heading}`}>
        Choose what to download
      </h2>
      <input type="hidden" name="pick" value="1" />
      <fieldset aria-describedby={data.problem ? "export-screens-error" : undefined}>
        <legend className={`text-sm font-semibold ${ui.heading}`}>Screens</legend>
        {data.problem === "no-screens" ? (
          <p id="export-screens-error" role="alert" className="mt-1 text-sm text-red-700">
            Choose at least one screen to export.
          </p>
        ) : null}
        <ul className="mt-2 grid gap-3 sm:grid-cols-2">
          {screens.map((screen, i) => (
            <li key={screen.id}>
              <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-2 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
                <input
                  type="checkbox"
                  name="screen"
                  value={screen.id}
                  defaultChecked={chosen(screen.id)}
                  className="size-4 rounded border-slate-300"
                />
                <ScreenThumbnail
                  preview={{ doc: wireframe.document, screenId: screen.id }}
                  components={data.components}
                  tokens={data.tokens}
                  wireframeId={wireframe.id}
                  className="aspect-[4/3] w-20 shrink-0 rounded p-1"
                />
                <span className="min-w-0">
                  <span className={`block truncate text-sm font-medium ${ui.heading}`}>
                    {i + 1}. {screen.name}
                  </span>
                  <span className={`block text-xs ${ui.muted}`}>{sizeLabel(screen)}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <fieldset>
        <legend className={`text-sm font-semibold ${ui.heading}`}>Format</legend>
        <div className="mt-2 space-y-2">
          {EXPORT_FORMATS.map((format) => (
            <label key={format} className="flex items-start gap-3">
              <input type="radio" name="format" value={format} defaultChecked={choice.format === format} className={`mt-0.5 ${radio}`} />
              <span>
                <span className={`block text-sm font-medium ${ui.heading}`}>{FORMAT_LABELS[format]}</span>
                <span className={`block text-xs ${ui.muted}`}>{FORMAT_HINTS[format]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-6 sm:grid-cols-3">
        <RadioGroup
          legend="Size (PNG)"
          name="scale"
          value={String(choice.scale)}
          options={[
            { value: "1", label: "1× (the screen's size)" },
            { value: "2", label: "2× (sharp on high-density displays)" },
          ]}
          className={radio}
        />
        <RadioGroup
          legend="Background"
          name="background"
          value={choice.background ? "1" : "0"}
          options={[
            { value: "1", label: "The screen's colour" },
            { value: "0", label: "Transparent" },
          ]}
          className={radio}
        />
        <RadioGroup
          legend="Text (SVG)"
          name="text"
          value={choice.text}
          options={[
            { value: "fonts", label: "Editable, font embedded" },
            { value: "outlines", label: "Outlines, the same everywhere" },
          ]}
          className={radio}
        />
      </div>

      {data.themes.length > 1 ? (
        <SelectField
          label="Design theme"
          name="theme"
          id="export-theme"
          defaultValue={choice.theme ?? data.themes[0]}
          options={data.themes.map((t) => ({ value: t, label: t }))}
          hint="The token values the screens are drawn with."
          className="max-w-xs"
        />
      ) : null}

      <button type="submit" className={buttonClass("primary")}>
        Download
      </button>
    </form>
  );
}

function RadioGroup({
  legend,
  name,
  value,
  options,
  className,
}: {
  legend: string;
  name: string;
  value: string;
  options: { value: string; label: string }[];
  className: string;
}) {
  return (
    <fieldset>
      <legend className={`text-sm font-semibold ${ui.heading}`}>{legend}</legend>
      <div className="mt-2 space-y-2">
        {options.map((o) => (
          <label key={o.value} className={`flex items-center gap-2 text-sm ${ui.body}`}>
            <input type="radio" name={name} value={o.value} defaultChecked={value === o.value} className={className} />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Links straight to a file: the whole wireframe in each format, then each screen. */
function QuickDownloads({ data }: { data: ExportPageData }) {
  const { wireframe, screens } = data;
  const theme = data.themes.length > 1 ? data.choice.theme : null;
  const href = (req: Parameters<typeof exportHref>[1]) => exportHref(wireframe.id, { ...req, theme });
  const many = screens.length > 1;
  const whole = [
    { label: "PDF, every screen", href: href({ format: "pdf" }), file: exportFileName(wireframe.name, "pdf", 1) },
    {
      label: many ? "PNG 2×, every screen (ZIP)" : "PNG 2×",
      href: href({ format: "png", scale: 2 }),
      file: many ? exportZipName(wireframe.name, "png", 2) : exportFileName(wireframe.name, "png", 2, { ...screens[0]!, index: 0 }),
    },
    {
      label: many ? "SVG, every screen (ZIP)" : "SVG",
      href: href({ format: "svg" }),
      file: many ? exportZipName(wireframe.name, "svg", 1) : exportFileName(wireframe.name, "svg", 1, { ...screens[0]!, index: 0 }),
    },
    { label: "JSON document", href: href({ format: "json" }), file: exportFileName(wireframe.name, "json", 1) },
  ];
  return (
    <section aria-labelledby="export-quick-h" className={`space-y-5 p-5 ${ui.panel}`}>
      <h2 id="export-quick-h" className={`text-lg font-semibold ${ui.heading}`}>
        Quick downloads
      </h2>
      <div>
        <h3 className={`text-sm font-semibold ${ui.heading}`}>The whole wireframe</h3>
        <ul className="mt-2 space-y-1.5 text-sm">
          {whole.map((d) => (
            <li key={d.href}>
              <a href={d.href} download={d.file} className={ui.link}>
                {d.label}
              </a>{" "}
              <span className={`text-xs ${ui.subtle}`}>{d.file}</span>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className={`text-sm font-semibold ${ui.heading}`}>One screen</h3>
        <ul className="mt-2 space-y-2 text-sm">
          {screens.map((screen, index) => {
            const links = [
              { label: "PNG 1×", format: "png" as const, scale: 1 as const },
              { label: "PNG 2×", format: "png" as const, scale: 2 as const },
              { label: "SVG", format: "svg" as const, scale: 1 as const },
              { label: "PDF", format: "pdf" as const, scale: 1 as const },
            ];
            return (
              <li key={screen.id}>
                <span className={`block font-medium ${ui.heading}`}>{screen.name}</span>
                <span className="flex flex-wrap gap-x-3">
                  {links.map((l) => (
                    <a
                      key={l.label}
                      href={href({ format: l.format, scale: l.scale, screenIds: [screen.id] })}
                      download={exportFileName(wireframe.name, l.format, l.scale, { name: screen.name, index })}
                      className={ui.link}
                    >
                      {l.label}
                      <span className="sr-only"> of {screen.name}</span>
                    </a>
                  ))}
                </span>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
