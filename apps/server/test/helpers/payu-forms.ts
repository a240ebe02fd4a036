const decodeEntities = (s: string) =>
  s.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[e] ?? "",
  );

/** The forms of an emulator page, as a browser would submit them: action and hidden fields. */
export function formsOf(html: string): { action: string; fields: Record<string, string> }[] {
  return [...html.matchAll(/<form method="post" action="([^"]*)">(.*?)<\/form>/gs)].map(([, action, inner]) => ({
    action: decodeEntities(action ?? ""),
    fields: Object.fromEntries(
      [...(inner ?? "").matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map(([, n, v]) => [
        decodeEntities(n ?? ""),
        decodeEntities(v ?? ""),
      ]),
    ),
  }));
}

export const formPost = (url: string, fields: Record<string, string>) => ({
  method: "POST" as const,
  url,
  headers: { "content-type": "application/x-www-form-urlencoded" },
  payload: new URLSearchParams(fields).toString(),
});
