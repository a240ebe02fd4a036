import { templatesOf, translateMessage } from "@skillshelf/shared/i18n/translate-message.ts";
import type { Notifier } from "./api-client";
import { useTranslator } from "./i18n";

// Only the admin catalogue uses this (its uploads' and import's English answers); every other page gets keys.

/*
 * Server messages that reach a page as the API wrote them, in English: the admin catalogue's own
 * fetches and upload notices. Every other message reaches a page as a key with values
 * (i18n/message.ts; lib/i18n.ts useMessage).
 */

/**
 * A server message in the page's language: `message(outcome.message)`. Besides
 * the catalogued texts `t` has, the messages that carry values (a name, a
 * number, a date) are found back by their key (translate-message.ts).
 */
export function useMessageT(): (message: string) => string {
  const translator = useTranslator();
  const keys = templatesOf(translator.resources);
  return (message) => translateMessage(translator.language, translator.t, keys, message);
}

/** A toast that shows an API answer's message in the page's language (adminCall's `notify`). */
export function useMessageNotifier(notify: Notifier): Notifier {
  const message = useMessageT();
  return { success: (text) => notify.success(message(text)), error: (text) => notify.error(message(text)) };
}
