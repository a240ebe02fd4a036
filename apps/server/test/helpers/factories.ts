import type {
  ArtefactFileInput,
  CatalogueFileInput,
  ContentFileInput,
  ParentFileInput,
} from "@skillshelf/shared/catalogue-file.ts";
import { type MediaSubject, renderCheatSheet, renderDiagram } from "../../src/seed/demo-media.ts";

let counter = 0;
const next = () => ++counter;

const subject = (title: string): MediaSubject => ({
  title,
  summary: "A test document.",
  artefact: "Tests",
  parent: "Fixtures",
  html: "<h2>Steps</h2><ol><li>Upload it.</li><li>Download it again.</li></ol>",
});

/** A real PNG, drawn by the demo's renderer: the same seed gives the same bytes, another seed others. */
const pngs = new Map<string, string>();
export const pngBase64 = (seed = "test") => {
  const png = pngs.get(seed) ?? renderDiagram(subject(seed)).toString("base64");
  pngs.set(seed, png);
  return png;
};

/** A real one-page PDF (drawn once: the PDF library is asynchronous, test catalogues are not). */
const PDF = (await renderCheatSheet(subject("A test document"))).toString("base64");
export const pdfBase64 = () => PDF;

export function content(overrides: Partial<ContentFileInput> = {}): ContentFileInput {
  const n = next();
  return {
    slug: `article-${n}`,
    title: `Article ${n}`,
    short_description: `A short description of article ${n}.`,
    description: `<h2>Article ${n}</h2><p>Body of article ${n}.</p>`,
    ...overrides,
  };
}

export function artefact(overrides: Partial<ArtefactFileInput> = {}): ArtefactFileInput {
  const n = next();
  return {
    slug: `artefact-${n}`,
    name: `Artefact ${n}`,
    icon: "lucide:package",
    single_line: `Artefact ${n} in one line`,
    ...overrides,
  };
}

export function parent(overrides: Partial<ParentFileInput> = {}): ParentFileInput {
  const n = next();
  return { slug: `parent-${n}`, name: `Parent ${n}`, icon: "lucide:library", single_line: `Parent ${n}`, ...overrides };
}

/**
 * A small store: a header parent with a priced artefact (priced and free
 * groups, ungrouped content) and a free artefact with media; a second parent
 * off the header menu; and a hidden parent.
 */
export function smallCatalogue(): CatalogueFileInput {
  return {
    version: 1,
    categories: [
      {
        ...parent({
          slug: "tech-cards",
          name: "Tech Cards",
          is_header_menu: true,
          meta_title: "Tech Cards | Skillshelf",
        }),
        artefacts: [
          {
            ...artefact({ slug: "docker", name: "Docker", price: 19.99, payment_note: "Lifetime access." }),
            groups: [
              {
                name: "Basics",
                price: 5,
                payment_note: "Just the basics.",
                contents: [
                  content({
                    slug: "images",
                    title: "Images and layers",
                    media: [
                      { name: "layers.png", mimetype: "image/png", data_base64: pngBase64("layers") },
                      { name: "layers.pdf", mimetype: "application/pdf", data_base64: pdfBase64() },
                    ],
                    related: ["docker/volumes", "git/branches"],
                  }),
                ],
              },
              { name: "Extras", contents: [content({ slug: "compose", title: "Compose" })] },
            ],
            contents: [content({ slug: "volumes", title: "Volumes", related: ["docker/images"] })],
          },
          {
            ...artefact({ slug: "git", name: "Git", is_header_menu: false }),
            contents: [
              content({
                slug: "branches",
                title: "Branches",
                description:
                  '<h1>Branches</h1><p onclick="steal()">Safe</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
                media: [{ name: "branches.png", mimetype: "image/png", data_base64: pngBase64("branches") }],
              }),
            ],
          },
        ],
      },
      {
        ...parent({ slug: "labs", name: "Labs" }),
        artefacts: [{ ...artefact({ slug: "kubernetes", name: "Kubernetes" }), contents: [content({ slug: "pods" })] }],
      },
      {
        ...parent({ slug: "secret", name: "Secret", hidden: true }),
        artefacts: [{ ...artefact({ slug: "hidden-artefact", name: "Hidden" }), contents: [content({ slug: "x" })] }],
      },
    ],
  };
}
