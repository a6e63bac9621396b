/**
 * /wireframes: "Import from Figma" opens a small form — a Figma file's link, the project the
 * wireframe goes into and an optional name. A plain form posting to /wireframes/import-figma,
 * so it works without JavaScript; the list then says what came in, or why nothing did.
 */
import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/form";
import { DisclosurePanel, SelectField, ui, usePosting } from "./page-ui";

export function FigmaImportForm({ projects }: { projects: { id: string; name: string }[] }) {
  const busy = usePosting("import-figma");
  return (
    <DisclosurePanel summary="Import from Figma" align="right">
      <Form method="post" action="/wireframes/import-figma" id="import-figma" className="space-y-3">
        <input type="hidden" name="intent" value="import-figma" />
        <p className={`text-sm ${ui.muted}`}>
          A Figma file&apos;s top-level frames become screens of a new wireframe. Needs Figma connected in{" "}
          <Link to="/settings/integrations" className="font-medium text-brand-700 hover:underline">
            Integrations
          </Link>
          .
        </p>
        <Field label="Figma file link" name="url" type="url" required placeholder="https://www.figma.com/design/…" />
        <SelectField
          name="projectId"
          label="Into project"
          placeholder="Choose a project"
          required
          options={projects.map((p) => ({ value: p.id, label: p.name }))}
        />
        <Field label="Name (optional)" name="name" type="text" hint="The Figma file's name when left empty." />
        <Button type="submit" size="sm" variant="primary" disabled={busy}>
          {busy ? "Importing..." : "Import frames"}
        </Button>
      </Form>
    </DisclosurePanel>
  );
}
