/**
 * People on a page: names (headings, bold labels, table cells, list items, flat lines) with the title,
 * email and LinkedIn profile that belong to them.
 */
import type * as cheerio from "cheerio";
import type { load } from "cheerio/slim";
import { NAME_PARTICLES } from "./name-particles.ts";
import { decodeCfEmail, findEmails, mailtoAddress, norm, spacedText, textLines } from "./page-text.ts";

type Doc = cheerio.CheerioAPI;

export interface Person {
  first_name: string;
  last_name: string;
  title: string | null;
  email: string | null;
  linkedin_url: string | null;
}

// Words that appear in headings shaped like names ("Our Team", "Get In Touch") but are not names.
const NOT_NAME_WORDS = new Set(
  (
    "team our us about contact get in touch meet the and of for with read more learn office hours location locations sales " +
    "marketing customer success headquarters services service company news blog home privacy policy terms careers jobs pricing " +
    "products product solutions support leadership management board people staff welcome hello partners clients case studies " +
    "follow call email phone address open now today new york street road avenue suite inc ltd llc gmbh corp group " +
    "managing senior junior assistant intern deputy general"
  ).split(" "),
);

/** "Jane Doe", "Anne-Marie van der Berg", "José O'Neil": 2–5 capitalized words, no heading vocabulary. */
export function splitPersonName(text: string): { first_name: string; last_name: string } | null {
  const clean = text.replace(/\s+/g, " ").trim().replace(/,.*$/, "");
  if (clean.length < 4 || clean.length > 60) return null;
  const words = clean.split(" ");
  if (words.length < 2 || words.length > 5) return null;
  for (const w of words) {
    // "Chief Executive Officer" and "Sales Director" are shaped like names too.
    if (NOT_NAME_WORDS.has(w.toLowerCase()) || TITLE_WORD.test(w)) return null;
    if (NAME_PARTICLES.has(w)) continue;
    // Jane, J., O'Neil, McDonald, Mary-Ann; not ACME or acme.
    if (!/^\p{Lu}\p{Ll}*(?:['’-]?\p{Lu}?\p{Ll}+)*\.?$/u.test(w) || (w.length <= 2 && words.length < 3)) return null;
  }
  return { first_name: words[0]!, last_name: words.slice(1).join(" ") };
}

const TITLE_WORDS =
  /\b(ceo|cto|cfo|coo|cmo|cio|ciso|chief|founder|co-founder|cofounder|owner|president|partner|principal|director|head|vp|vice|manager|lead|engineer|developer|designer|consultant|advisor|officer|executive|specialist|associate|analyst|coordinator|representative|recruiter|architect|scientist|accountant|attorney|lawyer|dentist|doctor|physician|nurse|therapist|agent|broker|editor|producer|sales|marketing|operations|account|product|customer|success|support|hr|people|finance)\b/i;

const TITLE_WORD = new RegExp(`^(?:${TITLE_WORDS.source.slice(3, -3)})$`, "i");

export function looksLikeTitle(text: string): boolean {
  const t = text.trim();
  return t.length >= 2 && t.length <= 100 && TITLE_WORDS.test(t) && !t.includes("@");
}

const PERSON_LINKEDIN = /^https?:\/\/([a-z]{2,3}\.)?linkedin\.com\/in\/[^/?#]+/i;
const NAME_SELECTOR = "h1, h2, h3, h4, h5, h6, strong, b, dt, [itemprop=name], [class*=name i]";
const INNER = new Set(["h1", "h2", "h3", "h4", "h5", "h6", "strong", "b"]);
const LABELLED_TITLE = "[itemprop=jobTitle], [class*=title i], [class*=role i], [class*=position i], [class*=job i]";
/** "Jane Doe – CEO", "Jane Doe, CEO", "Jane Doe | CEO | jane@…", "Jane Doe (CEO)". */
const SEPARATOR = /\s*(?:[,|·•–—:()]|\s-\s)\s*/;
// Work per page stays bounded on a page of 100,000 bold words or list items.
const MAX_CANDIDATES = 500;
const MAX_SECTION = 12;

/** A DOM node as cheerio hands it out (domhandler's AnyNode). */
type Node = Exclude<Parameters<typeof load>[0], string | Buffer | readonly unknown[]>;
type Found = Omit<Person, "first_name" | "last_name">;

const TITLE_LEAD = /^(senior|junior|managing|general|deputy|assistant|associate|executive|global|regional|group)$/i;
const bare = (w: string) => w.replace(/[^\p{L}-]/gu, "");

/**
 * A line that is a job title: short, not a sentence, and shaped like one: it starts with a title
 * word ("Head of sales", "Senior account manager") or capitalizes every title word it has
 * ("Customer Success Manager"), which "Cloud Storage – for product teams" does not.
 */
function titleOf(line: string): string | null {
  const t = norm(line);
  if (!looksLikeTitle(t) || !/^[\p{Lu}\d&]/u.test(t) || /[.!?]$/.test(t)) return null;
  const words = t.split(" ");
  if (words.length > 8) return null;
  const first = bare(words[0]!);
  const shaped = TITLE_WORD.test(first) || TITLE_LEAD.test(first) || words.every((w) => !TITLE_WORD.test(bare(w)) || /^\p{Lu}/u.test(w));
  return shaped ? t : null;
}

/**
 * People on team/contact pages, in four layouts:
 * - cards: a name heading or label, and the title/email/LinkedIn in the largest container that
 *   holds no other name;
 * - sections: a name heading without a container of its own owns the siblings that follow it, up
 *   to the next name heading (or a heading of its rank or higher);
 * - table rows: one cell is a name, others the title and address;
 * - lines: "Jane Doe, Managing Director, jane.doe@…" in a list item or paragraph (one per line).
 * A name alone is not a person: it needs a title, an email or a LinkedIn profile beside it.
 */
export function findPeople($: Doc): Person[] {
  const people = new Map<string, Person>();
  const add = (name: { first_name: string; last_name: string }, found: Found) => {
    if (!found.title && !found.email && !found.linkedin_url) return;
    const key = `${name.first_name} ${name.last_name}`.toLowerCase();
    const prev = people.get(key);
    people.set(key, {
      ...name,
      title: prev?.title ?? found.title,
      email: prev?.email ?? found.email,
      linkedin_url: prev?.linkedin_url ?? found.linkedin_url,
    });
  };
  // Every name element of the page, and how many sit under each node, in one pass: climbing from
  // 500 names through one big wrapper must not search the wrapper 500 times.
  const names = new Set<Node>();
  const namesUnder = new Map<Node, number>();
  for (const el of $(NAME_SELECTOR).toArray()) {
    if (holdsInner(el) || !splitPersonName($(el).text())) continue; // the innermost element counts
    names.add(el);
    for (let p = el.parent as Node | null; p; p = p.parent as Node | null) namesUnder.set(p, (namesUnder.get(p) ?? 0) + 1);
  }
  const isName = (n: Node) => names.has(n);
  const namesIn = (n: Node) => namesUnder.get(n) ?? 0;
  const holdsName = (n: Node) => isName(n) || namesIn(n) > 0;

  for (const el of [...names].slice(0, MAX_CANDIDATES)) {
    const text = norm($(el).text());
    const split = splitPersonName(text)!;
    // The card: the largest ancestor (up to 4 levels) that holds no other person's name.
    let card: Node = el;
    for (let i = 0; i < 4; i++) {
      const parent = card.parent as Node | null;
      // A list item, table row or article is a card of its own: never merge it with its neighbours.
      if (!parent || PAGE_LEVEL.has(tagOf(parent)) || OWN_CARD.has(tagOf(card)) || namesIn(parent) > 1) break;
      card = parent;
    }
    const alone = card === el;
    const nodes = alone ? [el, ...sectionAfter(el, holdsName)] : [card];
    if (alone && nodes.length === 1) continue; // a lone bolded name with nothing around it is too weak
    const found = details($, nodes, text);
    // "Jane Doe, CEO" in the heading itself.
    const comma = text.indexOf(",");
    if (comma > 0) found.title ??= titleOf(text.slice(comma + 1));
    add(split, found);
  }

  for (const tr of $("tr").toArray().slice(0, MAX_CANDIDATES)) {
    const cells = $(tr).children("td, th").toArray();
    if (cells.length < 2) continue;
    const at = cells.findIndex((c) => !$(c).find("a[href^='mailto:' i]").length && splitPersonName(norm($(c).text())) !== null);
    if (at < 0) continue;
    const text = norm($(cells[at]!).text());
    add(splitPersonName(text)!, details($, cells, text));
  }

  for (const el of $("li, p, dd, address, div:not(:has(div, p, li, table, section, article))").toArray().slice(0, MAX_CANDIDATES)) {
    const lines = textLines([el]);
    for (const line of lines) {
      const [first, ...rest] = line.split(SEPARATOR).filter(Boolean);
      const name = first ? splitPersonName(first) : null;
      if (!name || !rest.length) continue;
      const found: Found = {
        title: rest.map(titleOf).find((t) => t !== null) ?? null,
        email: findEmails(line).find((e) => addressFits(e, name)) ?? null,
        linkedin_url: null,
      };
      if (lines.length === 1) {
        // One person in the element: its mailto and LinkedIn links are theirs.
        const own = details($, [el], first!);
        if (own.email && addressFits(own.email, name)) found.email ??= own.email;
        found.linkedin_url = own.linkedin_url;
      }
      add(name, found);
    }
  }
  return [...people.values()];
}

const PAGE_LEVEL = new Set(["body", "main", "html", ""]);
const OWN_CARD = new Set(["li", "tr", "article"]);
const tagOf = (n: Node) => ("name" in n ? n.name : "");

/** Whether a heading or bold element sits inside `n`: then that one, not `n`, is the name. */
function holdsInner(n: Node): boolean {
  for (const c of "children" in n ? n.children : []) {
    if ("name" in c && INNER.has(c.name)) return true;
    if (holdsInner(c as Node)) return true;
  }
  return false;
}

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z]/g, "");

/**
 * In a loose line ("Acme Legal · 1 Dock St · hello@acme…") an address is only the person's when it
 * carries their first or last name: a shared inbox next to a name-shaped phrase is not theirs.
 */
function addressFits(email: string, name: { first_name: string; last_name: string }): boolean {
  const local = fold(email.slice(0, email.lastIndexOf("@")));
  const first = fold(name.first_name);
  const last = fold(name.last_name);
  return (first.length >= 2 && local.includes(first)) || (last.length >= 2 && local.includes(last));
}

/**
 * What a name heading with no container of its own owns: the nodes after it (text included) up to
 * the next name, or a heading of the same or higher rank ("Our offices"). A name wrapped alone in
 * a paragraph (<p><strong>Jane Doe</strong></p>) counts from that paragraph.
 */
function sectionAfter(el: Node, holdsName: (n: Node) => boolean): Node[] {
  let start = el;
  for (let i = 0; i < 3; i++) {
    const parent = start.parent as Node | null;
    if (!parent || PAGE_LEVEL.has(tagOf(parent)) || OWN_SECTION.has(tagOf(parent)) || !onlyContent(parent, start)) break;
    start = parent;
  }
  const rank = headingRank(start);
  const out: Node[] = [];
  for (let n = start.nextSibling as Node | null; n && out.length < MAX_SECTION; n = n.nextSibling as Node | null) {
    if (n.nodeType === 1 && (holdsName(n) || headingRank(n) <= rank)) break;
    out.push(n);
  }
  return out;
}

const OWN_SECTION = new Set(["section", "article"]);

/** Whether `child` is all that `parent` holds (whitespace aside). */
function onlyContent(parent: Node, child: Node): boolean {
  for (const c of "children" in parent ? (parent.children as Node[]) : []) {
    if (c === child) continue;
    if (c.nodeType === 1 || ("data" in c && typeof c.data === "string" && c.data.trim())) return false;
  }
  return true;
}

function headingRank(n: Node): number {
  const m = /^h([1-6])$/.exec(tagOf(n));
  return m ? Number(m[1]) : 7;
}

/** Title, email and LinkedIn profile among `nodes` (the nodes themselves and what they hold). */
function details($: Doc, nodes: Node[], nameText: string): Found {
  const $nodes = $(nodes);
  const within = (sel: string) => $nodes.filter(sel).add($nodes.find(sel));
  let title: string | null = null;
  const labelled = norm(within(LABELLED_TITLE).first().text());
  if (labelled && labelled !== nameText && labelled.length <= 100) title = labelled;
  title ??= textLines(nodes).find((l) => !l.includes(nameText) && titleOf(l) !== null) ?? null;
  let email: string | null = null;
  within("a[href^='mailto:' i]").each((_, a) => {
    email ??= mailtoAddress($(a).attr("href") ?? "");
  });
  within("[data-cfemail]").each((_, a) => {
    email ??= decodeCfEmail($(a).attr("data-cfemail") ?? "");
  });
  email ??= findEmails(spacedText(nodes))[0] ?? null;
  let linkedin: string | null = null;
  within("a[href]").each((_, a) => {
    const m = PERSON_LINKEDIN.exec($(a).attr("href") ?? "");
    if (m) linkedin ??= m[0];
  });
  return { title, email, linkedin_url: linkedin };
}
