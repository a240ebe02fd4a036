import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useRef, useState } from "react";
import { useT } from "../../lib/i18n";

/** A question before an action that cannot be taken back, in the page's language. */
export interface ConfirmRequest {
  /** SPEC.md's prompt where it has one ("Are you sure you want to logout?"), naming what it acts on otherwise. */
  question: string;
  /** What exactly the action applies to: the cart line, the order and its amount. */
  detail?: string;
  /** The confirming button's label: what it does ("Remove", "Sign out"). */
  confirmLabel: string;
}

type Confirm = (request: ConfirmRequest) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/**
 * One modal `<dialog>` for the pages' confirmations, where `window.confirm`
 * could not say what it acts on nor be styled or translated as the page is.
 * An alert dialog: the question is its name, the detail its description;
 * Cancel comes first, so Enter on the focus that opening gives it does not
 * confirm; Escape cancels; the focus goes back to the button that asked.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const [asked, setAsked] = useState<(ConfirmRequest & { answer: (ok: boolean) => void }) | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const questionId = useId();
  const detailId = useId();

  const confirm = useCallback<Confirm>(
    (request) =>
      new Promise((resolve) => {
        const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setAsked({
          ...request,
          answer: (ok) => {
            // Closed first: while the modal is open the rest of the page is inert and takes no focus.
            dialog.current?.close();
            opener?.focus();
            setAsked(null);
            resolve(ok);
          },
        });
      }),
    [],
  );
  useEffect(() => {
    if (asked && !dialog.current?.open) dialog.current?.showModal();
  }, [asked]);

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {asked && (
        <dialog
          ref={dialog}
          className="confirm-dialog"
          role="alertdialog"
          aria-labelledby={questionId}
          aria-describedby={asked.detail ? detailId : undefined}
          onCancel={(event) => {
            event.preventDefault();
            asked.answer(false);
          }}
        >
          <p id={questionId} className="confirm-dialog__question">
            {asked.question}
          </p>
          {asked.detail && (
            <p id={detailId} className="confirm-dialog__detail">
              {asked.detail}
            </p>
          )}
          <div className="button-row confirm-dialog__actions">
            <button type="button" className="button button--outline" onClick={() => asked.answer(false)}>
              {t("Cancel")}
            </button>
            <button type="button" className="button button--danger" onClick={() => asked.answer(true)}>
              {asked.confirmLabel}
            </button>
          </div>
        </dialog>
      )}
    </ConfirmContext.Provider>
  );
}

/** Asks `request` in the page's dialog: true once confirmed, false when cancelled. */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error("useConfirm outside ConfirmProvider");
  return confirm;
}
