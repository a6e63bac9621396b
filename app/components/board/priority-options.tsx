import { PRIORITY_LABELS, type Priority } from "./types";

/** The five priorities as <option>s, most urgent first (the card's field and the board's filter). */
export function PriorityOptions() {
  return (Object.keys(PRIORITY_LABELS) as Priority[]).map((p) => (
    <option key={p} value={p}>
      {PRIORITY_LABELS[p]}
    </option>
  ));
}
