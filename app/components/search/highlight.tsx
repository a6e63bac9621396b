import { Fragment } from "react";
import type { Segment } from "~/lib/search";

/** A highlighted text: marked segments in <mark>, everything as text (React escapes it). */
export function SearchHighlight({ segments }: { segments: Segment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.mark ? (
          <mark key={i} className="rounded-sm bg-yellow-200 px-0.5 text-inherit">
            {s.text}
          </mark>
        ) : (
          <Fragment key={i}>{s.text}</Fragment>
        ),
      )}
    </>
  );
}
