import { describe, expect, it } from "vitest";
import { CATALOGUES } from "./catalogues.ts";
import { LANGUAGE_CODES } from "./languages.ts";
import { english, inLanguage } from "./message.ts";
import { browserResources, createPageTranslator } from "./page-translator.ts";
import { VALUED_MESSAGES, valuedMessage } from "./valued-messages.ts";

type Code = (typeof LANGUAGE_CODES)[number];
/** A page's catalogue in `code`, as the server sends it (every namespace): its t. */
const pageT = (code: Code) => createPageTranslator(code, browserResources(CATALOGUES[code])).t;

describe("messages that carry values", () => {
  it("are each a key of every language's catalogue", () => {
    for (const code of LANGUAGE_CODES) {
      const keys = new Set(Object.values(CATALOGUES[code]).flatMap((strings) => Object.keys(strings)));
      for (const key of Object.values(VALUED_MESSAGES)) expect(keys.has(key), `${code}: ${key}`).toBe(true);
    }
  });

  it("are shown in the page's language from their key, values kept", () => {
    const message = valuedMessage("inCart", { name: "Docker: the “whole” set" });
    expect(english(message)).toBe("Docker: the “whole” set is already in your cart.");
    expect(inLanguage("es", pageT("es"), message)).toBe("Docker: the “whole” set ya está en tu carrito.");
    expect(inLanguage("fr", pageT("fr"), message)).toBe("Docker: the “whole” set est déjà dans votre panier.");
    expect(inLanguage("en", pageT("en"), message)).toBe(english(message));
    expect(inLanguage("es", pageT("es"), valuedMessage("ownedWhole", { artefact: "Docker", name: "Basics" }))).toBe(
      "Ya tienes Docker, que incluye Basics.",
    );
  });

  it("translate a message inside another (an import's reason), and leave an uncatalogued reason as it came", () => {
    const message = valuedMessage("importRefused", { reason: valuedMessage("importSold", { name: "Git" }) });
    expect(inLanguage("es", pageT("es"), message)).toBe(
      'Se ha rechazado el archivo de catálogo y no se ha cambiado nada: «Git» ya se ha vendido, así que no se puede quitar; déjalo en el archivo con "hidden": true',
    );
    expect(
      inLanguage("fr", pageT("fr"), valuedMessage("importLine", { line: 3, reason: "Something nobody catalogued" })),
    ).toBe("ligne 3 : Something nobody catalogued");
  });

  it("translate a refused catalogue file's line and field path around its reason, the path as written", () => {
    const reason = valuedMessage("importLine", {
      line: 17,
      reason: valuedMessage("importAt", {
        path: "categories[0].artefacts[0].price",
        reason: valuedMessage("propertyMustBeNumber", { property: "price" }),
      }),
    });
    const message = valuedMessage("importRefused", { reason });
    expect(english(message)).toBe(
      "The catalogue file was refused, nothing was changed: line 17: categories[0].artefacts[0].price: price must be a number",
    );
    expect(inLanguage("es", pageT("es"), message)).toBe(
      "Se ha rechazado el archivo de catálogo y no se ha cambiado nada: línea 17: categories[0].artefacts[0].price: price debe ser un número",
    );
    expect(inLanguage("fr", pageT("fr"), reason)).toBe(
      "ligne 17 : categories[0].artefacts[0].price : price doit être un nombre",
    );
  });

  it("write a moment in the page's language", () => {
    const at = new Date(Date.UTC(2026, 10, 30, 9, 5));
    const message = valuedMessage("refundEnded", { days: 6, moment: at });
    const es = inLanguage("es", pageT("es"), message);
    expect(es).toContain("de 6 días");
    expect(es).toContain("30 de noviembre de 2026");
    expect(es).not.toContain("November");
    expect(inLanguage("fr", pageT("fr"), message)).toContain("30 novembre 2026");
  });
});
