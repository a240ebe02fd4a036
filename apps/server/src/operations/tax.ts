import { plain } from "@skillshelf/shared/i18n/message.ts";
import { rowId } from "@skillshelf/shared/ids.ts";
import { VAT_RATE_MESSAGES, vatRateChangeSchema } from "@skillshelf/shared/tax.ts";
import { z } from "zod";
import { changeRow, removeVatRate, setVatRate } from "../tax/rate-table.ts";
import { defineOperation } from "./operation.ts";

/** An operator's change of a VAT rate from a day on: answers the change as the admin area lists it. */
export const setVatRateOperation = defineOperation({
  name: "tax.rates.set",
  who: "operator",
  audit: { action: "tax.vat_rate_set", object: (change) => ({ type: "vat_rate", id: change.country }) },
  input: vatRateChangeSchema,
  run: async ({ app, actor }, change) => ({
    message: plain(VAT_RATE_MESSAGES.saved),
    data: changeRow(
      await setVatRate(app.database, app.vatRates, { change, operatorId: actor.userId, now: app.clock() }),
    ),
  }),
});

export const removeVatRateOperation = defineOperation({
  name: "tax.rates.remove",
  who: "operator",
  audit: { action: "tax.vat_rate_removed", object: ({ id }) => ({ type: "vat_rate", id }) },
  input: z.object({ id: rowId() }),
  run: async ({ app }, { id }) => {
    await removeVatRate(app.database, app.vatRates, id);
    return { message: plain(VAT_RATE_MESSAGES.removed), data: null };
  },
});
