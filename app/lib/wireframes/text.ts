/**
 * Text layout without a browser: the renderer, the editor's text boxes and the exports all
 * wrap text the same way, by an average glyph width, so a label breaks at the same word in
 * a thumbnail on the server and on the canvas.
 */

/** The average glyph width of the UI sans-serif, as a share of the font size. */
export function glyphWidth(fontSize: number, fontWeight = 400): number {
  return fontSize * (fontWeight >= 600 ? 0.58 : 0.54);
}

export function textWidth(text: string, fontSize: number, fontWeight = 400): number {
  return text.length * glyphWidth(fontSize, fontWeight);
}

/**
 * The lines of `text` in a box `width` px wide: hard breaks kept, words wrapped greedily,
 * a word longer than the line cut where it overflows.
 */
export function wrapText(text: string, width: number, fontSize: number, fontWeight = 400): string[] {
  const perLine = Math.max(1, Math.floor(width / glyphWidth(fontSize, fontWeight)));
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      let rest = word;
      while (rest.length > perLine) {
        if (line) {
          lines.push(line);
          line = "";
        }
        lines.push(rest.slice(0, perLine));
        rest = rest.slice(perLine);
      }
      if (!line) line = rest;
      else if (line.length + 1 + rest.length <= perLine) line += ` ${rest}`;
      else {
        lines.push(line);
        line = rest;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** `text` cut to fit `width`, with an ellipsis when it was cut. */
export function truncate(text: string, width: number, fontSize: number, fontWeight = 400): string {
  const perLine = Math.max(1, Math.floor(width / glyphWidth(fontSize, fontWeight)));
  return text.length <= perLine ? text : `${text.slice(0, Math.max(0, perLine - 1))}…`;
}
