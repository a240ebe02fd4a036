import { DomUtils, parseDocument } from "htmlparser2";

type Node = ReturnType<typeof parseDocument>["children"][number];

export type Block =
  | { kind: "text"; text: string }
  | { kind: "list"; ordered: boolean; items: string[] }
  | { kind: "table"; head: [string, string] | null; rows: [string, string][] }
  | { kind: "code"; lines: string[] };

export interface Section {
  heading: string;
  blocks: Block[];
}

const squash = (text: string) => text.replace(/\s+/g, " ").trim();
const textOf = (node: Node) => squash(DomUtils.textContent(node));
/** The element children of a node with one of these tag names. */
const childrenNamed = (node: Node, ...names: string[]) =>
  DomUtils.getChildren(node).filter((child) => DomUtils.isTag(child) && names.includes(child.name));
const cellsOf = (row: Node) => childrenNamed(row, "td", "th").map(textOf);
const pair = (cells: string[]): [string, string] => [cells[0] ?? "", cells.slice(1).join(" ")];

/**
 * An article's body as sections of plain-text blocks (paragraphs, lists, a
 * two-column table, code), read with a real HTML parser: what the demo's
 * cheat sheets and diagrams are drawn from.
 */
export function outlineArticle(html: string): Section[] {
  const sections: Section[] = [{ heading: "", blocks: [] }];
  const current = () => sections[sections.length - 1] as Section;
  for (const node of parseDocument(html).children) {
    if (!DomUtils.isTag(node)) continue;
    switch (node.name) {
      case "h1":
      case "h2":
      case "h3":
        sections.push({ heading: textOf(node), blocks: [] });
        break;
      case "p":
        current().blocks.push({ kind: "text", text: textOf(node) });
        break;
      case "ul":
      case "ol":
        current().blocks.push({
          kind: "list",
          ordered: node.name === "ol",
          items: childrenNamed(node, "li").map(textOf),
        });
        break;
      case "table": {
        const rows = DomUtils.getElementsByTagName("tr", node, true);
        const head = rows.find((row) => childrenNamed(row, "th").length > 0);
        current().blocks.push({
          kind: "table",
          head: head ? pair(cellsOf(head)) : null,
          rows: rows.filter((row) => row !== head).map((row) => pair(cellsOf(row))),
        });
        break;
      }
      case "pre":
        current().blocks.push({ kind: "code", lines: DomUtils.textContent(node).replace(/\n+$/, "").split("\n") });
        break;
    }
  }
  return sections.filter((s) => s.heading || s.blocks.length > 0);
}
