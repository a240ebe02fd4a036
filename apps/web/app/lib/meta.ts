import { META_DEFAULTS, pageTitle } from "@skillshelf/shared/constants.ts";
import { LANGUAGE_CODES, LANGUAGE_PARAM } from "@skillshelf/shared/i18n/languages.ts";
import type { MetaDescriptor } from "react-router";
import type { TFunction } from "./i18n";

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
  /** The page's absolute address, built from the store's public URL: og:url and the canonical link. */
  url?: string;
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
 * canonical link and JSON-LD. React Router writes each JSON-LD object into a
 * `<script type="application/ld+json">` with `<`, `>` and `&` escaped as JSON `\u` escapes,
 * so catalogue text cannot end the block; a data block is never executed, so the page's
 * nonce-only script policy does not apply to it.
 */
export function buildMeta({
  title: ownTitle,
  description,
  url,
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
  if (url) {
    meta.push({ property: "og:url", content: url }, { tagName: "link", rel: "canonical", href: url });
    // The same page in each language: ?lang= picks it (and a guest's browser remembers it);
    // without it, the reader's own language (x-default).
    for (const code of LANGUAGE_CODES) {
      const alternate = new URL(url);
      alternate.searchParams.set(LANGUAGE_PARAM, code);
      meta.push({ tagName: "link", rel: "alternate", hrefLang: code, href: alternate.href });
    }
    meta.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: url });
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
export function pageUrl(publicUrl: string, path: string): string {
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
