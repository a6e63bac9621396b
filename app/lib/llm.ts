import type { Priority } from "./board";

/**
 * The optional language model's answers as the pages show them (app/.server/llm). Shared by
 * the server and the analytics page.
 */

/** A written summary: the model's words, or the rule engine's when the model is off or failed. */
export type WrittenSummary = {
  text: string;
  source: "model" | "rules";
  /** The model is still writing (a page does not wait long): the next view shows its words. */
  pending?: boolean;
};

/** The board's own filter (the query parameters /projects/:id understands), as "Ask about this project" shows it. */
export type AskFilter = {
  q?: string;
  /** A member's id, "me" or "none". */
  assignee?: string;
  /** A label's id. */
  label?: string;
  priority?: Priority;
  due?: "overdue" | "week";
};

export type AskCard = { id: string; number: number; title: string; column: string; href: string };

export type AskAnswer =
  | {
      ok: true;
      question: string;
      filter: AskFilter;
      /** The filter in words, one part per parameter ("Priority: Urgent"). */
      parts: string[];
      /** The filtered board. */
      href: string;
      cards: AskCard[];
      /** How many cards match (cards lists at most the first 50). */
      total: number;
    }
  | { ok: false; question: string; message: string; href: string };
