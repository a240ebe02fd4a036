import { describe, expect, it } from "vitest";
import { CATALOGUES } from "./catalogues.ts";
import { LANGUAGE_CODES } from "./languages.ts";
import { browserResources, createPageTranslator } from "./page-translator.ts";
import { statedMoment } from "./stated-moment.ts";
import { readStatedMoment, templatesOf, translateMessage } from "./translate-message.ts";
import { VALUED_MESSAGES, valued } from "./valued-messages.ts";

type Code = (typeof LANGUAGE_CODES)[number];
/** A page's catalogue in `code`, as the server sends it (every namespace): its t, and the keys messages are matched against. */
const pageResources = (code: Code) => browserResources(CATALOGUES[code], { templates: code !== "en" });
const pageT = (code: Code) => createPageTranslator(code, pageResources(code)).t;
const keysOf = (code: Code) => templatesOf(pageResources(code));

describe("messages that carry values", () => {
  it("are each a key of every language's catalogue", () => {
    for (const code of LANGUAGE_CODES) {
      const keys = new Set(Object.values(CATALOGUES[code]).flatMap((strings) => Object.keys(strings)));
      for (const key of Object.values(VALUED_MESSAGES)) expect(keys.has(key), `${code}: ${key}`).toBe(true);
    }
  });

  it("are each among the keys a Spanish or French page matches a message against", () => {
    for (const code of LANGUAGE_CODES.filter((c) => c !== "en")) {
      const keys = new Set(keysOf(code));
      for (const key of Object.values(VALUED_MESSAGES)) expect(keys.has(key), `${code}: ${key}`).toBe(true);
    }
  });

  it("are found back in their English text and shown in the page's language, values kept", () => {
    const message = valued("inCart", { name: "Docker: the “whole” set" });
    expect(message).toBe("Docker: the “whole” set is already in your cart.");
    expect(translateMessage("es", pageT("es"), keysOf("es"), message)).toBe(
      "Docker: the “whole” set ya está en tu carrito.",
    );
    expect(translateMessage("fr", pageT("fr"), keysOf("fr"), message)).toBe(
      "Docker: the “whole” set est déjà dans votre panier.",
    );
    expect(translateMessage("en", pageT("en"), keysOf("en"), message)).toBe(message);
    // The most specific pattern wins over one whose value could swallow the rest.
    expect(
      translateMessage("es", pageT("es"), keysOf("es"), valued("ownedWhole", { artefact: "Docker", name: "Basics" })),
    ).toBe("Ya tienes Docker, que incluye Basics.");
  });

  it("translate a message inside another (an import's reason) and leave an unknown one as it came", () => {
    const reason = valued("importSold", { name: "Git" });
    const message = valued("importRefused", { reason });
    expect(translateMessage("es", pageT("es"), keysOf("es"), message)).toBe(
      'Se ha rechazado el archivo de catálogo y no se ha cambiado nada: «Git» ya se ha vendido, así que no se puede quitar; déjalo en el archivo con "hidden": true',
    );
    expect(translateMessage("fr", pageT("fr"), keysOf("fr"), "Something nobody catalogued")).toBe(
      "Something nobody catalogued",
    );
    // A catalogued text without values is t's.
    expect(translateMessage("es", pageT("es"), keysOf("es"), "The file is uploaded.")).toBe("El archivo se ha subido.");
  });

  it("translate a refused catalogue file's line and field path around its reason, the path as written", () => {
    const reason = valued("importLine", {
      line: 17,
      reason: valued("importAt", {
        path: "categories[0].artefacts[0].price",
        reason: valued("propertyMustBeNumber", { property: "price" }),
      }),
    });
    const message = valued("importRefused", { reason });
    expect(message).toBe(
      "The catalogue file was refused, nothing was changed: line 17: categories[0].artefacts[0].price: price must be a number",
    );
    expect(translateMessage("es", pageT("es"), keysOf("es"), message)).toBe(
      "Se ha rechazado el archivo de catálogo y no se ha cambiado nada: línea 17: categories[0].artefacts[0].price: price debe ser un número",
    );
    expect(translateMessage("fr", pageT("fr"), keysOf("fr"), reason)).toBe(
      "ligne 17 : categories[0].artefacts[0].price : price doit être un nombre",
    );
  });

  it("cover the messages other modules write in the same words (unsafe text)", () => {
    expect(translateMessage("es", pageT("es"), keysOf("es"), valued("unsafeText", { field: "The file name" }))).toBe(
      "El nombre del archivo contiene caracteres no permitidos.",
    );
  });

  it("write a stated moment again in the page's language", () => {
    const at = new Date(Date.UTC(2026, 10, 30, 9, 5));
    expect(readStatedMoment(statedMoment(at))?.toISOString()).toBe(at.toISOString());
    const message = valued("refundEnded", { days: 6, moment: statedMoment(at) });
    const es = translateMessage("es", pageT("es"), keysOf("es"), message);
    expect(es).toContain("de 6 días");
    expect(es).toContain("30 de noviembre de 2026");
    expect(es).not.toContain("November");
    expect(translateMessage("fr", pageT("fr"), keysOf("fr"), message)).toContain("30 novembre 2026");
  });
});
