import { META_DEFAULTS, pageTitle } from "@skillshelf/shared/constants.ts";
import { readerFormatting } from "@skillshelf/shared/formatting.ts";
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_CODES,
  type LanguageCode,
  languagePath,
} from "@skillshelf/shared/i18n/languages.ts";
import type { MetaArgs, MetaDescriptor } from "react-router";
import { metaT, type TFunction } from "./i18n";

/**
 * Where a public page is: the store's origin (PUBLIC_URL, never the Host header), the page as
 * its English URL has it (/docker/images, /?letter=D) and the language it is in. Its URL in its
 * language is its canonical; its URL in each language, the hreflang alternates.
 */
export interface PageAddress {
  origin: string;
  path: string;
  language: LanguageCode;
}

/** The address of the page at `path` (an English path) in the language of the page being rendered. */
export function pageAddress(store: { publicUrl: string; i18n: { language: LanguageCode } }, path: string): PageAddress {
  return { origin: store.publicUrl, path, language: store.i18n.language };
}

/** An address's absolute URL in its own language (its canonical), or in `language`: /docker/images in Spanish is ORIGIN/es/docker/images. */
export function addressUrl({ origin, path, language }: PageAddress, other: LanguageCode = language): string {
  return pageUrl(origin, languagePath(other, path));
}

/** The absolute URL of the page at `path` (an English path) in the language of the page being rendered. */
export const languageUrl = (store: { publicUrl: string; i18n: { language: LanguageCode } }, path: string) =>
  addressUrl(pageAddress(store, path));

/** Open Graph's locale of a language: en_GB, es_ES, fr_FR (the locale its prices and dates are written in). */
const ogLocale = (language: LanguageCode) => readerFormatting(language, null).locale.replace("-", "_");

/** A picture for link previews (og:image), by its absolute URL. */
export interface PageImage {
  url: string;
  alt: string;
  width?: number;
  height?: number;
}

export interface PageMeta {
  /** The page's own title ("Cart", or the catalogue's meta_title): the store's name is added after it. */
  title: string;
  description: string;
  /** Where the page is: og:url and the canonical link, the hreflang alternates and og:locale. */
  address?: PageAddress;
  type?: "website" | "article";
  image?: PageImage;
  /** schema.org objects, each sent as a JSON-LD block. */
  structuredData?: object[];
  /** The page's translator (lib/i18n.ts metaT): the fixed texts in the page's language. */
  t?: TFunction;
}

/**
 * Everything a page puts in its head: title (its own, then "| Skillshelf": pageTitle, so that no
 * page writes the store's name itself), description, fixed keywords, Open Graph, the
 * canonical link with the page in every language (hreflang) and JSON-LD. React Router writes each JSON-LD object into a
 * `<script type="application/ld+json">` with `<`, `>` and `&` escaped as JSON `\u` escapes,
 * so catalogue text cannot end the block; a data block is never executed, so the page's
 * nonce-only script policy does not apply to it.
 */
export function buildMeta({
  title: ownTitle,
  description,
  address,
  type = "website",
  image,
  structuredData = [],
  t,
}: PageMeta): MetaDescriptor[] {
  const title = pageTitle(ownTitle);
  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { name: "keywords", content: t ? t(META_DEFAULTS.keywords) : META_DEFAULTS.keywords },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:site_name", content: META_DEFAULTS.siteName },
  ];
  if (address) {
    const url = addressUrl(address);
    meta.push(
      { property: "og:url", content: url },
      { property: "og:locale", content: ogLocale(address.language) },
      ...LANGUAGE_CODES.filter((code) => code !== address.language).map((code) => ({
        property: "og:locale:alternate",
        content: ogLocale(code),
      })),
      { tagName: "link", rel: "canonical", href: url },
    );
    // The same page at each language's URL, this one's included, and English's for any other reader
    // (x-default): every language's page lists the same four, so each points back at the others.
    for (const code of LANGUAGE_CODES) {
      meta.push({ tagName: "link", rel: "alternate", hrefLang: code, href: addressUrl(address, code) });
    }
    meta.push({
      tagName: "link",
      rel: "alternate",
      hrefLang: "x-default",
      href: addressUrl(address, DEFAULT_LANGUAGE),
    });
  }
  if (image) {
    meta.push(
      { property: "og:image", content: image.url },
      { property: "og:image:alt", content: image.alt },
      { name: "twitter:card", content: "summary_large_image" },
    );
    if (image.width && image.height) {
      meta.push(
        { property: "og:image:width", content: String(image.width) },
        { property: "og:image:height", content: String(image.height) },
      );
    }
  }
  for (const data of structuredData) meta.push({ "script:ld+json": data });
  return meta;
}

/** The absolute address of a path on the store, from PUBLIC_URL and never from the Host header. */
function pageUrl(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, "")}${path}`;
}

/** The store's preview picture, a static file of the web build (apps/web/public). */
const STORE_IMAGE = { path: "/og-image.jpg", width: 1200, height: 630 } as const;

/**
 * The preview picture of a page about `subject`: the store's picture. A category's pages
 * have their own (`categoryImage`); an article's images and PDFs never serve as previews,
 * as they are only reached through short-lived URLs signed for one viewer.
 */
export function previewImage(publicUrl: string, subject: string, t?: TFunction): PageImage {
  const { path, width, height } = STORE_IMAGE;
  return { url: pageUrl(publicUrl, path), alt: onStore(subject, t), width, height };
}

/** "Docker on Skillshelf", in the page's language. */
function onStore(subject: string, t: TFunction | undefined): string {
  return t ? t("{{subject}} on Skillshelf", { subject }) : `${subject} on ${META_DEFAULTS.siteName}`;
}

/** A category's own preview picture, drawn by the server from its name, line and price (/og/SLUG.png). */
export function categoryImage(publicUrl: string, category: { slug: string; name: string }, t?: TFunction): PageImage {
  return {
    url: pageUrl(publicUrl, `/og/${category.slug}.png`),
    alt: onStore(category.name, t),
    width: STORE_IMAGE.width,
    height: STORE_IMAGE.height,
  };
}

/**
 * The `meta` of a page of the viewer's own: its title and description (catalogue keys), never
 * indexed by search engines.
 */
export const privatePageMeta =
  (page: { title: string; description: string }) =>
  ({ matches }: Pick<MetaArgs, "matches">): MetaDescriptor[] => {
    const t = metaT(matches);
    return [
      ...buildMeta({ t, title: t(page.title), description: t(page.description) }),
      { name: "robots", content: "noindex" },
    ];
  };
