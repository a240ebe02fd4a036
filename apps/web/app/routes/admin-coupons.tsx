import type { AdminChoice } from "@skillshelf/shared/api.ts";
import { type AdminCouponRow, createCouponSchema } from "@skillshelf/shared/coupons.ts";
import { formattingOf } from "@skillshelf/shared/formatting.ts";
import { rowId } from "@skillshelf/shared/ids.ts";
import { z } from "@skillshelf/shared/zod.ts";
import { useState } from "react";
import { Form, Link, redirect, useSearchParams, useSubmit } from "react-router";
import { adminListQuery, useAdminListUrl } from "../features/admin/admin-list";
import { FieldError } from "../features/admin/catalogue/fields";
import { AdminListError, AdminSearchForm } from "../features/admin/components/admin-bits";
import { AdminFormNotice, useAdminForm } from "../features/admin/components/admin-form";
import { AdminListPage } from "../features/admin/components/admin-list-page";
import { ChoiceChecklist } from "../features/admin/components/choice-checklist";
import { requireAdmin } from "../features/admin/require-admin";
import { useConfirm } from "../features/confirm/confirm-dialog";
import { serverActionOrFailure } from "../lib/client-action";
import { answerForm, checkForm } from "../lib/form-action";
import { usePrice } from "../lib/formatting";
import { useT } from "../lib/i18n";
import { storeContext } from "../load-context";
import type { Route } from "./+types/admin-coupons";

export async function loader({ context, url }: Route.LoaderArgs) {
  const store = context.get(storeContext);
  const operator = requireAdmin(store, url);
  const params = url.searchParams;
  // ?edit=ID: that code's fields in the form (in the server's HTML, so it works without JavaScript).
  const edit = rowId().safeParse(params.get("edit")).data;
  const [list, editing] = await Promise.all([
    store.admin.coupons(adminListQuery(url)),
    edit === undefined ? null : store.admin.coupon(edit),
  ]);
  // ?artefacts=: the picker's search; the code's own artefacts come first.
  const choices = await store.admin.artefactChoices({
    chosen: editing?.artefacts.map((a) => a.id) ?? [],
    search: params.get(ARTEFACT_SEARCH) ?? undefined,
  });
  return { list, editing, choices, formatting: formattingOf(operator.user) };
}

/** The URL parameter of the artefact picker's search, and the id of the GET form it sends. */
const ARTEFACT_SEARCH = "artefacts";
const ARTEFACT_SEARCH_FORM = "coupon-artefact-search";

/**
 * Creates a code with the API's own step. A plain form post (no JavaScript)
 * is sent back to the list with a 303, or gets the page again with the
 * messages under the fields; with JavaScript the same action answers data.
 */
export async function action({ context, request, url }: Route.ActionArgs) {
  const store = context.get(storeContext);
  requireAdmin(store, url);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === COUPON_FORM_INTENTS.remove) {
    const target = checkForm(form, couponIdSchema);
    const outcome = target.ok ? await store.adminActions.deleteCoupon(target.data.id) : target.outcome;
    return answerForm(store, outcome, editUrl(url.searchParams, null));
  }
  // The artefacts' checklist posts one value per chosen artefact.
  const checked = checkForm(form, createCouponSchema(store.storeCurrency), {
    extra: { artefact_ids: form.getAll("artefact_ids") },
  });
  if (!checked.ok) return answerForm(store, checked.outcome, "/admin/coupons");
  if (intent === COUPON_FORM_INTENTS.update) {
    const target = checkForm(form, couponIdSchema);
    const outcome = target.ok ? await store.adminActions.updateCoupon(target.data.id, checked.data) : target.outcome;
    // Saved, the page is the list again (the same page of it), with JavaScript too: one navigation, rather than reloading ?edit= and leaving it.
    const list = editUrl(url.searchParams, null);
    return outcome.ok ? redirect(list, 303) : answerForm(store, outcome, list);
  }
  // A new code is the newest: the list's first page, with no search, shows it.
  return answerForm(store, await store.adminActions.createCoupon(checked.data), "/admin/coupons");
}

/** The page's forms besides the new code's. */
const COUPON_FORM_INTENTS = { update: "update", remove: "delete" } as const;
const couponIdSchema = z.object({ id: rowId("id is required") });
export const DELETE_COUPON_PROMPT = "Are you sure you want to delete this code?";

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => serverActionOrFailure(serverAction);

