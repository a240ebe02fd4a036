/**
 * The notifications page is static sample content (SPEC.md section 2): it is
 * not data driven, so these are fixed examples of what a learner would see.
 */
export type NotificationKind = "order" | "new" | "account" | "tip";

export interface SampleNotification {
  id: string;
  kind: NotificationKind;
  title: string;
  text: string;
  /** Relative time, as written: the sample never changes. */
  when: string;
}

export const UNREAD_NOTIFICATIONS: SampleNotification[] = [
  {
    id: "order-complete",
    kind: "order",
    title: "Your order is complete",
    text: "Payment received for Docker Tech Cards. The full set is ready in My Items.",
    when: "12 minutes ago",
  },
  {
    id: "new-kubernetes",
    kind: "new",
    title: "New artefact: Kubernetes Pocket Guide",
    text: "Probes, resource limits and autoscaling, explained in 14 pocket-sized pages.",
    when: "3 hours ago",
  },
  {
    id: "new-lab",
    kind: "new",
    title: "New lab: Terraform state in practice",
    text: "Import, move and lock state safely in a hands-on lab you can finish in an hour.",
    when: "Yesterday",
  },
];

export const EARLIER_NOTIFICATIONS: SampleNotification[] = [
  {
    id: "cheat-sheet-update",
    kind: "tip",
    title: "Updated: Git Cheat Sheet",
    text: "Six new cards on rebase, reflog and recovering lost commits.",
    when: "3 days ago",
  },
  {
    id: "interview-kit",
    kind: "new",
    title: "New artefact: System Design Interview Kit",
    text: "Twenty practice questions with worked answers and the trade-offs interviewers look for.",
    when: "Last week",
  },
  {
    id: "receipt",
    kind: "order",
    title: "Receipt sent",
    text: "A copy of your receipt for Python Cheat Sheets was sent to your e-mail address.",
    when: "2 weeks ago",
  },
  {
    id: "welcome",
    kind: "account",
    title: "Welcome to Skillshelf",
    text: "Your account is ready. Every purchase comes with a 6-day money-back guarantee.",
    when: "3 weeks ago",
  },
];
