import { MAX_INVITATIONS } from "@skillshelf/shared/team-limits.ts";
import type { TeamView } from "@skillshelf/shared/teams.ts";
import { type FormEvent, type ReactNode, useId } from "react";
import { Link } from "react-router";
import { BusyButton } from "../../../components/form/busy-button";
import { useHydrated } from "../../../hooks/use-hydrated";
import { usePrice } from "../../../lib/formatting";
import { useT } from "../../../lib/i18n";
import { SeatsFields } from "../../catalogue/components/team-seats-form";
import { useToast } from "../../toast/toast-context";

/** The seat manager's forms on /my-teams, each named by its `intent`. */
export const TEAM_INTENTS = { invite: "invite", revoke: "revoke", release: "release", more: "more" } as const;

/** A team purchase as /my-teams' loader sends it: its holders' claim dates written in the learner's time zone. */
type ShownTeam = Omit<TeamView, "holders"> & { holders: (TeamView["holders"][number] & { when: string })[] };

interface TeamPurchaseProps {
  team: ShownTeam;
  /** With JavaScript: sends the form through the page's action (a toast says the outcome). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The form (`intent:id`) whose request runs. */
  busy: string | null;
}

/** "Docker", or "Docker: Basics" for one group: what a team purchase's seats give. */
const teamTitle = (team: Pick<TeamView, "name" | "group_name">) =>
  team.group_name ? `${team.name}: ${team.group_name}` : team.name;

/**
 * One team purchase on /my-teams: its seats and who holds them (with their progress), the link to
 * copy, the invitation form, the open invitations, and more seats. Every form is a plain form post
 * to the page's action without JavaScript.
 */
