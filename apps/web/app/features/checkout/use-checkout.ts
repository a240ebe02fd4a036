import type { CartResponse, PaymentMethod } from "@skillshelf/shared/api.ts";
import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useToast } from "../toast/toast-context";
import { paymentRequest } from "./payment-request";
import { startPayment } from "./start-payment";

/** SPEC.md section 9: the processing flag clears after 5 seconds, or at once on an error. */
export const CHECKOUT_PROCESSING_MS = 5000;

export function useCheckout(cart: CartResponse["data"]) {
  const [processing, setProcessing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const toast = useToast();
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
    async (method: PaymentMethod) => {
      if (processing) return;
      setProcessing(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setProcessing(false), CHECKOUT_PROCESSING_MS);
      const outcome = await startPayment[method](paymentRequest(cart, window.location.origin));
      if (outcome.kind === "redirected") return;
      stop();
      toast.error(outcome.message);
      if (outcome.reload) await revalidator.revalidate();
    },
    [cart, processing, stop, toast, revalidator],
  );

  return { pay, processing };
}
