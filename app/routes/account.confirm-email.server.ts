import { type ActionFunctionArgs, type LoaderFunctionArgs, data } from "@remix-run/node";
import { checkEmailChange, confirmEmailChange } from "~/.server/account/profile";
import { getSession, getUser } from "~/.server/auth/session";
import { readForm } from "~/.server/http/body";
import { redirectWithToast } from "~/.server/http/flash";

/** /account/confirm-email?token=…: opening the link shows a confirm button (the token is not spent); the POST spends it. */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const change = await checkEmailChange(token, await getSession(request));
  if (!change) return data({ valid: false as const, token: "", newEmail: "" }, { status: 400 });
  return { valid: true as const, token: token!, newEmail: change.newEmail };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const result = await confirmEmailChange(String(form.get("token") ?? ""));
  if (!result.ok) return data({ message: result.message }, { status: 400 });
  const signedIn = await getUser(request);
  return redirectWithToast(
    signedIn ? "/profile" : "/auth",
    {
      variant: "success",
      title: "E-mail address changed",
      description: `Sign in with ${result.email} from now on.`,
    },
    { status: 303 },
  );
}
