import { type AdminCouponRow, createCouponSchema } from "@skillshelf/shared/coupons.ts";
import { formattingOf } from "@skillshelf/shared/formatting.ts";
import { Form, useActionData, useNavigation } from "react-router";
import { FieldError } from "../features/admin/catalogue/fields";
import { AdminListError } from "../features/admin/components/admin-bits";
import { requireAdmin } from "../features/admin/require-admin";
import { serverActionOrFailure } from "../lib/client-action";
import { answerForm, checkForm } from "../lib/form-action";
import { usePrice } from "../lib/formatting";
import type { Route } from "./+types/admin-coupons";

export async function loader({ context, request }: Route.LoaderArgs) {
  const operator = requireAdmin(context, request);
  return { view: await context.admin.coupons(), formatting: formattingOf(operator.user) };
}

/**
 * Creates a code with the API's own step. A plain form post (no JavaScript)
 * is sent back to the list with a 303, or gets the page again with the
 * messages under the fields; with JavaScript the same action answers data.
 */
export async function action({ context, request }: Route.ActionArgs) {
  requireAdmin(context, request);
  const form = await request.formData();
  // A multiple select posts one value per chosen artefact.
  const checked = checkForm(form, createCouponSchema, { extra: { artefact_ids: form.getAll("artefact_ids") } });
  const outcome = checked.ok ? await context.adminActions.createCoupon(checked.data) : checked.outcome;
  return answerForm(context, outcome, "/admin/coupons");
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => serverActionOrFailure(serverAction);

const KIND_LABELS = { percent: "Percentage", amount: "Fixed amount" } as const;

export default function AdminCoupons({ loaderData }: Route.ComponentProps) {
  const { view, formatting } = loaderData;
  const posted = useActionData<typeof action>();
  const sending = useNavigation().state === "submitting";
  const money = usePrice();
  const errors: Record<string, string> = posted && !posted.ok ? (posted.errors ?? {}) : {};
  const field = (name: string) => ({
    id: `coupon-${name}`,
    name,
    className: "admin-input",
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `coupon-${name}-error` : undefined,
  });
  const error = (name: string) => <FieldError id={`coupon-${name}`} error={errors[name]} />;
  // Expiry dates are days in UTC (the form's hint says so): shown in UTC, not moved to the operator's zone.
  const expiry = new Intl.DateTimeFormat(formatting.locale, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
  const value = (c: AdminCouponRow) => (c.kind === "percent" ? `${c.value}%` : money(c.value, c.currency));

  return (
    <section className="admin-page" aria-labelledby="admin-coupons-title">
      <header className="admin-page__header">
        <h1 id="admin-coupons-title">Coupons</h1>
        <p className="admin-page__lead">
          Codes learners enter in their cart: a percentage or a fixed amount off what they buy.
        </p>
      </header>
      {/* A new row resets the form. */}
      <Form method="post" className="admin-panel admin-form" key={view.rows.length} aria-labelledby="coupon-new">
        <h2 id="coupon-new" className="admin-subtitle">
          New code
        </h2>
        {posted && !posted.ok && !posted.errors && (
          <p className="notice notice--error" role="alert">
            {posted.message}
          </p>
        )}
        {posted?.ok && <p role="status">{posted.message}</p>}
        <div className="admin-form__grid">
          <div className="admin-field">
            <label className="admin-label" htmlFor="coupon-code">
              Code
            </label>
            <input {...field("code")} required minLength={3} maxLength={40} autoComplete="off" />
            <span className="admin-hint">Letters, digits, - and _; kept in capitals.</span>
            {error("code")}
          </div>
          <div className="admin-field">
            <label className="admin-label" htmlFor="coupon-kind">
              Kind
            </label>
            <select {...field("kind")} defaultValue="percent">
              <option value="percent">{KIND_LABELS.percent}</option>
              <option value="amount">{KIND_LABELS.amount}</option>
            </select>
            {error("kind")}
          </div>
          <div className="admin-field">
            <label className="admin-label" htmlFor="coupon-value">
              Value
            </label>
            <input {...field("value")} required inputMode="decimal" />
            <span className="admin-hint">A percentage (1 to 100), or an amount such as 5.00.</span>
            {error("value")}
          </div>
          <div className="admin-field">
            <label className="admin-label" htmlFor="coupon-expires_at">
              Expires
            </label>
            <input {...field("expires_at")} type="date" />
            <span className="admin-hint">Optional: it works until the end of that day (UTC).</span>
            {error("expires_at")}
          </div>
          <div className="admin-field">
            <label className="admin-label" htmlFor="coupon-max_uses">
              Total uses
            </label>
            <input {...field("max_uses")} type="number" min={1} step={1} />
            <span className="admin-hint">Optional: orders that may use it in all.</span>
            {error("max_uses")}
          </div>
          <div className="admin-field">
            <label className="admin-label" htmlFor="coupon-max_uses_per_learner">
              Uses per learner
            </label>
            <input {...field("max_uses_per_learner")} type="number" min={1} step={1} />
            <span className="admin-hint">Optional.</span>
            {error("max_uses_per_learner")}
          </div>
          <div className="admin-field">
            <label className="admin-label" htmlFor="coupon-artefact_ids">
              Artefacts
            </label>
            <select {...field("artefact_ids")} multiple size={6}>
              {view.artefacts.map((artefact) => (
                <option key={artefact.id} value={artefact.id}>
                  {artefact.name}
                </option>
              ))}
            </select>
            <span className="admin-hint">Optional: none chosen means every artefact.</span>
            {error("artefact_ids")}
          </div>
        </div>
        <div className="admin-actions">
          <button type="submit" className="button" disabled={sending} aria-busy={sending || undefined}>
            Create code
          </button>
        </div>
      </Form>
      {view.rows.length === 0 ? (
        <p className="admin-empty">No codes yet.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="sr-only">Coupon codes</caption>
            <thead>
              <tr>
                {["Code", "Kind", "Value", "Expires", "Limits", "Uses", "Artefacts"].map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {view.rows.map((coupon) => (
                <tr key={coupon.id} data-code={coupon.code}>
                  <td className="admin-mono">{coupon.code}</td>
                  <td>{KIND_LABELS[coupon.kind]}</td>
                  <td>{value(coupon)}</td>
                  <td>{coupon.expires_at ? `${expiry.format(new Date(coupon.expires_at))} UTC` : "Never"}</td>
                  <td>
                    {coupon.max_uses ?? "No limit"} in all · {coupon.max_uses_per_learner ?? "no limit"} per learner
                  </td>
                  <td>{coupon.uses}</td>
                  <td>{coupon.artefacts.length ? coupon.artefacts.map((a) => a.name).join(", ") : "All"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <AdminListError title="Coupons" />;
}
