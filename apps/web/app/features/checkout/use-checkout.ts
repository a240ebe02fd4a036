import type { PaymentHandoff, PaymentMethod } from "@skillshelf/shared/api.ts";
import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useActionSubmit } from "../../hooks/use-action-submit";
import type { Notifier } from "../../lib/api-client";
import { useT } from "../../lib/i18n";
import { useToast } from "../toast/toast-context";
import { leaveForProvider, paymentStep, unexpectedPaymentError } from "./payment-step";

/** SPEC.md section 9: the processing flag clears after 5 seconds, or at once on an error. */
const CHECKOUT_PROCESSING_MS = 5000;

/** The checkout words its own toasts per provider (payment-step.ts), so the action's message is not shown as it is. */
const QUIET: Notifier = { success() {}, error() {} };

/**
 * Complete Purchase with JavaScript: the checkout's form goes to its route
 * action through a fetcher (the same action a plain form post reaches), which
 * answers with the provider's page, or PayU's form, for this page to leave for.
 */
export function useCheckout() {
  const [processing, setProcessing] = useState(false);
  /** The billing fields' errors of the last start the store refused, to show beside them. */
  const [errors, setErrors] = useState<Record<string, string> | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const toast = useToast();
  const t = useT();
  const send = useActionSubmit<PaymentHandoff>(QUIET, "/checkout");
  const revalidator = useRevalidator();

  const stop = useCallback(() => {
    clearTimeout(timer.current);
    setProcessing(false);
  }, []);

  useEffect(() => {
    // Back from the provider's page, restored from the back/forward cache: ready to pay again.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) stop();
    };
    window.addEventListener("pageshow", onPageShow);
    return () => {
      window.removeEventListener("pageshow", onPageShow);
      clearTimeout(timer.current);
    };
  }, [stop]);

  const pay = useCallback(
    async (form: HTMLFormElement, method: PaymentMethod) => {
      if (processing) return;
      // Read before the flag disables the method's fieldset: disabled fields are not sent.
      const fields = new FormData(form);
      fields.set("method", method);
      setProcessing(true);
      setErrors(undefined);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setProcessing(false), CHECKOUT_PROCESSING_MS);
      let failure: { message: string; reload: boolean; errors?: Record<string, string> };
      try {
        const step = paymentStep(method, await send(fields), t);
        if (step.kind === "handoff") {
          leaveForProvider(step.handoff);
          return;
        }
        failure = step;
      } catch (error) {
        failure = { message: unexpectedPaymentError(method, error, t), reload: false };
      }
      stop();
      setErrors(failure.errors);
      toast.error(failure.message);
      // After a 401 the router keeps the page's data: the sign-in page is asked for here.
      if (failure.reload) await revalidator.revalidate();
    },
    [processing, send, stop, toast, revalidator, t],
  );

  return { pay, processing, errors };
}
