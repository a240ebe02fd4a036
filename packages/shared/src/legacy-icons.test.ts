import { describe, expect, it } from "vitest";
import { ADMIN_MESSAGES, categoryCreateSchema, categoryUpdateSchema } from "./admin-forms.ts";
import { catalogueFileSchema } from "./catalogue-file.ts";
import { DEFAULT_ICON, ICON_NAME_MAX, isIconName, parseIconName } from "./icons.ts";
import { EMOJI_ICONS, iconNameOf, legacyIconOf } from "./legacy-icons.ts";

describe("icon names", () => {
  it("are a kept set's prefix and a slug", () => {
    expect(parseIconName("simple-icons:docker")).toEqual({ set: "simple-icons", slug: "docker" });
    expect(parseIconName("lucide:flask-conical")).toEqual({ set: "lucide", slug: "flask-conical" });
    for (const other of ["docker", "lucide:", "mdi:home", "lucide:Flask", "lucide:a--b", " lucide:x", "🐳", ""]) {
      expect(parseIconName(other), other).toBeNull();
    }
    expect(isIconName(`lucide:${"a".repeat(ICON_NAME_MAX - 7)}`)).toBe(true);
    expect(isIconName(`lucide:${"a".repeat(ICON_NAME_MAX - 6)}`)).toBe(false);
  });

  it("map to themselves; an old emoji, with or without its variation selector, to its icon; else the default", () => {
    expect(iconNameOf("simple-icons:docker")).toBe("simple-icons:docker");
    expect(iconNameOf(" lucide:layers ")).toBe("lucide:layers");
    expect(iconNameOf("🐳")).toBe("simple-icons:docker");
    expect(iconNameOf("☁️")).toBe("lucide:cloud");
    expect(iconNameOf("☁")).toBe("lucide:cloud");
    expect(iconNameOf("☸️")).toBe("simple-icons:kubernetes");
    expect(iconNameOf("")).toBe(DEFAULT_ICON);
    expect(iconNameOf("🦄")).toBe(DEFAULT_ICON);
    expect(iconNameOf("docker")).toBe(DEFAULT_ICON);
    expect(legacyIconOf("docker")).toBeNull();
    expect(legacyIconOf("🛡️")).toBe("lucide:shield");
  });

  it("stand for every emoji of the table with a name, and no key keeps a variation selector", () => {
    for (const [emoji, name] of Object.entries(EMOJI_ICONS)) {
      expect(emoji).not.toMatch(/\uFE0F/);
      expect(isIconName(name), `${emoji} → ${name}`).toBe(true);
    }
  });
});

describe("the icon field", () => {
  const file = (icon: string | undefined) => ({
    version: 1 as const,
    categories: [{ slug: "tools", name: "Tools", ...(icon === undefined ? {} : { icon }) }],
  });
  const importedIcon = (icon: string | undefined) => catalogueFileSchema("GBP").parse(file(icon)).categories[0]?.icon;

  it("of an import file reads an old file's emoji as its icon, a blank or missing one as the default", () => {
    expect(importedIcon("🐳")).toBe("simple-icons:docker");
    expect(importedIcon("lucide:flask-conical")).toBe("lucide:flask-conical");
    expect(importedIcon("")).toBe(DEFAULT_ICON);
    expect(importedIcon(undefined)).toBe(DEFAULT_ICON);
    expect(importedIcon("🦄")).toBe(DEFAULT_ICON);
    expect(catalogueFileSchema("GBP").safeParse(file(`lucide:${"a".repeat(60)}`)).success).toBe(false);
  });

  it("of the admin form takes a name, reads blank and an old emoji, and refuses anything else", () => {
    const create = categoryCreateSchema("GBP");
    const base = { slug: "tools", name: "Tools" };
    expect(create.parse(base).icon).toBe(DEFAULT_ICON);
    expect(create.parse({ ...base, icon: "" }).icon).toBe(DEFAULT_ICON);
    expect(create.parse({ ...base, icon: "simple-icons:docker" }).icon).toBe("simple-icons:docker");
    expect(create.parse({ ...base, icon: "🧪" }).icon).toBe("lucide:flask-conical");
    const refused = create.safeParse({ ...base, icon: "docker" });
    expect(refused.error?.issues.map((i) => i.message)).toEqual([ADMIN_MESSAGES.iconUnknown]);
    const long = create.safeParse({ ...base, icon: `lucide:${"a".repeat(60)}` });
    expect(long.error?.issues[0]?.message).toBe("Icon must be at most 64 characters");
    expect(categoryUpdateSchema("GBP").parse({}).icon).toBeUndefined();
  });
});
