import type { CategoriesResponse, OrderRow } from "@skillshelf/shared/api.ts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAdmin } from "../support/admin.ts";
import { baseUrl, expectAccessible, inOtherContext, useBrowser } from "../support/browser.ts";
import { OLD_ORDER } from "../support/learner.ts";
import { getCategories } from "../support/public-catalogue.ts";
import { emptyCart, type StorageState, useLearnerBrowser } from "../support/purchase.ts";

/*
 * Category icons are inline SVG from the kept icon sets, drawn by the server from their names
 * (decision 0042): never emoji, which a browser without a colour-emoji font draws as empty boxes.
 * Each icon slot of each page that shows icons is an <svg>, decorative beside its name, that
 * draws a path: its own, or that of the page's sprite symbol it uses (home's tiles), and its
 * screenshot shows the drawing. This machine's browser has no colour-emoji font (Debian's
 * chromium-headless-shell with no fonts-noto-color-emoji), as a minimal desktop or a kiosk:
 * an emoji would be an empty box here, the SVG draws the same as anywhere.
 */

interface Slot {
  svg: boolean;
  path: boolean;
  sized: boolean;
  decorative: boolean;
  emoji: boolean;
}
const DRAWN: Slot = { svg: true, path: true, sized: true, decorative: true, emoji: false };

/**
 * What each element of `selector` (an icon's svg) draws, and whether any text beside it is an
 * emoji. With `shapes`, a drawing of circles only (lucide:target) counts as a path too.
 */
