import { META_DEFAULTS } from "@skillshelf/shared/constants.ts";
import type { MetaDescriptor } from "react-router";

export interface PageMeta {
  title: string;
  description: string;
  /** The page's absolute address, built from the store's public URL. */
  url?: string;
  type?: "website" | "article";
}

/** Everything a page puts in its head: title, description, fixed keywords and Open Graph. */
export function buildMeta({ title, description, url, type = "website" }: PageMeta): MetaDescriptor[] {
  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { name: "keywords", content: META_DEFAULTS.keywords },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:site_name", content: META_DEFAULTS.siteName },
  ];
  if (url) meta.push({ property: "og:url", content: url });
  return meta;
}

/** The absolute address of a path on the store, from PUBLIC_URL and never from the Host header. */
export function pageUrl(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, "")}${path}`;
}
