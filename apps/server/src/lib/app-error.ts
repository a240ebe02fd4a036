import { asMessage, english, type Message } from "@skillshelf/shared/i18n/message.ts";

/** Domain errors, each code mapped to one HTTP status in one table. */
const ERROR_STATUS = {
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
 * ERROR_STATUS) and the message as a catalogue key with values (`text`, and
 * each field's in `fields`); `message` and `errors` are their English, as the
 * JSON API answers them.
 */
export class AppError extends Error {
  /** The message as its key and values: a page shows it in its own language from these. */
  readonly text: Message;
  /** Each field's message as its key and values. */
  readonly fields?: Readonly<Record<string, Message>>;
  /** Each field's message in English. */
  readonly errors?: Record<string, string>;

  constructor(
    readonly code: AppErrorCode,
    message: string | Message,
    errors?: Record<string, string | Message>,
  ) {
    const text = asMessage(message);
    super(english(text));
    this.text = text;
    if (errors) {
      const fields = Object.fromEntries(Object.entries(errors).map(([field, value]) => [field, asMessage(value)]));
      this.fields = fields;
      this.errors = Object.fromEntries(Object.entries(fields).map(([field, value]) => [field, english(value)]));
    }
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}
