import { templatesOf, translateMessage } from "@skillshelf/shared/i18n/translate-message.ts";
import { useTranslator } from "./i18n";

/*
 * Server messages that reach a page as the API wrote them, in English: the admin area's and the
 * account's own fetches, and loader errors. A form action's outcome comes already in the page's
 * language (form-action.ts inPageLanguage), so the public pages, whose forms are actions, do not
 * carry this: no page's initial JavaScript matches messages against the catalogue.
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
