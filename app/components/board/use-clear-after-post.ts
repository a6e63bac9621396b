import { useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * Calls `settled` once a post of `intent` from this page has landed and the page's data
 * is fresh: `failed` is true when the action answered with an error for that intent.
 * Returns whether such a post is still on its way, or has landed and not been handled yet
 * (the render before `settled` runs shows the new data beside the old state).
 */
export function useAfterPost(intent: string, error: { intent: string } | null, settled: (failed: boolean) => void) {
  const navigation = useNavigation();
  const posting = navigation.formData?.get("intent") === intent;
  const pending = useRef(false);
  const callback = useRef(settled);
  callback.current = settled;
  useEffect(() => {
    if (posting) {
      pending.current = true;
      return;
    }
    if (!pending.current || navigation.state !== "idle") return;
    pending.current = false;
    callback.current(error?.intent === intent);
  }, [posting, navigation.state, error, intent]);
  return posting || pending.current;
}

/**
 * Empties a form once its post has landed. With JavaScript the page is not reloaded, so
 * without this a comment or checklist item stays in its box and a second Enter posts it
 * again. Only a success empties it: a failed post keeps the text beside its message. Not
 * keyed on the list's length, so a teammate's live change never wipes what is being typed.
 */
export function useClearAfterPost(intent: string, error: { intent: string } | null) {
  const form = useRef<HTMLFormElement>(null);
  useAfterPost(intent, error, (failed) => {
    if (!failed) form.current?.reset();
  });
  return form;
}
