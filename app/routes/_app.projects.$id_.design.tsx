import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DesignManagerPage } from "~/components/design-system/design-manager-page";
import type { DesignActionData, DesignData } from "~/components/design-system/types";
import type { FormReply } from "~/components/ui/conform";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { screenMeta } from "~/components/shell/screen";
import type { action, loader } from "./_app.projects.$id_.design.server";

export { action, loader } from "./_app.projects.$id_.design.server";

export const meta: MetaFunction = screenMeta("Project design system");

export default function ProjectDesignSystem() {
  const data = useLoaderData<typeof loader>() as unknown as DesignData;
  const reply = useActionData<typeof action>() as unknown as (FormReply & DesignActionData) | undefined;
  return <DesignManagerPage data={data} reply={reply} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
