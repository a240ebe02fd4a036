import { GENERIC_ERROR } from "@skillshelf/shared/constants.ts";
import { inLanguage, MESSAGE_HEADER, type Message, messageOfHeader, plain } from "@skillshelf/shared/i18n/message.ts";
import { useTranslator } from "../../../lib/i18n";
import { useToast } from "../../toast/toast-context";

/** What an upload or the import answered: whether it worked, its message in the page's language, and its body. */
interface Sent<T> {
  ok: boolean;
  message: string;
  body: (T & { status: boolean; message: string }) | null;
}

/**
 * Streams files to an upload or the import of /api/admin (multipart: they may
 * be far larger than a page's form post) and shows the answer as a toast. The
 * message comes as a key with values (MESSAGE_HEADER) and is written in the
 * page's language; the body's is the API's English. A refusal before the route
 * (signed out, too many requests) has no header: its message is a plain key.
 * `inlineRefusal`: the caller shows a refusal's message itself, by its form, so no toast repeats it.
 */
export function useSendFiles({ inlineRefusal = false }: { inlineRefusal?: boolean } = {}) {
  const { language, t } = useTranslator();
  const toast = useToast();
  return async <T>(path: string, form: FormData): Promise<Sent<T>> => {
    let response: Response;
    try {
      response = await fetch(path, {
        method: "POST",
        credentials: "same-origin",
        headers: { accept: "application/json", device_type: "web" },
        body: form,
      });
    } catch {
      if (!inlineRefusal) toast.error(GENERIC_ERROR);
      return { ok: false, message: t(GENERIC_ERROR), body: null };
    }
    const body = (await response.json().catch(() => null)) as Sent<T>["body"];
    const ok = response.ok && body?.status === true;
    const text: Message =
      messageOfHeader(response.headers.get(MESSAGE_HEADER)) ?? plain(body?.message || GENERIC_ERROR);
    const message = inLanguage(language, t, text);
    if (ok) toast.success(message);
    else if (!inlineRefusal) toast.error(message);
    return { ok, message, body: response.status === 401 ? null : body };
  };
}
