/** Static marketing copy of the home page (SPEC.md section 1: not data driven). */

export interface Product {
  /** An icon's name (home's loader has the server draw it). */
  icon: string;
  name: string;
  description: string;
  points: string[];
}

export const SAAS_PRODUCTS: Product[] = [
  {
    icon: "lucide:cloud",
    name: "Skillshelf Lab Cloud",
    description:
      "Disposable sandboxes that boot in seconds, so every lab runs in a real environment instead of a video.",
    points: ["Linux, Kubernetes and AWS sandboxes", "Auto-cleanup, nothing to pay for by mistake"],
  },
  {
    icon: "lucide:users",
    name: "Skillshelf for Teams",
    description: "Shared libraries, seat management and learning paths for engineering teams of any size.",
    points: ["Assign paths to new joiners", "One invoice, central billing"],
  },
  {
    icon: "lucide:chart-column",
    name: "Skill Insights",
    description: "See which skills your team already has and where the gaps are, from the material they actually use.",
    points: ["Progress dashboards per topic", "Exports for performance reviews"],
  },
];

export const AI_PRODUCTS: Product[] = [
  {
    icon: "lucide:brain",
    name: "AI Study Coach",
    description: "Ask questions about any card or cheat sheet and get answers that cite the page they came from.",
    points: ["Explains commands line by line", "Suggests what to read next"],
  },
  {
    icon: "lucide:layers",
    name: "Flashcard Forge",
    description: "Turns the articles you have read into spaced-repetition flashcards that adapt to what you forget.",
    points: ["Five minutes a day", "Syncs across devices"],
  },
  {
    icon: "lucide:mic",
    name: "Mock Interviewer",
    description:
      "Practise system design and troubleshooting interviews with an AI interviewer that gives honest feedback.",
    points: ["Role-specific question banks", "A written debrief after every session"],
  },
];

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
}

export const TESTIMONIALS: Testimonial[] = [
  {
    quote:
      "The Kubernetes tech cards finally made probes and resource limits click. I keep the PDFs open next to my terminal during on-call.",
    name: "Priya Raman",
    role: "Site Reliability Engineer",
  },
  {
    quote:
      "I prepared for three interviews with the interview kits alone. Short, honest and practical — no padding, no ten-hour videos.",
    name: "Daniel Okafor",
    role: "Backend Developer",
  },
  {
    quote:
      "We give every new joiner the cheat sheets in their first week. Onboarding questions about SQL and Git dropped noticeably.",
    name: "Sofia Lindqvist",
    role: "Engineering Manager",
  },
];
