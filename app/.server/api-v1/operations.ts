import type { Operation } from "./operation";
import { attachmentOperations } from "./operations/attachments";
import { cycleOperations } from "./operations/cycles";
import { dependencyOperations } from "./operations/dependencies";
import { analyticsOperations } from "./operations/analytics";
import { cardPartOperations } from "./operations/card-parts";
import { cardOperations } from "./operations/cards";
import { columnOperations } from "./operations/columns";
import { designOperations } from "./operations/design";
import { projectOperations } from "./operations/projects";
import { wireframeOperations } from "./operations/wireframes";
import { workspaceOperations } from "./operations/workspace";

/** Every operation of /api/v1, in the reference's order: the router and the OpenAPI document read this list. */
export const OPERATIONS: readonly Operation[] = [
  ...projectOperations,
  ...columnOperations,
  ...cardOperations,
  ...cardPartOperations,
  ...attachmentOperations,
  ...dependencyOperations,
  ...workspaceOperations,
  ...cycleOperations,
  ...wireframeOperations,
  ...designOperations,
  ...analyticsOperations,
];