const KIND_LABELS = { percent: "Percentage", amount: "Fixed amount" } as const;

export default function AdminCoupons({ loaderData }: Route.ComponentProps) {
  const confirm = useConfirm();
  const submit = useSubmit();
  const { list, editing, formatting } = loaderData;
  const { search, loading, pageHref } = useAdminListUrl();
  const money = usePrice();
  const t = useT();
  // Expiry dates are days in UTC (the form's hint says so): shown in UTC, not moved to the operator's zone.
  const expiry = new Intl.DateTimeFormat(formatting.locale, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
  const value = (c: AdminCouponRow) => (c.kind === "percent" ? `${c.value}%` : money(c.value, c.currency));
  const [params] = useSearchParams();

  return (
    <AdminListPage
      id="admin-coupons"
      title="Coupons"
      lead="Codes learners enter in their cart: a percentage or a fixed amount off what they buy."
      searchLabel="Search codes"
      placeholder="Code"
      loadingText="Loading codes…"
      emptyText={search ? "No codes found." : "No codes yet."}
      columns={["Code", "Kind", "Value", "Expires", "Limits", "Uses", "Artefacts", "Actions"]}
      search={search}
      list={list}
      loading={loading}
      pageHref={pageHref}
      before={<CouponForm key={editing?.id ?? "new"} editing={editing} choices={loaderData.choices} />}
      renderRow={(coupon) => (
        <tr key={coupon.id} data-code={coupon.code}>
          <td className="admin-mono">{coupon.code}</td>
          <td>{t(KIND_LABELS[coupon.kind])}</td>
          <td>{value(coupon)}</td>
          <td>{coupon.expires_at ? `${expiry.format(new Date(coupon.expires_at))} UTC` : t("Never")}</td>
          <td>
            {coupon.max_uses === null ? t("No limit in all") : t("{{count}} in all", { count: coupon.max_uses })} ·{" "}
            {coupon.max_uses_per_learner === null
              ? t("no limit per learner")
              : t("{{count}} per learner", { count: coupon.max_uses_per_learner })}
          </td>
          <td>{coupon.uses}</td>
          <td>{coupon.artefacts.length ? coupon.artefacts.map((a) => a.name).join(", ") : t("All")}</td>
          <td>
            <Link to={editUrl(params, coupon.id)} aria-label={t("Edit {{code}}", { code: coupon.code })}>
              {t("Edit")}
            </Link>{" "}
            {/* A used code stays with its orders: the server refuses, and says to let it expire. */}
            <Form
              method="post"
              className="admin-inline-form"
              onSubmit={async (event) => {
                // Sent once confirmed; a plain form post without JavaScript.
                event.preventDefault();
                const form = event.currentTarget;
                const asked = { question: t(DELETE_COUPON_PROMPT), detail: coupon.code, confirmLabel: t("Delete") };
                if (await confirm(asked)) await submit(form);
              }}
            >
              <input type="hidden" name="intent" value={COUPON_FORM_INTENTS.remove} />
              <input type="hidden" name="id" value={coupon.id} />
              <button
                type="submit"
                className="admin-link-button"
                aria-label={t("Delete {{code}}", { code: coupon.code })}
              >
                {t("Delete")}
              </button>
            </Form>
          </td>
        </tr>
      )}
    />
  );
}

/** The page's URL with another code in the form (null: none): the list's search and page kept, the picker's search not. */
function editUrl(params: URLSearchParams, id: number | null): string {
  const kept = new URLSearchParams(params);
  for (const name of ["edit", ARTEFACT_SEARCH, "index"]) kept.delete(name);
  if (id !== null) kept.set("edit", String(id));
  return kept.size ? `/admin/coupons?${kept}` : "/admin/coupons";
}

/** The new code's form, or the fields of the code being edited (?edit=). */
function CouponForm({ editing, choices }: { editing: AdminCouponRow | null; choices: AdminChoice[] }) {
  const { posted, sending, errors, field } = useAdminForm<AdminCouponRow>("coupon");
  const [params] = useSearchParams();
  const t = useT();
  const error = (name: string) => <FieldError id={`coupon-${name}`} error={errors[name]} />;
  // A new code made, the form is empty again for the next (the key of its fields): counted
  // while rendering the answer that says so, as React does state that follows a prop.
  const [made, setMade] = useState(0);
  const [answered, setAnswered] = useState(posted);
  if (posted !== answered) {
    setAnswered(posted);
    if (posted?.ok && !editing) setMade(made + 1);
  }

  return (
    <>
      <Form method="post" className="admin-panel admin-form" aria-labelledby="coupon-new" key={made}>
        <h2 id="coupon-new" className="admin-subtitle">
          {editing ? t("Edit code {{code}}", { code: editing.code }) : t("New code")}
        </h2>
        {editing && (
          <>
            <input type="hidden" name="intent" value={COUPON_FORM_INTENTS.update} />
            <input type="hidden" name="id" value={editing.id} />
          </>
        )}
        <AdminFormNotice posted={posted} />
        <div className="admin-form__grid">
          <div className="admin-field">
            <label className="admin-label" htmlFor="coupon-code">
              {t("Code")}
            </label>
            <input
              {...field("code")}
              required
              minLength={3}
              maxLength={40}
              autoComplete="off"
              defaultValue={editing?.code}
            />
            <span className="admin-hint">{t("Letters, digits, - and _; kept in capitals.")}</span>
            {error("code")}
          </div>
          <div className="admin-field">
            <label className="admin-label" htmlFor="coupon-kind">
              {t("Kind")}
            </label>
            <select {...field("kind")} defaultValue={editing?.kind ?? "percent"}>
              <option value="percent">{t(KIND_LABELS.percent)}</option>
              <option value="amount">{t(KIND_LABELS.amount)}</option>
            </select>
            {error("kind")}
          </div>
          <div className="admin-field">
            <label className="admin-label" htmlFor="coupon-value">
              {t("Value")}
            </label>
            <input {...field("value")} required inputMode="decimal" defaultValue={editing?.value} />
            <span className="admin-hint">{t("A percentage (1 to 100), or an amount such as 5.00.")}</span>
            {error("value")}
          </div>
          <div className="admin-field">
            <label className="admin-label" htmlFor="coupon-expires_at">
              {t("Expires")}
            </label>
            <input {...field("expires_at")} type="date" defaultValue={editing?.expires_at?.slice(0, 10)} />
            <span className="admin-hint">{t("Optional: it works until the end of that day (UTC).")}</span>
            {error("expires_at")}
          </div>
          <div className="admin-field">
            <label className="admin-label" htmlFor="coupon-max_uses">
              {t("Total uses")}
            </label>
            <input
              {...field("max_uses")}
              type="number"
              min={1}
              step={1}
              defaultValue={editing?.max_uses ?? undefined}
            />
            <span className="admin-hint">{t("Optional: orders that may use it in all.")}</span>
            {error("max_uses")}
          </div>
          <div className="admin-field">
            <label className="admin-label" htmlFor="coupon-max_uses_per_learner">
              {t("Uses per learner")}
            </label>
            <input
              {...field("max_uses_per_learner")}
              type="number"
              min={1}
              step={1}
              defaultValue={editing?.max_uses_per_learner ?? undefined}
            />
            <span className="admin-hint">{t("Optional.")}</span>
            {error("max_uses_per_learner")}
          </div>
          <ChoiceChecklist
            id="coupon-artefact_ids"
            legend="Artefacts"
            name="artefact_ids"
            chosen={editing?.artefacts.map((a) => a.id) ?? []}
            choices={choices}
            hint="Optional: none chosen means every artefact."
            empty="No artefacts found."
            error={errors.artefact_ids}
            search={{
              form: ARTEFACT_SEARCH_FORM,
              name: ARTEFACT_SEARCH,
              label: "Find artefacts by name",
              placeholder: "Artefact name",
              hint: "Without a search, the list shows the first artefacts by name.",
            }}
          />
        </div>
        <div className="admin-actions">
          <button type="submit" className="button" disabled={sending} aria-busy={sending || undefined}>
            {editing ? t("Save code") : t("Create code")}
          </button>
          {editing && (
            <Link to={editUrl(params, null)} className="button button--outline">
              {t("Cancel")}
            </Link>
          )}
        </div>
      </Form>
      <AdminSearchForm id={ARTEFACT_SEARCH_FORM} name={ARTEFACT_SEARCH} />
    </>
  );
}

export function ErrorBoundary() {
  return <AdminListError title="Coupons" />;
}