async function iconSlots(page: Page, selector: string, shapes = false): Promise<Slot[]> {
  return page.locator(selector).evaluateAll(
    (elements, drawingElements) =>
      elements.map((element) => {
        const svg = element instanceof SVGSVGElement ? element : null;
        const use = svg?.querySelector("use");
        const drawing = use ? document.getElementById((use.getAttribute("href") ?? "").replace(/^#/, "")) : svg;
        const box = svg?.getBoundingClientRect();
        return {
          svg: svg !== null,
          path:
            (drawing?.querySelector("path")?.getAttribute("d") ?? "").length > 0 ||
            (drawingElements !== "path" && drawing?.querySelector(drawingElements) != null),
          sized: !!box && box.width > 0 && box.height > 0,
          decorative: svg?.getAttribute("aria-hidden") === "true",
          emoji: /\p{Extended_Pictographic}/u.test(element.parentElement?.textContent ?? ""),
        };
      }),
    shapes ? "path, circle, ellipse, rect, polygon, polyline, line" : "path",
  );
}

/** Below this share of drawn pixels a slot's screenshot counts as blank (the demo's icons draw 10-75 %). */
const BLANK = 0.03;

/**
 * The share of each slot's screenshot that is drawn: pixels that differ from its most frequent
 * colour (the background behind the icon). The screenshots are read in a blank page of the same
 * browser, which decodes PNG; the store's pages allow no data: fetch.
 */
async function drawnShares(page: Page, selector: string): Promise<number[]> {
  const shots: string[] = [];
  for (const slot of await page.locator(selector).all())
    shots.push((await slot.screenshot({ animations: "disabled", scale: "css" })).toString("base64"));
  const decoder = await page.context().newPage();
  try {
    return await decoder.evaluate(
      (pngs) =>
        Promise.all(
          pngs.map(async (png) => {
            const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${png}`)).blob());
            const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
            const context = canvas.getContext("2d");
            if (!context) throw new Error("no 2d canvas");
            context.drawImage(bitmap, 0, 0);
            const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
            const pixels = data.length / 4;
            const counts = new Map<number, number>();
            const colour = (i: number) => ((data[i] ?? 0) << 16) | ((data[i + 1] ?? 0) << 8) | (data[i + 2] ?? 0);
            for (let i = 0; i < data.length; i += 4) counts.set(colour(i), (counts.get(colour(i)) ?? 0) + 1);
            const background = [...counts].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
            const distance = (i: number) =>
              Math.abs((data[i] ?? 0) - (background >> 16)) +
              Math.abs((data[i + 1] ?? 0) - ((background >> 8) & 255)) +
              Math.abs((data[i + 2] ?? 0) - (background & 255));
            let drawn = 0;
            for (let i = 0; i < data.length; i += 4) if (distance(i) > 48) drawn++;
            return drawn / pixels;
          }),
        ),
      shots,
    );
  } finally {
    await decoder.close();
  }
}

async function expectDrawn(page: Page, selector: string, count: number, shapes = false) {
  const where = `${page.url()} ${selector}`;
  const slots = await iconSlots(page, selector, shapes);
  expect(slots.length, where).toBe(count);
  expect(slots, where).toEqual(slots.map(() => DRAWN));
  // Seen, not only in the DOM: each slot's screenshot shows a drawing, none is blank.
  const shares = await drawnShares(page, selector);
  expect(
    shares.flatMap((share, slot) => (share < BLANK ? [`slot ${slot}: ${(share * 100).toFixed(1)} % drawn`] : [])),
    where,
  ).toEqual([]);
}

describe("catalogue icons", () => {
  let categories: CategoriesResponse;
  beforeAll(async () => {
    categories = await getCategories();
  });
  const artefacts = () => categories.data.filter((c) => c.parent_id > 0);
  const slug = (s: string) => {
    const found = categories.data.find((c) => c.slug === s);
    if (!found) throw new Error(`no category ${s}`);
    return found;
  };

  describe("on the public pages", () => {
    const session = useBrowser();

    it("are SVG drawings on home: tiles, group headings, format cards, the hero's cards and the products", async () => {
      const { page } = session;
      await page.goto("/");
      const parents = categories.data.filter((c) => c.parent_id === 0 && c.content.length > 0);
      await expectDrawn(page, ".artefact-tile > svg", artefacts().length);
      await expectDrawn(page, ".artefact-group__title > svg", parents.length);
      await expectDrawn(page, ".format-card__icon > svg", 6);
      await expectDrawn(page, ".hero-card__icon > svg", 3);
      await expectDrawn(page, ".product-card__icon > svg", 6);
      // Docker's tile uses the brand's drawing: the same one its listing's hero draws.
      const dockerTile = await page
        .locator('.artefact-tile[href="/docker"] > svg use')
        .evaluate((use) => document.getElementById((use.getAttribute("href") ?? "").slice(1))?.innerHTML);
      await page.goto("/docker");
      expect(await page.locator(".page-hero__icon > svg").innerHTML()).toBe(dockerTile);
    });

    it("are SVG drawings after a client-side navigation home, and on a letter's page", async () => {
      const { page } = session;
      await page.goto("/docker");
      await page.locator("a.brand").click();
      await page.waitForURL("/");
      await expect.poll(() => page.locator(".artefact-tile").count()).toBe(artefacts().length);
      await expectDrawn(page, ".artefact-tile > svg", artefacts().length);
      await expectDrawn(page, ".format-card__icon > svg", 6);
      await page.locator(".letter-filter").getByRole("button", { name: "D", exact: true }).click();
      await page.waitForURL("/?letter=D");
      const starting = artefacts().filter((a) => a.name.startsWith("D")).length;
      await expect.poll(() => page.locator(".artefact-tile").count()).toBe(starting);
      await expectDrawn(page, ".artefact-tile > svg", starting);
    });

    it("are SVG drawings on a parent's listing (hero and artefact cards) and an artefact's hero", async () => {
      const { page } = session;
      const parent = slug("tech-cards");
      await page.goto(`/${parent.slug}`);
      await expectDrawn(page, ".page-hero__icon > svg", 1);
      await expectDrawn(page, ".artefact-card__icon > svg", parent.content.length);
      await page.goto("/kubernetes");
      await expectDrawn(page, ".page-hero__icon > svg", 1);
    });
  });

  describe("on a learner's pages", () => {
    const session = useLearnerBrowser();

    it("are SVG drawings in the cart, at checkout, in My Items, My Orders and an order's details", async () => {
      const { page } = session;
      // Something priced that the shared learner neither owns nor has in the cart (other files buy some).
      let added = false;
      for (const artefact of artefacts()) {
        const response = await page.request.post("/api/cart/add", {
          data: { sub_category_id: artefact.id, group_id: null },
        });
        if (response.ok()) {
          added = true;
          break;
        }
      }
      expect(added, "an artefact to put in the cart").toBe(true);
      try {
        await page.goto("/cart");
        await expectDrawn(page, ".cart-line__icon > svg", 1);
        await page.goto("/checkout");
        await expectDrawn(page, ".cart-line__icon > svg", 1);
      } finally {
        await emptyCart(page.request);
      }

      await page.goto("/my-items");
      const owned = await page.locator(".owned-item").count();
      expect(owned).toBeGreaterThan(0);
      await expectDrawn(page, ".owned-item__icon > svg", owned);

      await page.goto("/my-orders");
      const lines = await page.locator(".order-line").count();
      expect(lines).toBeGreaterThan(0);
      await expectDrawn(page, ".order-line__icon > svg", lines);

      const orders = (await (await page.request.get("/api/get-orders?limit=100")).json()) as {
        data: { rows: OrderRow[] };
      };
      const old = orders.data.rows.find((row) => row.orders.some((line) => line.groups?.name === OLD_ORDER.group));
      if (!old) throw new Error("no old order");
      await page.goto(`/order-details/${old.id}`);
      await expectDrawn(page, ".order-line__icon > svg", old.orders.length);
    });
  });

  describe("in the admin area", () => {
    let adminState: StorageState;
    const session = useBrowser({ storageState: () => adminState });
    let regexId = 0;

    beforeAll(async () => {
      adminState = await signInAdmin(session.browser);
      regexId = slug("regex").id;
    });
    afterAll(async () => {
      // The demo's icon again, for the files after this one on the same store.
      const context = await session.browser.newContext({ baseURL: baseUrl, storageState: adminState });
      try {
        const restored = await context.request.patch(`/api/admin/categories/${regexId}`, {
          data: { icon: "lucide:regex" },
        });
        expect(restored.status(), await restored.text()).toBe(200);
      } finally {
        await context.close();
      }
    });

    it("are SVG drawings in the catalogue tree and on an order's page", async () => {
      const { page } = session;
      await page.goto("/admin/catalogue");
      const rows = await page.locator(".admin-tree__parent, .admin-tree__artefact").count();
      expect(rows).toBeGreaterThan(0);
      await expectDrawn(page, "svg.admin-tree__icon", rows);

      const learnerOrders = await page.request.get("/api/admin/orders");
      expect(learnerOrders.status()).toBe(200);
      const { rows: orders } = ((await learnerOrders.json()) as { data: { rows: { id: number }[] } }).data;
      const first = orders[0];
      if (!first) throw new Error("no order");
      await page.goto(`/admin/orders/${first.id}`);
      const lines = await page.locator(".admin-table tbody tr").count();
      await expectDrawn(page, ".admin-table tbody td > svg", lines);
    });

    it("are chosen with the picker: search dock, choose docker with the keyboard, save, and the listing draws it", async () => {
      const { page } = session;
      await page.goto(`/admin/catalogue/categories/${regexId}`);
      await page.getByRole("heading", { name: "Edit artefact: Regular Expressions" }).waitFor();
      const picker = page.getByRole("group", { name: "Icon" });
      expect(await picker.getByRole("radio", { checked: true }).getAttribute("value")).toBe("lucide:regex");
      await expectDrawn(page, ".icon-picker__choices svg", await picker.getByRole("radio").count(), true);

      await picker.getByLabel("Find an icon").fill("dock");
      // The search, once typing pauses: its answer has Lucide's dock, which the suggestions do not.
      await page.waitForURL(/[?&]icons=dock/);
      await picker.getByRole("radio", { name: "dock drawing" }).waitFor();
      const docker = picker.getByRole("radio", { name: "docker brand" });
      // The chosen icon stays first; the arrow keys move the choice through the radios to Docker's.
      await picker.getByRole("radio", { checked: true }).focus();
      for (let i = 0; i < 10 && !(await docker.isChecked()); i++) await page.keyboard.press("ArrowDown");
      expect(await docker.isChecked()).toBe(true);
      expect(await picker.locator(".icon-picker__preview").textContent()).toBe("Chosen icon: simple-icons:docker");
      await expectAccessible(page);

      await page.getByRole("button", { name: "Save", exact: true }).click();
      const savedIcon = async () => {
        const saved = (await (await page.request.get("/api/categories")).json()) as CategoriesResponse;
        return saved.data.find((c) => c.id === regexId)?.icon;
      };
      await expect.poll(savedIcon).toBe("simple-icons:docker");

      await page.goto("/docker");
      const dockerDrawing = await page.locator(".page-hero__icon > svg").innerHTML();
      await page.goto("/regex");
      await expectDrawn(page, ".page-hero__icon > svg", 1);
      expect(await page.locator(".page-hero__icon > svg").innerHTML()).toBe(dockerDrawing);
    });

    it("searches without JavaScript: the search is a form, its answer a page of radios", async () => {
      await inOtherContext(session, { storageState: adminState, javaScriptEnabled: false }, async (page) => {
        await page.goto(`/admin/catalogue/categories/${regexId}`);
        const picker = page.getByRole("group", { name: "Icon" });
        await picker.getByLabel("Find an icon").fill("kube");
        await picker.getByLabel("Find an icon").press("Enter");
        await page.waitForURL(/[?&]icons=kube/);
        await picker.getByRole("radio", { name: "kubernetes brand" }).waitFor();
        await expectDrawn(page, ".icon-picker__choices svg", await picker.getByRole("radio").count(), true);
      });
    });
  });
});
