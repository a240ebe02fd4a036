import { useSyncExternalStore } from "react";

/** The four share targets of SPEC.md section 2, all sharing the page's public address. */

export interface ShareLink {
  id: "facebook" | "x" | "whatsapp" | "email";
  label: string;
  href: string;
  /** The address for a mobile browser, where it differs (the messaging app's). */
  mobileHref?: string;
  /** Opens in a 550x400 pop-up window (SPEC.md section 9) instead of a new tab. */
  popup: boolean;
}

const HASHTAG = "#Skillshelf";
/** SPEC.md section 9: the messaging app's mobile endpoint for these user agents, else the web one. */
const MOBILE_AGENT = /android|iphone|ipad|mobile/i;

const isMobileAgent = (userAgent: string) => MOBILE_AGENT.test(userAgent);

const subscribe = () => () => {};

/**
 * Whether this browser is a mobile one; false in the server's HTML, which is the
 * same for every visitor. The panel of links opens only once the page's script runs.
 */
export function useMobileAgent(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isMobileAgent(navigator.userAgent),
    () => false,
  );
}

/**
 * Built by the page's loader, on the server: the links are data, and the browser only
 * picks the mobile address where there is one.
 */
export function shareLinks({ url, title }: { url: string; title: string }): ShareLink[] {
  const e = encodeURIComponent;
  const message = e(`${title} ${url}`);
  return [
    {
      id: "facebook",
      label: "Facebook",
      href: `https://www.facebook.com/sharer/sharer.php?u=${e(url)}&hashtag=${e(HASHTAG)}`,
      popup: false,
    },
    {
      id: "x",
      label: "X (Twitter)",
      href: `https://twitter.com/intent/tweet?url=${e(url)}&text=${e(title)}`,
      popup: true,
    },
    {
      id: "whatsapp",
      label: "WhatsApp",
      href: `https://web.whatsapp.com/send?text=${message}`,
      mobileHref: `https://api.whatsapp.com/send?text=${message}`,
      popup: true,
    },
    { id: "email", label: "Email", href: `mailto:?subject=${e(title)}&body=${e(url)}`, popup: false },
  ];
}

/** A centred 550x400 window, as the share buttons of the original product open. */
export function openSharePopup(href: string): void {
  const width = 550;
  const height = 400;
  const left = Math.round(window.screenX + (window.outerWidth - width) / 2);
  const top = Math.round(window.screenY + (window.outerHeight - height) / 2);
  window.open(href, "share", `width=${width},height=${height},left=${left},top=${top},noopener,noreferrer`);
}
