import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { PROBLEM_CODES } from "~/lib/problem";

/**
 * A problem's `type` URI (/docs/api/problems/<code with dashes>) leads to its row in the
 * reference's table of problem types; an unknown one is 404.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const code = (params.code ?? "").replaceAll("-", "_");
  if (!Object.hasOwn(PROBLEM_CODES, code)) throw new Response("No such problem type", { status: 404 });
  return redirect(`/docs/api#problem-${code}`);
}
