import { PAYMENT_METHOD_LABELS } from "@skillshelf/shared/constants.ts";
import { CREDIT_LABEL } from "@skillshelf/shared/coupons.ts";
import { formattingOf, takenOff } from "@skillshelf/shared/formatting.ts";
import { DEFAULT_LANGUAGE, languageOfSetting } from "@skillshelf/shared/i18n/languages.ts";
import { statedMomentIn } from "@skillshelf/shared/i18n/stated-moment.ts";
import { translatorOf } from "@skillshelf/shared/i18n/translator.ts";
import { formatMoney } from "@skillshelf/shared/money.ts";
import { countryName } from "@skillshelf/shared/tax.ts";
import { and, asc, eq } from "drizzle-orm";
import type { PDFPage, RGB } from "pdf-lib";
import type { DbOrTx } from "../db/client.ts";
import { orderLines, orders, teamRefunds, users } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import type { Face } from "../lib/pdf-type.ts";
import { lineName } from "../payments/quote.ts";
import { type TaxScheme, totalsByRate } from "../tax/vat.ts";
import { orderColumns } from "./read-orders.ts";

export interface ReceiptOrder {
  orderNumber: string;
  createdAt: Date;
  currency: string;
  amountMinor: number;
  /** Upgrade credit and coupon discount taken off the lines' prices. */
  creditMinor: number;
  discountMinor: number;
  couponCode: string | null;
  paymentMethod: string;
  transactionId: string;
  refundedAt: Date | null;
  /** The invoice's number; null on an order placed before invoices, whose document is a receipt. */
  invoiceNumber: string | null;
  /** The credit note's number, once an invoiced order is refunded. */
  creditNoteNumber: string | null;
  /** The buyer, and their language setting ("Spanish"): the receipt is written in it. */
  buyer: { name: string; email: string; language: string };
  /** Who was billed and how the order was taxed; null scheme on orders placed before VAT. */
  tax: {
    scheme: TaxScheme | null;
    billingCountry: string | null;
    companyName: string | null;
    buyerVatNumber: string | null;
    /** The seller's VAT number when the order was made; null on orders made before it was kept. */
    sellerVatNumber: string | null;
    vatMinor: number | null;
  };
  lines: {
    id: number;
    name: string;
    groupName: string | null;
    priceMinor: number;
    /** Null on orders placed before VAT. */
    vatRate: number | null;
    netMinor: number | null;
    vatMinor: number | null;
    /** A team's seats at their unit price, less the volume discount; null for a learner's own line. */
    seats: number | null;
    unitPriceMinor: number | null;
    volumeDiscountMinor: number;
  }[];
  /** The refunds of a team order's unclaimed seats, a row per line and refund (team_refunds). */
  seatRefunds: {
    creditNoteNumber: string | null;
    createdAt: Date;
    orderLineId: number | null;
    seats: number;
    priceMinor: number;
    amountMinor: number;
    netMinor: number | null;
    vatMinor: number;
  }[];
}

