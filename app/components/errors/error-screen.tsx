import { Link } from "@remix-run/react";
import { createContext, useContext } from "react";
import { buttonClass } from "~/components/ui/button-styles";
import { Logo } from "~/components/ui/logo";

/** The signed-in shell provides "inline": an error there fills the content area, beside the navigation. */
export const ErrorFrameContext = createContext<"page" | "inline">("page");

/** The branded frame of every error screen: a whole page, or the content area of the shell. */
export function ErrorScreen({
  status,
  title,
  message,
  fullPage,
  children,
}: {
  status?: number | null;
  title: string;
  message: string;
  fullPage?: boolean;
  children?: React.ReactNode;
}) {
  const frame = useContext(ErrorFrameContext);
  const page = fullPage ?? frame === "page";
  // Inside the shell its <main> is already the landmark.
  const Frame = page ? "main" : "div";
  return (
    <Frame
      id={page ? "main" : undefined}
      className={`flex flex-col items-center justify-center px-6 py-16 text-center ${page ? "min-h-screen bg-slate-50" : "min-h-[60vh]"}`}
    >
      {page ? (
        <Link to="/" className="mb-10 rounded-lg" aria-label="Atelier home">
          <Logo />
        </Link>
      ) : null}
      {status ? <p className="text-sm font-semibold tracking-widest text-brand-600 uppercase">Error {status}</p> : null}
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-4 max-w-md text-base text-slate-600">{message}</p>
      {children ? <div className="mt-8 flex flex-wrap items-center justify-center gap-3">{children}</div> : null}
    </Frame>
  );
}

export function GoHomeLink() {
  return (
    <Link to="/" className={buttonClass("secondary")}>
      Go Home
    </Link>
  );
}
