import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CyclesPage } from "~/components/cycles/cycles-page";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import type { action, loader } from "./_app.projects.$id_.cycles.server";

export { action, loader } from "./_app.projects.$id_.cycles.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.project ? `${data.project.name} · Cycles · Atelier` : "Project cycles · Atelier" },
];

export default function ProjectCycles() {
  return <CyclesPage data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
