import { micromark } from "micromark";
import { gfmAutolinkLiteral, gfmAutolinkLiteralHtml } from "micromark-extension-gfm-autolink-literal";
import { gfmStrikethrough, gfmStrikethroughHtml } from "micromark-extension-gfm-strikethrough";
import { escapeHtml } from "~/lib/escape-html";
import { ESCAPED_MENTION, replaceMentions } from "~/lib/mentions";

/**
 * Comment markdown, rendered on the server: a safe subset (emphasis, strikethrough, lists, links,
 * code, quotes, paragraphs). Raw HTML is escaped, never passed through (micromark's default);
 * `javascript:` and other unsafe link protocols are dropped (its default too); headings and
 * images are turned off (a comment is not a document, and an image would be a tracking pixel).
 * Links open in a new tab without handing it the opener. Mentions (`<@id>`) become names.
 */
const disabled = {
  disable: { null: ["headingAtx", "setextUnderline", "labelStartImage", "htmlFlow", "htmlText", "definition", "thematicBreak"] },
};

export function renderMarkdown(body: string, names: ReadonlyMap<string, string>): string {
  const html = micromark(body, {
    extensions: [disabled, gfmAutolinkLiteral(), gfmStrikethrough({ singleTilde: false })],
    htmlExtensions: [gfmAutolinkLiteralHtml(), gfmStrikethroughHtml()],
  });
  const linked = html.replace(/<a href="/g, '<a rel="noopener noreferrer nofollow" target="_blank" href="');
  return replaceMentions(
    linked,
    (id) => {
      const name = names.get(id);
      return name ? `<span class="mention">@${escapeHtml(name)}</span>` : `<span class="mention">@former member</span>`;
    },
    ESCAPED_MENTION,
  );
}
