import { Form } from "@remix-run/react";
import { ShellIcon } from "./icons";

/** POST /logout (the auth routes end the session and send the browser to /). */
export function SignOutForm({ className, labelClassName }: { className: string; labelClassName?: string }) {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={className}>
        <ShellIcon name="logout" className="size-5 text-slate-400" />
        <span className={labelClassName}>Sign out</span>
      </button>
    </Form>
  );
}
