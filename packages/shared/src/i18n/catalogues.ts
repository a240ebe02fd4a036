import enAccount from "./en/account.json" with { type: "json" };
import enAdmin from "./en/admin.json" with { type: "json" };
import enAuth from "./en/auth.json" with { type: "json" };
import enCatalogue from "./en/catalogue.json" with { type: "json" };
import enCheckout from "./en/checkout.json" with { type: "json" };
import enCommerce from "./en/commerce.json" with { type: "json" };
import enCommon from "./en/common.json" with { type: "json" };
import enEmulator from "./en/emulator.json" with { type: "json" };
import enHome from "./en/home.json" with { type: "json" };
import enMail from "./en/mail.json" with { type: "json" };
import enValidation from "./en/validation.json" with { type: "json" };
import esAccount from "./es/account.json" with { type: "json" };
import esAdmin from "./es/admin.json" with { type: "json" };
import esAuth from "./es/auth.json" with { type: "json" };
import esCatalogue from "./es/catalogue.json" with { type: "json" };
import esCheckout from "./es/checkout.json" with { type: "json" };
import esCommerce from "./es/commerce.json" with { type: "json" };
import esCommon from "./es/common.json" with { type: "json" };
import esEmulator from "./es/emulator.json" with { type: "json" };
import esHome from "./es/home.json" with { type: "json" };
import esMail from "./es/mail.json" with { type: "json" };
import esValidation from "./es/validation.json" with { type: "json" };
import frAccount from "./fr/account.json" with { type: "json" };
import frAdmin from "./fr/admin.json" with { type: "json" };
import frAuth from "./fr/auth.json" with { type: "json" };
import frCatalogue from "./fr/catalogue.json" with { type: "json" };
import frCheckout from "./fr/checkout.json" with { type: "json" };
import frCommerce from "./fr/commerce.json" with { type: "json" };
import frCommon from "./fr/common.json" with { type: "json" };
import frEmulator from "./fr/emulator.json" with { type: "json" };
import frHome from "./fr/home.json" with { type: "json" };
import frMail from "./fr/mail.json" with { type: "json" };
import frValidation from "./fr/validation.json" with { type: "json" };
import type { LanguageCode } from "./languages.ts";
import type { Resources } from "./page-translator.ts";

/**
 * Every language's catalogue, by namespace (one JSON file each). Server-side only:
 * a page gets its own language's, as data (apps/server/src/routes/pages.ts).
 */
export const CATALOGUES: Record<LanguageCode, Resources> = {
  en: {
    common: enCommon,
    home: enHome,
    catalogue: enCatalogue,
    auth: enAuth,
    validation: enValidation,
    commerce: enCommerce,
    account: enAccount,
    checkout: enCheckout,
    mail: enMail,
    emulator: enEmulator,
    admin: enAdmin,
  },
  es: {
    common: esCommon,
    home: esHome,
    catalogue: esCatalogue,
    auth: esAuth,
    validation: esValidation,
    commerce: esCommerce,
    account: esAccount,
    checkout: esCheckout,
    mail: esMail,
    emulator: esEmulator,
    admin: esAdmin,
  },
  fr: {
    common: frCommon,
    home: frHome,
    catalogue: frCatalogue,
    auth: frAuth,
    validation: frValidation,
    commerce: frCommerce,
    account: frAccount,
    checkout: frCheckout,
    mail: frMail,
    emulator: frEmulator,
    admin: frAdmin,
  },
};