export function TeamPurchase({ team, onSubmit, busy }: TeamPurchaseProps) {
  const t = useT();
  const money = usePrice();
  const titleId = useId();
  const link = team.invitations.find((invitation) => invitation.email === null);
  const mailed = team.invitations.filter((invitation) => invitation.email !== null);
  const title = teamTitle(team);
  const form = (intent: string, fields: Record<string, number>, children: ReactNode, className?: string) => (
    <TeamForm intent={intent} fields={{ id: team.id, ...fields }} onSubmit={onSubmit} className={className}>
      {children}
    </TeamForm>
  );
  const button = (intent: string, key: number, label: string, hidden: string) => {
    return (
      <BusyButton busy={busy === `${intent}:${key}`} className="link-button">
        {label}
        {hidden && <span className="sr-only">{hidden}</span>}
      </BusyButton>
    );
  };
  return (
    <section className="card account-panel team" id={`team-${team.id}`} aria-labelledby={titleId}>
      <header className="team__header">
        <h2 id={titleId} className="team__title">
          {title}
        </h2>
        <p className="team__meta">
          {t("{{claimed}} of {{count}} seats claimed", { claimed: team.claimed, count: team.seats })}
          {" · "}
          <Link to={`/order-details/${team.order_id}`}>{t("Order {{number}}", { number: team.order_number })}</Link>
        </p>
      </header>
      {team.refunded ? (
        <p className="notice">{t("This order was refunded: its seats give no access.")}</p>
      ) : (
        <>
          <h3 className="team__subtitle">{t("Seats")}</h3>
          {team.holders.length === 0 ? (
            <p>{t("No seat is claimed yet.")}</p>
          ) : (
            <div className="team__table-wrap">
              <table className="team__table">
                <thead>
                  <tr>
                    <th scope="col">{t("Holder")}</th>
                    <th scope="col">{t("Claimed")}</th>
                    <th scope="col">{t("Progress")}</th>
                    <th scope="col">
                      <span className="sr-only">{t("Release")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {team.holders.map((holder) => (
                    <tr key={holder.seat_id}>
                      <td>
                        {holder.name}
                        <span className="team__email">{holder.email}</span>
                      </td>
                      <td>
                        <time dateTime={holder.claimed_at}>{holder.when}</time>
                      </td>
                      <td>{t("{{done}} of {{count}} articles done", { done: holder.done, count: holder.total })}</td>
                      <td>
                        {form(
                          TEAM_INTENTS.release,
                          { seat_id: holder.seat_id },
                          button(
                            TEAM_INTENTS.release,
                            holder.seat_id,
                            t("Release"),
                            t(" the seat of {{name}}", { name: holder.name }),
                          ),
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <p className="team__free">{t("Free seats: {{free}}", { free: Math.max(0, team.seats - team.claimed) })}</p>

          <h3 className="team__subtitle">{t("Invite your team")}</h3>
          {link && <InvitationLink url={link.url} />}
          {link &&
            form(
              TEAM_INTENTS.revoke,
              { invitation_id: link.id },
              button(TEAM_INTENTS.revoke, link.id, t("Revoke this link and make a new one"), ""),
            )}
          {form(
            TEAM_INTENTS.invite,
            {},
            <InviteFields busy={busy === `${TEAM_INTENTS.invite}:${team.id}`} />,
            "team__invite",
          )}
          <h3 className="team__subtitle">{t("Open invitations")}</h3>
          {mailed.length === 0 ? (
            <p>{t("No invitation is waiting to be claimed.")}</p>
          ) : (
            <ul className="team__invitations">
              {mailed.map((invitation) => (
                <li key={invitation.id}>
                  <span>{invitation.email}</span>
                  {form(
                    TEAM_INTENTS.revoke,
                    { invitation_id: invitation.id },
                    button(
                      TEAM_INTENTS.revoke,
                      invitation.id,
                      t("Revoke"),
                      t(" the invitation of {{email}}", { email: invitation.email }),
                    ),
                  )}
                </li>
              ))}
            </ul>
          )}

          <h3 className="team__subtitle">{t("Buy more seats")}</h3>
          {form(
            TEAM_INTENTS.more,
            {},
            <MoreSeatsFields
              price={money(team.unit_price, team.currency)}
              busy={busy === `${TEAM_INTENTS.more}:${team.id}`}
            />,
            "team__more",
          )}
        </>
      )}
    </section>
  );
}

/** A form of the page: its intent and ids as hidden fields, posted to the page's action. */
function TeamForm({
  intent,
  fields,
  onSubmit,
  className,
  children,
}: {
  intent: string;
  fields: Record<string, number>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <form method="post" action="/my-teams" className={className} onSubmit={onSubmit}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}

/** The team's link, to copy: selectable text without JavaScript, a Copy button with it. */
function InvitationLink({ url }: { url: string }) {
  const t = useT();
  const id = useId();
  const hydrated = useHydrated();
  const toast = useToast();
  return (
    <div className="field team__link">
      <label htmlFor={id} className="field__label">
        {t("Invitation link")}
      </label>
      <p id={`${id}-help`} className="field__hint">
        {t("Anyone with this link can claim one free seat.")}
      </p>
      <div className="team__link-row">
        <input
          id={id}
          className="field__control"
          type="url"
          readOnly
          value={url}
          aria-describedby={`${id}-help`}
          onFocus={(event) => event.currentTarget.select()}
        />
        {hydrated && (
          <button
            type="button"
            className="button button--small button--outline"
            onClick={() => {
              navigator.clipboard.writeText(url).then(
                () => toast.success(t("Link copied")),
                () => toast.error(t("The link could not be copied: select it and copy it yourself.")),
              );
            }}
          >
            {t("Copy link")}
          </button>
        )}
      </div>
    </div>
  );
}

function InviteFields({ busy }: { busy: boolean }) {
  const t = useT();
  const id = useId();
  return (
    <>
      <div className="field">
        <label htmlFor={id} className="field__label">
          {t("Invite by e-mail")}
        </label>
        <p id={`${id}-help`} className="field__hint">
          {t("One address a line, or separated by commas: at most {{max}}. Each gets a link of their own.", {
            max: MAX_INVITATIONS,
          })}
        </p>
        <textarea
          id={id}
          name="emails"
          className="field__control field__control--area"
          required
          aria-describedby={`${id}-help`}
        />
      </div>
      <BusyButton busy={busy}>{t("Send invitations")}</BusyButton>
    </>
  );
}

function MoreSeatsFields({ price, busy }: { price: string; busy: boolean }) {
  const t = useT();
  return (
    <>
      <SeatsFields min={1} start={1} busy={busy} />
      <p className="field__hint">{t("{{price}} a seat, as before; paid like any order.", { price })}</p>
    </>
  );
}
