/** The wireframe editor's state: what the store holds and what the panels read. */
import { type ComponentDefinition, type Op, type Screen, type WireframeDocument } from "~/lib/wireframes/document";
import { type SaveState } from "~/lib/wireframes/editor/sync";
import { type PresenceEvent } from "./network";
import { type MergeConflict } from "~/lib/wireframes/editor/merge";

export type EditorComponent = { id: string; name: string; definition: ComponentDefinition; version: number };

export type EditorProps = {
  wireframe: { id: string; name: string; projectId: string; projectName: string; seq: number; document: WireframeDocument };
  components: Record<string, EditorComponent>;
  me: { userId: string; name: string; color: string };
  canEdit: boolean;
  canDelete: boolean;
  linkedCards: { cardId: string; title: string; screenId: string; projectId: string }[];
};

export type Tool = "select" | "rectangle" | "ellipse" | "polygon" | "line" | "arrow" | "text" | "hand";

export type Mode = { kind: "wireframe" } | { kind: "component"; componentId: string; back: { screenId: string; selection: string[] } };

export type Peer = PresenceEvent & { seen: number };

export type EditorState = {
  doc: WireframeDocument;
  screenId: string;
  selection: string[];
  /** The group the person has entered (double-click): clicks select inside it. */
  scope: string | null;
  tool: Tool;
  editingText: string | null;
  mode: Mode;
  components: Record<string, EditorComponent>;
  save: SaveState;
  /** A main component's definition waiting to be saved, or the reason it was refused. */
  componentSave: { state: "saving" } | { state: "error"; message: string } | null;
  /**
   * Someone saved a main component this editor was changing, and changed the same things:
   * the edits here are kept (and not saved) until the person chooses (`keepMyComponent`,
   * `useTheirComponent`).
   */
  componentConflict: ComponentConflict | null;
  live: boolean;
  /** Someone deleted the wireframe while it was open. */
  deleted: boolean;
  peers: Record<string, Peer>;
  canUndo: boolean;
  canRedo: boolean;
  /** The last thing done, for screen readers (an aria-live region). */
  announcement: string;
};

export type ComponentConflict = {
  componentId: string;
  name: string;
  /** Who saved the other version (null: someone no longer known). */
  by: string | null;
  /** What both changed, with their value. */
  conflicts: MergeConflict[];
  theirs: EditorComponent;
};

export type Viewport = { zoom: number; x: number; y: number; width: number; height: number };

export type HistoryEntry = { target: "doc" | string; ops: Op[]; screenId: string; selection: string[] };

/** The first screen by order (the one a wireframe opens on). */
export function firstScreen(doc: WireframeDocument): Screen | undefined {
  return Object.values(doc.screens).sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : a.id < b.id ? -1 : 1))[0];
}
