/** What /docs/api shows of the OpenAPI document (built by app/.server/api-v1/reference.ts). */
import type { ProblemCode } from "./problem";

export type ReferenceField = { name: string; type: string; required: boolean; description?: string };
export type ReferenceOperation = {
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  scope: string;
  parameters: (ReferenceField & { in: string })[];
  body: ReferenceField[];
  answers: { status: string; description: string }[];
};
export type ReferenceProblem = { code: ProblemCode; type: string; status: number; title: string };
