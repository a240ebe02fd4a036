import { okEnvelope } from "@skillshelf/shared/api.ts";
import { rowId } from "@skillshelf/shared/ids.ts";
import { vatRateChangeRowSchema, vatRatesSchema } from "@skillshelf/shared/tax.ts";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiRoute } from "../../operations/api-route.ts";
import { removeVatRateOperation, setVatRateOperation } from "../../operations/tax.ts";
import { vatRatesOverview } from "../../tax/rate-table.ts";
import {
  assertRegisteredFor,
  eurRateOf,
  ossReturnCsv,
  QUARTER_MESSAGE,
  QUARTER_PATTERN,
  quarterOf,
  ukReturnCsv,
} from "../../tax/returns.ts";
import { answers, bytes, DONE, SIGNED_IN } from "./openapi.ts";

/**
 * The figures of the seller's tax returns as CSV downloads (CONTRACT.md s.7; tax/returns.ts):
 * the non-Union OSS return and the UK VAT return of a calendar quarter; and the VAT rates
 * prices are worked out with, which the operator can change from a day on (tax/rate-table.ts). Operators only, as
 * every /api/admin route (app.ts). 422 for a bad quarter or EUR rate; 409 when the store is
 * not registered for the return asked for.
 */
export const adminTaxRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["admin"];
  const quarter = z
    .string({ error: QUARTER_MESSAGE })
    .regex(QUARTER_PATTERN, QUARTER_MESSAGE)
    .describe("a calendar quarter, UTC: 2026-Q4 is October to December 2026");

  const send = (reply: FastifyReply, file: string, csv: string) =>
    reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${file}"`)
      .header("cache-control", "private, no-store")
      .send(csv);

  app.get(
    "/tax/oss.csv",
    {
      schema: {
        summary: "The OSS return of a quarter: per Member State of consumption and rate, the taxable amount and VAT",
        description:
          "text/csv: section (supplies, correction, total), period, country, rate, currency, taxable_amount, vat. Supplies are the OSS sales placed in the quarter less their refunds made in it; corrections are refunds made in the quarter of sales of an earlier quarter (negative, under that quarter); total sums both. With eur_rate (the ECB rate of the quarter's last day: 1 unit of the store's currency in euros) the columns eur_rate, taxable_amount_eur and vat_eur are added. 409 when the store is not registered for the OSS (VAT_OSS off); 422 for a bad quarter or eur_rate.",
        tags,
        querystring: z.object({
          quarter,
          eur_rate: z
            .string()
            .max(20)
            .optional()
            .describe(
              "1 unit of the store's currency in euros (ECB, the quarter's last day), e.g. 1.1574; blank: none",
            ),
        }),
        ...SIGNED_IN,
        response: bytes("The OSS return's figures, as a download", "text/csv"),
      },
    },
    async (request, reply) => {
      const asked = quarterOf(request.query.quarter);
      const eurRate = eurRateOf(request.query.eur_rate);
      assertRegisteredFor("oss", app.config.tax);
      const csv = await ossReturnCsv(app.database.db, {
        quarter: asked,
        storeCurrency: app.config.storeCurrency,
        eurRate,
      });
      return send(reply, `oss-${asked.label}.csv`, csv);
    },
  );

  app.get(
    "/tax/uk.csv",
    {
      schema: {
        summary: "The UK VAT return of a quarter: boxes 1 to 9, and the sales by scheme and rate",
        description:
          "text/csv: section (box, breakdown), item (the box's number, or the scheme), description, rate, currency, amount (a box's), net, vat (a breakdown's), note. Box 1 is the VAT of UK sales; box 6 the net of UK, reverse-charge and outside-the-scope sales (OSS sales are in the OSS return); refunds made in the quarter reduce both. Boxes 4, 5 and 7 (purchases) are left blank. 409 when the store is not established in GB (STORE_COUNTRY) or not VAT registered; 422 for a bad quarter.",
        tags,
        querystring: z.object({ quarter }),
        ...SIGNED_IN,
        response: bytes("The UK VAT return's figures, as a download", "text/csv"),
      },
    },
    async (request, reply) => {
      const asked = quarterOf(request.query.quarter);
      assertRegisteredFor("uk", app.config.tax);
      const csv = await ukReturnCsv(app.database.db, { quarter: asked, storeCurrency: app.config.storeCurrency });
      return send(reply, `uk-vat-${asked.label}.csv`, csv);
    },
  );

  app.get(
    "/tax/rates",
    {
      schema: {
        summary:
          "The VAT rates prices are worked out with today: the store's table with its date and sources, and the operator's changes",
        description:
          "Per country with rates (the UK and the 27 Member States): the standard and e-publication rates today, the day each applies from and whether an operator set it, and the rates from each later day on which one changes.",
        tags,
        ...SIGNED_IN,
        response: answers(okEnvelope({ data: vatRatesSchema })),
      },
    },
    async () => ({
      status: true,
      message: "VAT rates fetched successfully",
      data: await vatRatesOverview(app.vatRates, app.clock()),
    }),
  );

  apiRoute(app, setVatRateOperation, {
    method: "POST",
    url: "/tax/rates",
    schema: {
      summary: "Change a country's VAT rate of one tax class from a day on",
      description:
        "Body: country (ISO 3166-1 alpha-2, one with rates), tax_class (standard, e_publication), rate (percent, 0 to 100, two decimals at most), valid_from (YYYY-MM-DD, UTC, today or later). Another change of the same country, class and day is replaced. Checkouts started from that day use it; orders keep the rate they were charged. 422 for a bad field.",
      tags,
      response: answers(okEnvelope({ data: vatRateChangeRowSchema }), 201),
    },
    status: 201,
  });

  apiRoute(app, removeVatRateOperation, {
    method: "DELETE",
    url: "/tax/rates/:id",
    schema: {
      summary: "Remove a change of a VAT rate: the store's table (or an earlier change) applies again",
      description: "404 for an unknown change. Orders keep the rate they were charged.",
      tags,
      params: z.object({ id: rowId() }),
      response: answers(DONE),
    },
    input: ({ params }) => params,
  });
};
