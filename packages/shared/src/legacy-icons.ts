import { DEFAULT_ICON, isIconName } from "./icons.ts";

/**
 * Icons were emoji before they were named (icons.ts), and a browser without a
 * colour-emoji font drew them as empty boxes. Old import files still carry
 * emoji: each is read as the icon below, and any other value as DEFAULT_ICON.
 * Migration 0017 (apps/server/drizzle) turned the stored ones into the same
 * names; apps/server/src/catalogue/icon-sets.test.ts checks that it says what this says.
 * Keys are without the variation selector U+FE0F ("☁️" is "☁").
 */
export const EMOJI_ICONS: Readonly<Record<string, string>> = {
  // The demo catalogue's emoji, as they were.
  "🃏": "lucide:layers",
  "🐳": "simple-icons:docker",
  "☸": "simple-icons:kubernetes",
  "🌿": "lucide:git-branch",
  "🐧": "simple-icons:linux",
  "📋": "lucide:clipboard-list",
  "🗃": "lucide:database",
  "📝": "lucide:notebook-pen",
  "💲": "lucide:dollar-sign",
  "🔎": "lucide:search",
  "🧪": "lucide:flask-conical",
  "🏗": "lucide:construction",
  "☁": "lucide:cloud",
  "🌐": "lucide:globe",
  "🔍": "lucide:search",
  "🧱": "lucide:blocks",
  "🟨": "lucide:square",
  "🔭": "lucide:telescope",
  "🐍": "simple-icons:python",
  "🤖": "lucide:bot",
  "📘": "lucide:book",
  "🔤": "lucide:type",
  "📡": "lucide:satellite-dish",
  "📄": "lucide:file-text",
  "🔐": "lucide:lock-keyhole",
  "🎯": "lucide:target",
  "🛡": "lucide:shield",
  "🎨": "lucide:palette",
  "🚨": "lucide:siren",
  "🔒": "lucide:lock",
  // Others an operator may have typed.
  "📚": "lucide:library",
  "📖": "lucide:book-open",
  "📗": "lucide:book",
  "📕": "lucide:book",
  "📙": "lucide:book",
  "🎓": "lucide:graduation-cap",
  "💻": "lucide:laptop",
  "🖥": "lucide:monitor",
  "⌨": "lucide:terminal",
  "⚙": "lucide:settings",
  "🔧": "lucide:wrench",
  "🛠": "lucide:wrench",
  "🔨": "lucide:hammer",
  "🚀": "lucide:rocket",
  "📊": "lucide:chart-column",
  "📈": "lucide:trending-up",
  "🧠": "lucide:brain",
  "💡": "lucide:lightbulb",
  "🧩": "lucide:puzzle",
  "🔥": "lucide:flame",
  "⚡": "lucide:zap",
  "🗄": "lucide:database",
  "💾": "lucide:hard-drive",
  "🔑": "lucide:key",
  "🐛": "lucide:bug",
  "🔬": "lucide:microscope",
  "📱": "lucide:smartphone",
  "🎙": "lucide:mic",
  "👥": "lucide:users",
  "☕": "lucide:coffee",
  "🐘": "simple-icons:postgresql",
  "🦀": "simple-icons:rust",
  "💎": "simple-icons:ruby",
  "⚛": "simple-icons:react",
};

/** The icon a stored or imported value stands for: a name as it is, a known emoji's icon, else DEFAULT_ICON. */
export function iconNameOf(value: string): string {
  const trimmed = value.trim();
  if (isIconName(trimmed)) return trimmed;
  return legacyIconOf(trimmed) ?? DEFAULT_ICON;
}

/** What a value from before icons were named stands for: blank is DEFAULT_ICON, a known emoji its icon; else null. */
export function legacyIconOf(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === "") return DEFAULT_ICON;
  return EMOJI_ICONS[trimmed.replace(/\uFE0F/g, "")] ?? null;
}
