/**
 * Title similarity as Postgres' pg_trgm computes it (`similarity()`), in process: a title's
 * trigrams are those of each of its words (runs of letters and digits, lower-cased), each word
 * padded with two spaces before and one after; the similarity of two titles is the number of
 * trigrams they share over the number in either. The duplicate rule (./data.ts) compares the
 * recent open cards with every open card of their project.
 */
const WORD = /[\p{L}\p{N}]+/gu;

export function trigrams(text: string): string[] {
  const out = new Set<string>();
  for (const [word] of text.toLowerCase().matchAll(WORD)) {
    const padded = [" ", " ", ...word, " "];
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded[i]! + padded[i + 1]! + padded[i + 2]!);
  }
  return [...out];
}

/** pg_trgm's similarity of two titles (0 to 1). */
export function similarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = new Set(trigrams(b));
  const shared = ta.filter((t) => tb.has(t)).length;
  return ta.length === 0 || tb.size === 0 ? 0 : shared / (ta.length + tb.size - shared);
}

/** How many numbers two ascending lists share. */
function overlap(a: Int32Array, b: Int32Array): number {
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      n++;
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return n;
}

const isAsciiWord = (c: number) => (c >= 48 && c <= 57) || (c >= 97 && c <= 122);
const NON_ASCII = /[\u0080-\uffff]/;
/** Codes of ASCII trigrams (three 7-bit characters); other trigrams get codes from 2^21 up. */
const asciiCode = (a: number, b: number, c: number) => (a << 14) | (b << 7) | c;

/** A title's distinct trigrams as numbers (ASCII titles without building strings; the others through trigrams()). */
function trigramCodes(text: string, others: Map<string, number>): number[] {
  const lower = text.toLowerCase();
  const out: number[] = [];
  const add = (code: number) => {
    if (!out.includes(code)) out.push(code);
  };
  if (NON_ASCII.test(lower)) {
    for (const t of trigrams(lower)) {
      if (!NON_ASCII.test(t)) {
        add(asciiCode(t.charCodeAt(0), t.charCodeAt(1), t.charCodeAt(2)));
        continue;
      }
      let code = others.get(t);
      if (code === undefined) others.set(t, (code = (1 << 21) + others.size));
      add(code);
    }
    return out;
  }
  let a = 32;
  let b = 32;
  let inWord = false;
  for (let k = 0; k <= lower.length; k++) {
    const c = k < lower.length ? lower.charCodeAt(k) : 32;
    if (isAsciiWord(c)) {
      if (!inWord) [a, b, inWord] = [32, 32, true];
      add(asciiCode(a, b, c));
      [a, b] = [b, c];
    } else if (inWord) {
      add(asciiCode(a, b, 32));
      inWord = false;
    }
  }
  return out;
}

/**
 * Pairs (i, j) with i one of `probes` (indexes into `titles`) and j any other title, whose
 * similarity is at least `threshold` (above 0); each unordered pair once. Exact, and fast on a
 * board of look-alike titles (prefix filtering): a title B that similar to A shares at least
 * ceil(threshold × |A|) of A's trigrams, so at least one of any |A| - ceil(threshold × |A|) + 1
 * of them; only the cards holding one of A's rarest that many are compared with A, not every
 * card that shares "the".
 */
export function similarPairs(titles: string[], probes: number[], threshold: number): { i: number; j: number; similarity: number }[] {
  const others = new Map<string, number>();
  const codes = titles.map((t) => trigramCodes(t, others));
  // Only the probes' trigrams are ever looked up: only they are indexed (a board's titles hold
  // tens of thousands of trigram occurrences, the probes' a few hundred distinct ones).
  const wanted = new Set<number>();
  for (const i of probes) for (const t of codes[i]!) wanted.add(t);
  const postings = new Map<number, number[]>();
  codes.forEach((list, j) => {
    for (const t of list) {
      if (!wanted.has(t)) continue;
      const p = postings.get(t);
      if (p) p.push(j);
      else postings.set(t, [j]);
    }
  });
  // Sorted for the overlap count, each title once and only if compared.
  const sorted: (Int32Array | undefined)[] = new Array<Int32Array | undefined>(titles.length);
  const gramsOf = (j: number) => (sorted[j] ??= Int32Array.from(codes[j]!).sort());
  const seen = new Set<number>();
  const out: { i: number; j: number; similarity: number }[] = [];
  const mark = new Int32Array(titles.length).fill(-1);
  for (const i of probes) {
    const mine = gramsOf(i);
    if (mine.length === 0) continue;
    const prefix = mine.length - Math.ceil(threshold * mine.length - 1e-9) + 1;
    const rarest = [...mine].map((t) => postings.get(t)!).sort((a, b) => a.length - b.length);
    for (const list of rarest.slice(0, prefix))
      for (const j of list) {
        if (j === i || mark[j] === i) continue;
        mark[j] = i;
        const theirs = gramsOf(j);
        const n = overlap(mine, theirs);
        const sim = n / (mine.length + theirs.length - n);
        const key = Math.min(i, j) * titles.length + Math.max(i, j);
        if (sim < threshold || seen.has(key)) continue;
        seen.add(key);
        out.push({ i, j, similarity: sim });
      }
  }
  return out;
}
