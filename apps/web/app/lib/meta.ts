import { META_DEFAULTS } from "@skillshelf/shared/constants.ts";
import type { MetaDescriptor } from "react-router";

/** A picture for link previews (og:image), by its absolute URL. */
export interface PageImage {
  url: string;
  alt: string;
  width?: number;
  height?: number;
}

export interface PageMeta {
  title: string;
  description: string;
  /** The page's absolute address, built from the store's public URL: og:url and the canonical link. */
  url?: string;
  type?: "website" | "article";
  image?: PageImage;
  /** schema.org objects, each sent as a JSON-LD block. */
  structuredData?: object[];
}

/**
 * Everything a page puts in its head: title, description, fixed keywords, Open Graph, the
 * canonical link and JSON-LD. React Router writes each JSON-LD object into a
 * `<script type="application/ld+json">` with `<`, `>` and `&` escaped as JSON `\u` escapes,
 * so catalogue text cannot end the block; a data block is never executed, so the page's
 * nonce-only script policy does not apply to it.
 */
export function buildMeta({
  title,
  description,
  url,
  type = "website",
  image,
  structuredData = [],
}: PageMeta): MetaDescriptor[] {
  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { name: "keywords", content: META_DEFAULTS.keywords },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:site_name", content: META_DEFAULTS.siteName },
  ];
  if (url) meta.push({ property: "og:url", content: url }, { tagName: "link", rel: "canonical", href: url });
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
export const STORE_IMAGE = { path: "/og-image.jpg", width: 1200, height: 630 } as const;

/**
 * The preview picture of a page about `subject`. The catalogue has no public picture of
 * its own: an article's images and PDFs are only served through short-lived URLs signed
 * for one viewer, and paid ones only to their owners, so previews show the store's picture.
 */
export function previewImage(publicUrl: string, subject: string): PageImage {
  const { path, width, height } = STORE_IMAGE;
  return { url: pageUrl(publicUrl, path), alt: `${subject} on ${META_DEFAULTS.siteName}`, width, height };
}
