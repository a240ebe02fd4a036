import { useCallback, useEffect, useRef } from "react";
import { CloseIcon } from "../../../components/icons/close-icon";
import { useT } from "../../../lib/i18n";

interface ImageViewerProps {
  src: string;
  name: string;
  /** Unmounts the viewer; called at once on Escape, the close button or a backdrop click. */
  onClose: () => void;
}

/** Full view of one image in a modal dialog (focus is trapped by showModal). */
export function ImageViewer({ src, name, onClose }: ImageViewerProps) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  // Leaving the modal state first makes the page focusable again, so onClose can restore focus.
  const dismiss = useCallback(() => {
    dialog.current?.close();
    onClose();
  }, [onClose]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    closeButton.current?.focus();
    const onBackdrop = (event: MouseEvent) => {
      if (event.target === element) dismiss();
    };
    // Escape: close at once rather than waiting for the dialog's asynchronous close event.
    const onCancel = (event: Event) => {
      event.preventDefault();
      dismiss();
    };
    element.addEventListener("click", onBackdrop);
    element.addEventListener("cancel", onCancel);
    return () => {
      element.removeEventListener("click", onBackdrop);
      element.removeEventListener("cancel", onCancel);
    };
  }, [dismiss]);

  return (
    <dialog ref={dialog} className="image-viewer" aria-label={t("Image preview")} aria-modal="true">
      <button ref={closeButton} type="button" className="icon-button image-viewer__close" onClick={dismiss}>
        <CloseIcon />
        <span className="sr-only">{t("Close image preview")}</span>
      </button>
      <img src={src} alt={name} className="image-viewer__image" />
      <p className="image-viewer__caption">{name}</p>
    </dialog>
  );
}
