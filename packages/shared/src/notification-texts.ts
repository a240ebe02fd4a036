import type { TranslatedLanguage } from "./catalogue-translations.ts";
import { DEFAULT_LANGUAGE, type LanguageCode } from "./i18n/languages.ts";
import type { TFunction } from "./i18n/page-translator.ts";
import { formatMoney } from "./money.ts";

/** What a learner is told about: an order completed, a refund done, a new article in something they own. */
export const NOTIFICATION_KINDS = ["order_completed", "order_refunded", "new_article"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * What a notification is about, stored with it (migration 0013) so that its
 * title and text are written in the reader's language when it is read. The
 * names are catalogue content (artefacts, groups, articles): a new article's
 * title and artefact are kept in the languages the catalogue gave them then.
 */
export type NotificationParams =
  | { kind: "order_completed"; order: string; items: string[] }
  | {
      kind: "order_refunded";
      order: string;
      amount_minor: number;
      currency: string;
      method: string;
      /** Nothing was paid for the order (credit and coupon covered it): nothing goes back. */
      paid_nothing?: boolean;
      /** A team order's unclaimed seats refunded, how many: the order itself stays (its other seats are held). */
      seats?: number;
    }
  | {
      kind: "new_article";
      title: string;
      artefact: string;
      /** The article's title and the artefact's name in Spanish and French, as the catalogue had them then. */
      translations?: Partial<Record<TranslatedLanguage, { title?: string; artefact?: string }>>;
    };

export interface NotificationWords {
  title: string;
  text: string;
}

/**
 * A notification's title and text in `t`'s language, prices in `locale`'s
 * format. With the English catalogue (or none) these are the texts the store
 * has always written (SPEC.md's words).
 */
export function notificationWords(
  params: NotificationParams,
  t: TFunction,
  locale: string,
  language: LanguageCode,
): NotificationWords {
  switch (params.kind) {
    case "order_completed":
      return {
        title: t("Your order is complete"),
        text: t("Order {{order}}: {{items}} is unlocked.", {
          order: params.order,
          items: params.items.join(", "),
          count: params.items.length,
        }),
      };
    case "order_refunded":
      return {
        title: t("Your refund is done"),
        text: params.paid_nothing
          ? t("Order {{order}}: nothing was paid for it, so nothing goes back; what it unlocked is locked again.", {
              order: params.order,
            })
          : params.seats !== undefined
            ? t("Order {{order}}: {{amount}} for {{count}} unclaimed seats goes back the way you paid ({{method}}).", {
                order: params.order,
                amount: formatMoney(params.amount_minor, params.currency, locale),
                method: t(params.method),
                count: params.seats,
              })
            : t("Order {{order}}: {{amount}} goes back the way you paid ({{method}}).", {
                order: params.order,
                amount: formatMoney(params.amount_minor, params.currency, locale),
                method: t(params.method),
              }),
      };
    case "new_article": {
      const translated =
        language === DEFAULT_LANGUAGE ? undefined : params.translations?.[language as TranslatedLanguage];
      const names = { title: translated?.title ?? params.title, artefact: translated?.artefact ?? params.artefact };
      return {
        title: t("New article in {{artefact}}", names),
        text: t("{{title}} is ready to read in {{artefact}}.", names),
      };
    }
  }
}
