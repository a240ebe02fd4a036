import type { Page } from "playwright-core";

/** What the page's confirmation dialog asked: its question and the detail naming what it acts on. */
export interface Asked {
  question: string;
  detail: string | null;
}

/**
 * Waits for the page's confirmation dialog (features/confirm), reads what it
 * asks and answers with the button named `press` ("Cancel", or the action's
 * own label such as "Remove"); resolves once the dialog is gone.
 */
export async function answerConfirmation(page: Page, press: string): Promise<Asked> {
  const dialog = page.getByRole("alertdialog");
  await dialog.waitFor();
  const detail = dialog.locator(".confirm-dialog__detail");
  const asked = {
    question: (await dialog.locator(".confirm-dialog__question").textContent()) ?? "",
    detail: (await detail.count()) > 0 ? await detail.textContent() : null,
  };
  await dialog.getByRole("button", { name: press, exact: true }).click();
  await dialog.waitFor({ state: "detached" });
  return asked;
}
