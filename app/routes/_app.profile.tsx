import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { profileAction, profileLoader } from "~/.server/account/profile";
import { ProfilePage } from "~/components/account/profile-page";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";

export const meta: MetaFunction = () => [{ title: "Profile · Atelier" }];

export const loader = ({ request }: LoaderFunctionArgs) => profileLoader(request);
export const action = ({ request }: ActionFunctionArgs) => profileAction(request);

export default function ProfileRoute() {
  return <ProfilePage data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
