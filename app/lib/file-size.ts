/**
 * File sizes, shared by the card panel, /billing and /settings and the server's limits.
 * Sizes are binary: a GB is 1024³ bytes, as the plans' storage limits are counted.
 */
export const BYTES_PER_GB = 1024 ** 3;

/** The largest single attachment: 25 MB. */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;

const UNITS = ["KB", "MB", "GB", "TB"];

/** Said by the server (413) and, before anything is sent, by the file input with JavaScript. */
export function tooLargeMessage(): string {
  return `That file is larger than ${formatBytes(MAX_ATTACHMENT_BYTES)}, the most one attachment can be. Nothing was uploaded.`;
}

/** "0 B", "512 B", "1.5 KB", "12.4 MB", "5 GB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let value = bytes / 1024;
  let unit = 0;
  // 1023.97 KB would round to "1024 KB": show it as the next unit up.
  while (value >= 1023.95 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)} ${UNITS[unit]}`;
}
