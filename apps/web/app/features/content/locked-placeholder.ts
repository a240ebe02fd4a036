const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="150" height="150" viewBox="0 0 150 150"><rect width="150" height="150" fill="#e2e8f0"/><g fill="none" stroke="#475569" stroke-width="6" stroke-linecap="round"><rect x="50" y="60" width="50" height="40" rx="6"/><path d="M60 60V49a15 15 0 0 1 30 0v11"/></g><text x="75" y="126" text-anchor="middle" font-family="system-ui,sans-serif" font-size="12" fill="#334155">Unlocks after purchase</text></svg>`;

/** Shown instead of a real image until the content is paid for (a data: URI, which the CSP allows). */
export const LOCKED_IMAGE = `data:image/svg+xml,${encodeURIComponent(svg)}`;
