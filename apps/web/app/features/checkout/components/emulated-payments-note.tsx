import { Trans } from "../../../components/trans";

/** Shown when PAYMENTS=emulator (CONTRACT.md section 5): every page says no money moves. */
export function EmulatedPaymentsNote() {
  return (
    <p className="emulated-note" role="note">
      <Trans
        i18nKey="<strong>Payments are emulated on this store.</strong> You will see a test payment page for the method you choose, and no real money is charged."
        components={{ strong: <strong /> }}
      />
    </p>
  );
}
