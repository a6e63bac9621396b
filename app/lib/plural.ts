/**
 * A count and its noun: "1 card", "2 cards", "6,000 cards". Whole numbers are grouped by
 * thousands (en-US, as the app's dates read); others are written as they are.
 */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${Number.isInteger(n) ? n.toLocaleString("en-US") : String(n)} ${n === 1 ? one : many}`;
