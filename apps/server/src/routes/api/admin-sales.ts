import { salesResponseSchema } from "@skillshelf/shared/api.ts";
import { salesCsvQuerySchema, salesQuerySchema } from "@skillshelf/shared/sales.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { salesFiguresCsv, salesOrdersCsv } from "../../admin/sales/sales-csv.ts";
import { resolveSalesRange, salesReport } from "../../admin/sales/sales-report.ts";
import { answers, bytes, SIGNED_IN } from "./openapi.ts";

const RANGE =
  "The range is whole UTC days: a preset ending today (range=7d, 30d, 90d, 1y, all: since the first order) or from and to, both included (default: the last 30 days). 422 for a bad field, naming it (errors.range, from, to, interval).";

/**
 * The operator's sales figures (CONTRACT.md s.7, admin/sales/): as JSON for
 * the page and API clients, and as CSV downloads of the figures or of the
 * orders themselves. Operators only, as every /api/admin route (app.ts).
 */
export const adminSalesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["admin"];
  const { db } = app.database;
  const currency = app.config.storeCurrency;

  app.get(
    "/sales",
    {
      schema: {
        summary:
          "Sales figures of a range and of the period of the same length before it, a series per day or month, per artefact, group and buyer country",
        description: `${RANGE} Orders count on the day they were placed, refunds on the day they were made; each figure's definition is in the answer's description. Amounts are major units of the store's currency.`,
        tags,
        querystring: salesQuerySchema,
        ...SIGNED_IN,
        response: answers(salesResponseSchema),
      },
    },
    async (request) => ({
      status: true,
      message: "Sales fetched successfully",
      data: await salesReport(db, { query: request.query, now: app.clock(), currency }),
    }),
  );

  app.get(
    "/sales.csv",
    {
      schema: {
        summary: "The sales figures of a range as CSV, or with orders=1 the orders placed in it, one row each",
        description: `${RANGE} The figures: period (range, previous, then day or month), from, to, currency and the JSON's figures as columns. orders=1: order_number, created_at, currency, amount, credit, discount, vat, billing_country, payment_method, refunded_at (ISO 8601 UTC; vat and billing_country empty on orders placed before VAT), oldest first, streamed.`,
        tags,
        querystring: salesCsvQuerySchema,
        ...SIGNED_IN,
        response: bytes("The figures or the orders, as a download", "text/csv"),
      },
    },
    async (request, reply) => {
      const { orders, ...query } = request.query;
      const range = await resolveSalesRange(db, query, app.clock());
      reply
        .type("text/csv; charset=utf-8")
        .header("cache-control", "private, no-store")
        .header(
          "content-disposition",
          `attachment; filename="skillshelf-${orders === "1" ? "orders" : "sales"}-${range.from}-${range.to}.csv"`,
        );
      if (orders === "1") return reply.send(salesOrdersCsv(db, range));
      return reply.send(salesFiguresCsv(await salesReport(db, { query, now: app.clock(), currency })));
    },
  );
};
