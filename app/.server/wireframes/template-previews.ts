import { TEMPLATES, templateDocument } from "~/lib/wireframes/templates";

/** Every template with its screen built once for this answer (the page and its hydration draw the same ids). */
export function templatePreviews() {
  return TEMPLATES.map((t) => {
    const doc = templateDocument(t.id);
    return { id: t.id, name: t.name, description: t.description, preview: { doc, screenId: Object.keys(doc.screens)[0]! } };
  });
}
