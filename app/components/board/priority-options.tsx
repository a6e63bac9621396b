import { PRIORITIES, PRIORITY_LABELS } from "~/lib/board";

/** The five priorities as <option>s, most urgent first (the card's field and the board's filter). */
export function PriorityOptions() {
  return PRIORITIES.map((p) => (
    <option key={p} value={p}>
      {PRIORITY_LABELS[p]}
    </option>
  ));
}
