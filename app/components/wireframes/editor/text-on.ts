/** White or ink, whichever reads on `hex` (WCAG contrast of at least 4.5:1 for white, else ink). */
export function textOn(hex: string): string {
  const c = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  const luminance = 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
  return 1.05 / (luminance + 0.05) >= 4.5 ? "#ffffff" : "#111827";
}
