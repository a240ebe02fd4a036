import { asMessage, english, type Message } from "@skillshelf/shared/i18n/message.ts";

/** Domain errors, each code mapped to one HTTP status in one table. */
export const ERROR_STATUS = {
  invalid: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  /** A payment provider did not answer or failed: nothing was charged or written. */
  provider_unavailable: 502,
} as const;

export type AppErrorCode = keyof typeof ERROR_STATUS;

/**
 * A refusal the caller can act on: a typed code (its HTTP status in
 * ERROR_STATUS) and the message as a catalogue key with values (`text`);
 * `message` is its English, as the JSON API answers it.
 */
export class AppError extends Error {
  /** The message as its key and values: a page shows it in its own language from these. */
  readonly text: Message;

  constructor(
    readonly code: AppErrorCode,
    message: string | Message,
    readonly errors?: Record<string, string>,
  ) {
    const text = asMessage(message);
    super(english(text));
    this.text = text;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}
