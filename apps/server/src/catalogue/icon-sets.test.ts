import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { CatalogueFileInput } from "@skillshelf/shared/catalogue-file.ts";
import { DEFAULT_ICON } from "@skillshelf/shared/icons.ts";
import { EMOJI_ICONS, iconNameOf } from "@skillshelf/shared/legacy-icons.ts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  iconChoices,
  iconExists,
  iconSetsLoaded,
  iconSvg,
  iconSvgs,
  SETS_KEPT_MS,
  SUGGESTED_ICONS,
  searchIcons,
} from "./icon-sets.ts";

const MIGRATION = fileURLToPath(new URL("../../drizzle/0017_named_icons.sql", import.meta.url));
const DEMO = fileURLToPath(new URL("../../demo/catalogue.json", import.meta.url));

describe("the icon sets in memory", () => {
  it("are let go a while after their last use; drawings made stay, and a new name reads them again", () => {
    vi.useFakeTimers();
    try {
      const docker = iconSvg("simple-icons:docker");
      expect(iconSetsLoaded()).toBe(true);
      vi.advanceTimersByTime(SETS_KEPT_MS / 2);
      // A use keeps them another while.
      expect(iconExists("lucide:layers")).toBe(true);
      vi.advanceTimersByTime(SETS_KEPT_MS / 2 + 1);
      expect(iconSetsLoaded()).toBe(true);
      vi.advanceTimersByTime(SETS_KEPT_MS);
      expect(iconSetsLoaded()).toBe(false);
      // What was drawn is kept without them.
      expect(iconSvg("simple-icons:docker")).toBe(docker);
      expect(iconSetsLoaded()).toBe(false);
      expect(iconSvg("simple-icons:kubernetes").body).toMatch(/^<path/);
      expect(iconSetsLoaded()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("an icon's name", () => {
  it("resolves to its set's drawing: a brand's path, a drawing's strokes", () => {
    const docker = iconSvg("simple-icons:docker");
    expect(docker.viewBox).toBe("0 0 24 24");
    expect(docker.body).toMatch(/^<path fill="currentColor" d="M/);
    const flask = iconSvg("lucide:flask-conical");
    expect(flask.body).toContain('stroke="currentColor"');
    expect(flask.body).toContain("<path");
    expect(flask).not.toEqual(docker);
  });

  it("that only renames another (an alias) draws that one", () => {
    expect(iconExists("lucide:alert-circle")).toBe(true);
    expect(iconSvg("lucide:alert-circle")).toEqual(iconSvg("lucide:circle-alert"));
  });

  it("draws the default icon when no set has it, and an old emoji as its icon", () => {
    const fallback = iconSvg(DEFAULT_ICON);
    for (const value of ["lucide:no-such-icon", "simple-icons:nope", "", "🦄", "docker", "__proto__", "constructor"]) {
      expect(iconExists(value), value).toBe(false);
      expect(iconSvg(value), value).toEqual(fallback);
    }
    expect(iconSvg("🐳")).toEqual(iconSvg("simple-icons:docker"));
    expect(iconSvg("☁️")).toEqual(iconSvg("lucide:cloud"));
  });

  it("gives a page each value's drawing under the value itself, as own properties only", () => {
    const icons = iconSvgs(["simple-icons:git", "🐳", "simple-icons:git", "__proto__", "lucide:nope"]);
    expect(Object.keys(icons).sort()).toEqual(["__proto__", "lucide:nope", "simple-icons:git", "🐳"].sort());
    expect(icons["🐳"]).toEqual(iconSvg("simple-icons:docker"));
    expect(Object.getPrototypeOf(icons)).toBe(Object.prototype);
    expect(Object.hasOwn(icons, "constructor")).toBe(false);
  });

  it("of every old emoji, of the default, of the suggestions and of the demo catalogue is in a set", () => {
    const demo = JSON.parse(fs.readFileSync(DEMO, "utf8")) as CatalogueFileInput;
    const demoIcons = demo.categories.flatMap((p) => [p.icon ?? "", ...(p.artefacts ?? []).map((a) => a.icon ?? "")]);
    expect(demoIcons.length).toBeGreaterThan(20);
    const names = [...Object.values(EMOJI_ICONS), DEFAULT_ICON, ...SUGGESTED_ICONS, ...demoIcons];
    expect(names.filter((name) => !iconExists(name))).toEqual([]);
    expect(demoIcons).toContain("simple-icons:docker");
  });
});

describe("the icon search", () => {
  it("finds the exact slug first, then those that start with it, then the rest", () => {
    const found = searchIcons("dock", 30);
    expect(found.slice(0, 2)).toEqual(["lucide:dock", "simple-icons:docker"]);
    expect(found.length).toBeGreaterThan(2);
    expect(searchIcons("git", 5)[0]).toBe("simple-icons:git");
    expect(searchIcons("Docker", 1)).toEqual(["simple-icons:docker"]);
  });

  it("reads spaces as hyphens, searches one set after its prefix, and stops at the limit", () => {
    expect(searchIcons("flask conical", 3)).toContain("lucide:flask-conical");
    const lucide = searchIcons("lucide:book", 10);
    expect(lucide.length).toBe(10);
    expect(lucide.every((name) => name.startsWith("lucide:"))).toBe(true);
    expect(lucide[0]).toBe("lucide:book");
    expect(searchIcons("  ", 10)).toEqual([]);
    expect(searchIcons("zzzzqqq", 10)).toEqual([]);
  });

  it("gives the picker the icon chosen now, and what it finds or the suggestions, drawn", () => {
    const { chosen, found } = iconChoices({ current: "🐳", search: "kube" });
    expect(chosen).toEqual({ name: "simple-icons:docker", svg: iconSvg("simple-icons:docker") });
    expect(found.slice(0, 3).map((c) => c.name)).toContain("simple-icons:kubernetes");
    expect(found.every((choice) => choice.svg.body.length > 0)).toBe(true);
    const suggested = iconChoices({ current: "" });
    expect(suggested.chosen.name).toBe(DEFAULT_ICON);
    expect(suggested.found.map((c) => c.name)).toEqual([...SUGGESTED_ICONS]);
  });
});

describe("migration 0017", () => {
  const sql = fs.readFileSync(MIGRATION, "utf8");
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec(`CREATE TABLE "categories" ("id" serial PRIMARY KEY, "icon" text NOT NULL DEFAULT '')`);
  });
  afterAll(() => db?.close());

  it("names each emoji as legacy-icons.ts does", () => {
    const pairs = Object.fromEntries([...sql.matchAll(/WHEN '([^']+)' THEN '([^']+)'/g)].map((m) => [m[1], m[2]]));
    expect(pairs).toEqual(EMOJI_ICONS);
    expect(sql).toContain(`ELSE '${DEFAULT_ICON}'`);
  });

  it("turns stored values into the names iconNameOf reads them as", async () => {
    const stored = ["🐳", "☁️", "☸️ ", "", "🦄", "docker", "lucide:layers", " simple-icons:git ", "lucide:No"];
    for (const icon of stored) await db.query(`INSERT INTO "categories" ("icon") VALUES ($1)`, [icon]);
    await db.exec(sql);
    const { rows } = await db.query<{ icon: string }>(`SELECT "icon" FROM "categories" ORDER BY "id"`);
    expect(rows.map((r) => r.icon)).toEqual(stored.map(iconNameOf));
  });
});
