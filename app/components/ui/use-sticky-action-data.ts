import { useActionData, useLocation } from "@remix-run/react";
import { useRef } from "react";

/**
 * `useActionData`, kept across revalidations. Remix clears action data whenever the
 * page revalidates, and a live board revalidates each time a teammate changes it:
 * without this, an error message and the values the user typed (kept in the action
 * data) would vanish a moment after they appeared. The data is kept until the user
 * navigates (a new location) or a new submission answers.
 */
export function useStickyActionData<T>(): T | undefined {
  const current = useActionData<T>() as T | undefined;
  const { key } = useLocation();
  const kept = useRef<{ key: string; data: T | undefined }>({ key, data: current });
  if (current !== undefined) kept.current = { key, data: current };
  else if (kept.current.key !== key) kept.current = { key, data: undefined };
  return kept.current.data;
}
