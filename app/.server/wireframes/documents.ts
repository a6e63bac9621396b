import { eq } from "drizzle-orm";
import type { WireframeDocument } from "~/lib/wireframes/document";
import { db, schema } from "../db";
import { currentDocument } from "./patches";

/**
 * A wireframe's document by its version, for readers that only look (the prototype players,
 * a link's images, a screen's SVG file): each edit raises the wireframe's `seq` (every write
 * of a document goes through a patch), so a document read at one seq is that version for
 * good. Those readers ask for the same few documents again and again; they find the row (and
 * its seq) with their own permission checks, and this keeps the parsed documents of the last
 * few versions, so a screen of 1,000 elements is not read and parsed from the database on
 * every click. The documents are shared: never change one.
 */
const ENTRIES = 16;
/** And at most this many elements in all (a document may hold 20,000): the memory stays bounded. */
const ELEMENTS = 40_000;
const cache = new Map<string, { document: WireframeDocument; elements: number }>();
let held = 0;

/** The document of `wireframeId` at version `seq` or later (the caller has found the row in its workspace); null once it is deleted. */
export async function documentAt(wireframeId: string, seq: number): Promise<{ document: WireframeDocument; seq: number } | null> {
  const key = `${wireframeId}:${seq}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return { document: hit.document, seq };
  }
  const { wireframes } = schema;
  const [row] = await db()
    .select({ document: wireframes.document, seq: wireframes.seq })
    .from(wireframes)
    .where(eq(wireframes.id, wireframeId));
  if (!row) return null;
  // Read now, the row may be newer than the seq asked for: keep it under its own.
  const fresh = { document: currentDocument(row.document), seq: Number(row.seq) };
  const elements = Object.keys(fresh.document.elements).length;
  if (elements <= ELEMENTS) {
    const freshKey = `${wireframeId}:${fresh.seq}`;
    held -= cache.get(freshKey)?.elements ?? 0;
    cache.delete(freshKey);
    cache.set(freshKey, { document: fresh.document, elements });
    held += elements;
    // The least recently used go first.
    for (const [k, v] of cache) {
      if (cache.size <= ENTRIES && held <= ELEMENTS) break;
      cache.delete(k);
      held -= v.elements;
    }
  }
  return fresh;
}