/** What a receipt states about one of the user's orders; another user's order is as unknown as a missing one. */
export async function readReceiptOrder(db: DbOrTx, userId: number, orderId: number): Promise<ReceiptOrder> {
  const [order] = await db
    .select({
      ...orderColumns,
      sellerVatNumber: orders.sellerVatNumber,
      name: users.name,
      email: users.email,
      language: users.language,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw new AppError("not_found", "Order not found");
  const lines = await db
    .select({
      id: orderLines.id,
      name: orderLines.name,
      groupName: orderLines.groupName,
      priceMinor: orderLines.priceMinor,
      vatRate: orderLines.vatRate,
      netMinor: orderLines.netMinor,
      vatMinor: orderLines.vatMinor,
      seats: orderLines.seats,
      unitPriceMinor: orderLines.unitPriceMinor,
      volumeDiscountMinor: orderLines.volumeDiscountMinor,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  const seatRefunds = await db
    .select({
      creditNoteNumber: teamRefunds.creditNoteNumber,
      createdAt: teamRefunds.createdAt,
      orderLineId: teamRefunds.orderLineId,
      seats: teamRefunds.seats,
      priceMinor: teamRefunds.priceMinor,
      amountMinor: teamRefunds.amountMinor,
      netMinor: teamRefunds.netMinor,
      vatMinor: teamRefunds.vatMinor,
    })
    .from(teamRefunds)
    .where(eq(teamRefunds.orderId, orderId))
    .orderBy(asc(teamRefunds.id));
  return {
    orderNumber: order.orderNumber,
    createdAt: order.createdAt,
    currency: order.currency,
    amountMinor: order.amountMinor,
    creditMinor: order.creditMinor,
    discountMinor: order.discountMinor,
    couponCode: order.couponCode,
    paymentMethod: order.paymentMethod,
    transactionId: order.transactionId,
    refundedAt: order.refundedAt,
    invoiceNumber: order.invoiceNumber,
    creditNoteNumber: order.creditNoteNumber,
    buyer: { name: order.name, email: order.email, language: order.language },
    tax: {
      scheme: order.taxScheme,
      billingCountry: order.billingCountry,
      companyName: order.companyName,
      buyerVatNumber: order.buyerVatNumber,
      sellerVatNumber: order.sellerVatNumber,
      vatMinor: order.vatMinor,
    },
    lines,
    seatRefunds,
  };
}

/**
 * The order as its credit note `number` states it (404 for a number that is not one of its
 * credit notes): a refund of unclaimed seats lists the seats it refunded, each line at its share
 * of the price, with its share of the coupon's discount, dated with that refund; the refund of the
 * whole order lists what the seats' refunds before it left, and totals what it gave back.
 */
export function creditNoteOrder(order: ReceiptOrder, number: string): ReceiptOrder {
  const partial = order.seatRefunds.filter((r) => r.creditNoteNumber === number);
  const whole = order.invoiceNumber !== null && order.creditNoteNumber === number;
  if (!whole && (partial.length === 0 || order.invoiceNumber === null)) {
    throw new AppError("not_found", "Credit note not found");
  }
  const refunds = whole ? order.seatRefunds : partial;
  const sum = (pick: (r: ReceiptOrder["seatRefunds"][number]) => number) =>
    refunds.reduce((total, r) => total + pick(r), 0);
  const lines = order.lines.flatMap((line) => {
    const own = refunds.filter((r) => r.orderLineId === line.id);
    if (whole ? own.length === 0 : own.length !== 1) return whole ? [line] : [];
    const part = <K extends "seats" | "priceMinor" | "netMinor" | "vatMinor">(key: K) =>
      own.reduce((total, r) => total + (r[key] ?? 0), 0);
    const seats = whole ? (line.seats ?? 0) - part("seats") : part("seats");
    if (seats === 0) return [];
    const priceMinor = whole ? line.priceMinor - part("priceMinor") : part("priceMinor");
    const taken = (value: number | null, key: "netMinor" | "vatMinor") =>
      value === null ? null : whole ? value - part(key) : part(key);
    return [
      {
        ...line,
        seats,
        priceMinor,
        netMinor: taken(line.netMinor, "netMinor"),
        vatMinor: taken(line.vatMinor, "vatMinor"),
        volumeDiscountMinor: Math.max(0, (line.unitPriceMinor ?? 0) * seats - priceMinor),
      },
    ];
  });
  // Seat lines take no upgrade credit: what a refund of seats gave back is its price less the coupon's share.
  const discountTaken = sum((r) => r.priceMinor - r.amountMinor);
  const vatTaken = sum((r) => r.vatMinor);
  return {
    ...order,
    lines,
    creditNoteNumber: number,
    refundedAt: whole ? order.refundedAt : (partial[0]?.createdAt ?? null),
    amountMinor: whole ? order.amountMinor - sum((r) => r.amountMinor) : sum((r) => r.amountMinor),
    creditMinor: whole ? order.creditMinor : 0,
    discountMinor: whole ? order.discountMinor - discountTaken : discountTaken,
    tax: {
      ...order.tax,
      vatMinor: order.tax.vatMinor === null ? null : whole ? order.tax.vatMinor - vatTaken : vatTaken,
    },
  };
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;

/** Which of an order's documents: its invoice (a receipt for an order placed before invoices), or its refund's credit note. */
export type OrderDocument = "invoice" | "credit_note";

/**
 * What a document of the order is: its heading and title, its number, the label of its total,
 * and the name it downloads as (invoice-INV-2026-000123.pdf). An order without a credit note has
 * none to show (404).
 */
export function documentOf(order: ReceiptOrder, document: OrderDocument) {
  if (document === "credit_note") {
    const number = order.creditNoteNumber;
    if (!number || !order.invoiceNumber) throw new AppError("not_found", "Credit note not found");
    return {
      heading: "Credit note",
      title: "Credit note",
      number,
      total: "Total refunded",
      file: `credit-note-${number}.pdf`,
    };
  }
  const refunded = order.refundedAt !== null;
  if (order.invoiceNumber) {
    const number = order.invoiceNumber;
    const heading = refunded ? "Invoice (refunded)" : "Invoice";
    return { heading, title: "Invoice", number, total: "Total paid", file: `invoice-${number}.pdf` };
  }
  const number = order.orderNumber;
  const heading = refunded ? "Receipt (refunded)" : "Receipt";
  return { heading, title: "Receipt", number, total: "Total paid", file: `receipt-${number}.pdf` };
}

/** What a VAT invoice says of how it was taxed, where it needs saying. */
const SCHEME_NOTES: Partial<Record<TaxScheme, string>> = {
  reverse_charge: "Reverse charge: the customer accounts for the VAT (Article 196, Directive 2006/112/EC).",
  outside_scope: "Outside the scope of VAT: no VAT charged.",
};

/**
 * One of the order's documents as a PDF (pdf-lib, DejaVu Sans with Noto Sans SC, so names in any script print as written): the
 * store's name and address, the document's number, the order number and date, the buyer,
 * each line at its price, subtotal, upgrade credit, discount and total, the payment method
 * and the provider's transaction id. An order taxed by a VAT-registered seller makes a VAT
 * invoice: the seller's VAT number, the buyer's company, country and (reverse charge) VAT
 * number, each line's net, rate and VAT, and the totals per rate; otherwise the invoice
 * says the seller is not VAT registered. A credit note names the invoice it refers to, is
 * dated with the refund and totals what was refunded. Long orders continue on further pages.
 */
export async function renderReceipt(
  store: { name: string; address: string[]; vatNumber: string | null },
  order: ReceiptOrder,
  document: OrderDocument = "invoice",
) {
  const { heading, title, number, total } = documentOf(order, document);
  const creditNote = document === "credit_note";
  const { tax } = order;
  const taxed = tax.scheme !== null && tax.scheme !== "not_registered";
  // A credit note is dated with the refund it records.
  const dated = creditNote && order.refundedAt ? order.refundedAt : order.createdAt;
  // Loaded with the first receipt: pdf-lib costs a process about 20 MB of memory.
  const { PDFDocument, rgb } = await import("pdf-lib");
  const { describeDocument, PdfText } = await import("../lib/pdf-type.ts");
  const INK = rgb(0.06, 0.09, 0.16);
  const MUTED = rgb(0.28, 0.33, 0.41);
  const BRAND = rgb(0.11, 0.31, 0.85);
  const doc = await PDFDocument.create();
  const text = new PdfText(doc);
  const language = languageOfSetting(order.buyer.language) ?? DEFAULT_LANGUAGE;
  const t = translatorOf(language);
  const { locale } = formattingOf({ language: order.buyer.language, timezone: "UTC" });
  const moment = (at: Date) => statedMomentIn(language, at);
  const percent = (rate: number) => `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(rate)} %`;
  describeDocument(doc, { title: `${t(title)} ${number}`, language });
  doc.setAuthor(store.name);
  doc.setCreator(store.name);
  doc.setCreationDate(dated);

  const money = (minor: number) => formatMoney(minor, order.currency, locale);
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const write = (shown: string, options: { x?: number; size?: number; face?: Face; color?: RGB } = {}) => {
    text.draw(page, shown, {
      x: options.x ?? MARGIN,
      y,
      size: options.size ?? 10.5,
      face: options.face,
      color: options.color ?? INK,
    });
  };
  /** The text, its right edge at `right` (the page's margin by default). */
  const writeRight = (shown: string, options: { size?: number; face?: Face; right?: number } = {}) => {
    const size = options.size ?? 10.5;
    const right = options.right ?? A4[0] - MARGIN;
    write(shown, { x: right - text.width(shown, size, options.face), size, face: options.face });
  };
  const rule = () => {
    page.drawLine({
      start: { x: MARGIN, y: y + 12 },
      end: { x: A4[0] - MARGIN, y: y + 12 },
      thickness: 0.6,
      color: rgb(0.8, 0.83, 0.88),
    });
  };
  /** The text, cut with "..." to fit `width`. */
  const fit = (full: string, size: number, width: number) => {
    if (text.width(full, size) <= width) return full;
    const shown = [...full];
    while (shown.length > 1 && text.width(`${shown.join("")}...`, size) > width) shown.pop();
    return `${shown.join("")}...`;
  };
  /** A line of small print across the page, wrapped at words. */
  const note = (small: string) => {
    const words = small.split(" ");
    let line = "";
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (line && text.width(next, 9.5) > A4[0] - 2 * MARGIN) {
        write(line, { size: 9.5, color: MUTED });
        y -= 13;
        line = word;
      } else line = next;
    }
    if (line) write(line, { size: 9.5, color: MUTED });
    y -= 13;
  };

  write(store.name, { size: 20, face: "bold", color: BRAND });
  y -= 18;
  for (const line of store.address) {
    write(line, { color: MUTED });
    y -= 14;
  }
  // The number of the day the order was made; the configured one for orders made before it was kept.
  const sellerVatNumber = tax.sellerVatNumber ?? store.vatNumber;
  if (taxed && sellerVatNumber) {
    write(`${t("VAT number")} ${sellerVatNumber}`, { color: MUTED });
    y -= 14;
  } else if (order.invoiceNumber) {
    write(t("Not VAT registered"), { color: MUTED });
    y -= 14;
  }
  y -= 16;
  write(t(heading), { size: 16, face: "bold" });
  y -= 26;
  const facts: [string, string][] = [];
  if (creditNote) facts.push(["Credit note number", number], ["Refers to invoice", order.invoiceNumber ?? ""]);
  else if (order.invoiceNumber) facts.push(["Invoice number", number]);
  facts.push(
    ["Order number", order.orderNumber],
    ["Date", moment(dated)],
    ["Billed to", `${order.buyer.name} <${order.buyer.email}>`],
  );
  if (tax.companyName) facts.push(["Company name", tax.companyName]);
  if (tax.billingCountry) facts.push(["Country", countryName(tax.billingCountry, locale)]);
  if (tax.buyerVatNumber) facts.push(["Customer VAT number", tax.buyerVatNumber]);
  facts.push(
    [
      "Payment method",
      t((PAYMENT_METHOD_LABELS as Record<string, string>)[order.paymentMethod] ?? order.paymentMethod),
    ],
    ["Transaction ID", order.transactionId],
  );
  if (order.couponCode) facts.push(["Coupon code", order.couponCode]);
  if (order.refundedAt && !creditNote) facts.push(["Refunded", moment(order.refundedAt)]);
  // The values stand clear of the widest label of the buyer's language ("Numéro de TVA du client").
  const labels = Math.max(130, ...facts.map(([label]) => text.width(t(label), 10.5) + 12));
  for (const [label, value] of facts) {
    write(t(label), { color: MUTED });
    write(fit(value, 10.5, A4[0] - 2 * MARGIN - labels), { x: MARGIN + labels });
    y -= 16;
  }
  y -= 18;
  // A VAT invoice shows each line's net, rate and VAT beside what was paid for it; a receipt its price.
  const rows = order.lines.map((line) => {
    const net = line.netMinor ?? 0;
    const vat = line.vatMinor ?? 0;
    const figures = taxed
      ? [money(net), percent(line.vatRate ?? 0), money(vat), money(net + vat)]
      : [money(line.priceMinor)];
    // A team's line says what its price is made of: the seats at their unit price, less the volume discount.
    const seats =
      line.seats === null
        ? null
        : [
            t("{{count}} seat × {{price}}", { count: line.seats, price: money(line.unitPriceMinor ?? 0) }),
            ...(line.volumeDiscountMinor > 0
              ? [`${t("Volume discount")} ${money(takenOff(line.volumeDiscountMinor))}`]
              : []),
          ].join(", ");
    return { name: lineName(line), figures, seats };
  });
  const headings = (taxed ? ["Net", "VAT rate", "VAT", "Amount"] : ["Price"]).map((heading) => t(heading));
  // Each figure's column, from the right, as wide as its heading or its widest figure; the item takes the rest.
  const rights: number[] = [];
  let edge = A4[0] - MARGIN;
  for (let column = headings.length - 1; column >= 0; column--) {
    rights[column] = edge;
    const widths = [headings, ...rows.map((row) => row.figures)].map((cells, row) =>
      text.width(cells[column] ?? "", 10.5, row === 0 ? "bold" : "sans"),
    );
    edge -= Math.max(...widths) + 16;
  }
  write(t("Item"), { face: "bold" });
  headings.forEach((heading, column) => {
    writeRight(heading, { face: "bold", right: rights[column] });
  });
  y -= 18;
  rule();
  for (const row of rows) {
    if (y < MARGIN + 90) {
      page = doc.addPage(A4);
      y = A4[1] - MARGIN;
    }
    write(fit(row.name, 10.5, edge - MARGIN));
    row.figures.forEach((figure, column) => {
      writeRight(figure, { right: rights[column] });
    });
    y -= 18;
    if (row.seats) {
      write(fit(row.seats, 9.5, edge - MARGIN - 12), { x: MARGIN + 12, size: 9.5, color: MUTED });
      y -= 15;
    }
  }
  rule();
  y -= 8;
  const subtotal = order.lines.reduce((sum, line) => sum + line.priceMinor, 0);
  const totals: [string, string][] = [["Subtotal", money(subtotal)]];
  if (order.creditMinor > 0) totals.push([CREDIT_LABEL, money(takenOff(order.creditMinor))]);
  totals.push(["Discount", money(takenOff(order.discountMinor))], [total, money(order.amountMinor)]);
  if (taxed) {
    for (const rate of totalsByRate(
      order.lines.map((l) => ({ ratePercent: l.vatRate ?? 0, netMinor: l.netMinor ?? 0, vatMinor: l.vatMinor ?? 0 })),
    )) {
      totals.push([t("Net at {{rate}}", { rate: percent(rate.ratePercent) }), money(rate.netMinor)]);
      totals.push([t("VAT at {{rate}}", { rate: percent(rate.ratePercent) }), money(rate.vatMinor)]);
    }
    totals.push(["Total VAT", money(tax.vatMinor ?? 0)]);
  }
  const shownTotals = totals.map(([label, value]) => {
    const face: Face = label === total ? "bold" : "sans";
    return { label: t(label), value, face };
  });
  // The labels start 220 points from the right, or further left when the longest would reach the figures.
  const labelWidth = Math.max(...shownTotals.map((row) => text.width(row.label, 10.5, row.face)));
  const figureWidth = Math.max(...shownTotals.map((row) => text.width(row.value, 10.5, row.face)));
  const labelsAt = Math.min(A4[0] - MARGIN - 220, A4[0] - MARGIN - figureWidth - 16 - labelWidth);
  for (const { label, value, face } of shownTotals) {
    write(label, { x: labelsAt, face });
    writeRight(value, { face });
    y -= 16;
  }
  const schemeNote = tax.scheme ? SCHEME_NOTES[tax.scheme] : undefined;
  if (schemeNote) {
    y -= 12;
    note(t(schemeNote));
  }
  await text.finish();
  return doc.save();
}
