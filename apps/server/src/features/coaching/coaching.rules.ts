/**
 * The coaching rules: each looks at one thing in a draft and, when it finds a problem, says what,
 * where, how to fix it and how many points of its category it costs. Weights are in
 * docs/email-coaching.md; the scorer (coaching.scorer.ts) turns findings into the 0–100 score.
 */
import type { CoachingAdvice, CoachingCategory } from "@prospector/contracts";
import { type Draft, isLeadLink, isUnsubscribeLink, siteOf } from "./coaching.draft.ts";
import { findSpamPhrases, type PhraseCategory } from "./coaching.phrases.ts";
import { type Readability, readability, wordsOf } from "./coaching.readability.ts";

export interface Finding {
  rule: string;
  category: CoachingCategory;
  /** Points taken from the category. */
  deduction: number;
  title: string;
  fix: string;
  where: CoachingAdvice["where"];
  excerpts: string[];
}

export interface Analysis {
  draft: Draft;
  body: Readability;
  links: Draft["links"];
  questions: number;
  youWords: number;
  weWords: number;
}

/** Acronyms of four letters or more that are not shouting. */
const ACRONYMS = new Set([
  "HTML",
  "HTTP",
  "HTTPS",
  "JSON",
  "SAAS",
  "GDPR",
  "HIPAA",
  "CCPA",
  "NASA",
  "NASDAQ",
  "SOC2",
  "ISO",
  "OKRS",
  "KPIS",
  "SMTP",
  "IMAP",
  "DMARC",
  "DKIM",
  "B2B",
  "B2C",
]);
const capsWordsOf = (text: string) => (text.match(/(?<![\p{L}\p{N}])\p{Lu}{4,}(?![\p{L}\p{N}])/gu) ?? []).filter((w) => !ACRONYMS.has(w));

const YOU = /(?<![\p{L}'’])(you|your|yours|yourself|you're|you’re|you've|you’ve|you'll|you’ll|you'd)(?![\p{L}'’])/giu;
const WE = /(?<![\p{L}'’])(we|our|ours|us|we're|we’re|we've|we’ve|i|my|me|i'm|i’m|i've|i’ve)(?![\p{L}'’])/giu;
const count = (text: string, re: RegExp) => (text.match(re) ?? []).length;
const unique = (xs: string[]) => [...new Set(xs)];

export function analyse(draft: Draft): Analysis {
  return {
    draft,
    body: readability(draft.text),
    links: draft.links.filter((l) => !isUnsubscribeLink(l)),
    questions: count(draft.text, /\?/g),
    youWords: count(draft.text, YOU),
    weWords: count(draft.text, WE),
  };
}

const PHRASE_FIX: Record<PhraseCategory, string> = {
  money: "Talk about the result for them in plain words, not money, prices or earnings.",
  urgency: "Drop the pressure: a cold email that hurries the reader reads like an ad. Give a reason to reply instead.",
  free: 'Say what they get without "free": e.g. "a 15-minute walkthrough" rather than "free demo".',
  guarantees: "Replace the promise with evidence: a customer result or a number you can back up.",
  deceptive: 'Write as one person to another: no generic salutations, prize language or "click here".',
};

function spamPhrases(a: Analysis): Finding[] {
  const out: Finding[] = [];
  for (const [where, text, factor] of [
    ["subject", a.draft.subjectAll, 1.5],
    ["body", a.draft.textAll, 1],
  ] as const) {
    const byPhrase = new Map<string, { hits: string[]; weight: number; category: PhraseCategory }>();
    for (const hit of findSpamPhrases(text)) {
      const entry = byPhrase.get(hit.phrase.phrase) ?? { hits: [], weight: hit.phrase.weight, category: hit.phrase.category };
      entry.hits.push(hit.text);
      byPhrase.set(hit.phrase.phrase, entry);
    }
    for (const [phrase, e] of byPhrase) {
      // A repeat costs half again: one "free" is a word, three are a pitch.
      const deduction = e.weight * factor * (e.hits.length > 1 ? 1.5 : 1);
      out.push({
        rule: `spam_phrase.${e.category}`,
        category: "spam_words",
        deduction,
        title: `"${phrase}" in the ${where} is a spam trigger (${e.category})${e.hits.length > 1 ? `, ${e.hits.length} times` : ""}`,
        fix: PHRASE_FIX[e.category],
        where,
        excerpts: unique(e.hits),
      });
    }
  }
  return out;
}

function formatting(a: Analysis): Finding[] {
  const out: Finding[] = [];
  // Shouting counts wherever it is: a subject in capitals with "!!!" is the first thing a filter reads.
  for (const [where, text] of [
    ["subject", a.draft.subject],
    ["body", a.draft.text],
  ] as const) {
    const caps = capsWordsOf(text);
    if (caps.length) {
      out.push({
        rule: "caps_words",
        category: "formatting",
        deduction: Math.min(6, 2 * caps.length),
        title: `${caps.length} word${caps.length > 1 ? "s" : ""} in ALL CAPS in the ${where}`,
        fix: "Write them in normal case; capitals read as shouting and filters count them.",
        where,
        excerpts: unique(caps).slice(0, 10),
      });
    }
    const bangs = text.match(/!{2,}/g) ?? [];
    const bangCount = count(text, /!/g);
    if (bangs.length || bangCount > 2) {
      out.push({
        rule: "exclamation",
        category: "formatting",
        deduction: 3,
        title: bangs.length
          ? `Repeated exclamation marks in the ${where} (${unique(bangs).join(" ")})`
          : `${bangCount} exclamation marks in the ${where}`,
        fix: "Keep at most one exclamation mark, and never two in a row.",
        where,
        excerpts: bangs.length ? unique(bangs) : ["!"],
      });
    }
  }
  const dollars = `${a.draft.subjectAll}\n${a.draft.textAll}`.match(/\${2,}/g) ?? [];
  if (dollars.length) {
    out.push({
      rule: "dollar_signs",
      category: "formatting",
      deduction: 3,
      title: "Repeated dollar signs ($$)",
      fix: "Write amounts as numbers ($2,000) and only where they matter.",
      where: "body",
      excerpts: unique(dollars),
    });
  }
  if (a.draft.hidden.length) {
    out.push({
      rule: "hidden_text",
      category: "formatting",
      deduction: 8,
      title: "Text the reader cannot see (hidden, zero-size or white on white)",
      fix: "Remove hidden text: filters treat it as an attempt to fool them.",
      where: "body",
      excerpts: a.draft.hidden.slice(0, 5),
    });
  }
  if (a.draft.tiny.length) {
    out.push({
      rule: "tiny_font",
      category: "formatting",
      deduction: 4,
      title: "Text in a font too small to read (under 8 px)",
      fix: "Use the normal font size for everything you want read; remove what you would rather hide.",
      where: "body",
      excerpts: a.draft.tiny.slice(0, 5),
    });
  }
  return out;
}

const SHORTENERS = new Set([
  "bit.ly",
  "tinyurl.com",
  "goo.gl",
  "t.co",
  "ow.ly",
  "is.gd",
  "buff.ly",
  "rebrand.ly",
  "cutt.ly",
  "shorturl.at",
  "tiny.cc",
  "rb.gy",
  "bl.ink",
  "t.ly",
  "s.id",
  "lnkd.in",
]);
const DOMAIN_TEXT = /^(?:https?:\/\/)?((?:[a-z0-9-]+\.)+[a-z]{2,})(?:[/?#]\S*)?$/i;

function linksAndImages(a: Analysis): Finding[] {
  const out: Finding[] = [];
  const links = a.links;
  if (links.length > 2) {
    out.push({
      rule: "link_count",
      category: "links_images",
      deduction: Math.min(6, 2 * (links.length - 2)),
      title: `${links.length} links (a cold email does best with one, two at most)`,
      fix: "Keep one link, the one you want clicked; or none, and ask for a reply.",
      where: "body",
      excerpts: links.map((l) => l.href).slice(0, 10),
    });
  }
  const domains = unique(links.filter((l) => l.domain && !isLeadLink(l)).map((l) => siteOf(l.domain as string)));
  if (domains.length > 2) {
    out.push({
      rule: "link_domains",
      category: "links_images",
      deduction: 3,
      title: `Links to ${domains.length} different sites`,
      fix: "Link to your own domain only (the one you send from).",
      where: "body",
      excerpts: domains,
    });
  }
  const short = links.filter((l) => l.domain && SHORTENERS.has(l.domain));
  if (short.length) {
    out.push({
      rule: "url_shortener",
      category: "links_images",
      deduction: 6,
      title: `Shortened link${short.length > 1 ? "s" : ""} (${unique(short.map((l) => l.domain as string)).join(", ")})`,
      fix: "Use the full address on your own domain: shorteners hide the target and are widely used by spammers.",
      where: "body",
      excerpts: unique(short.map((l) => l.href)),
    });
  }
  const misleading = links.filter((l) => {
    const m = DOMAIN_TEXT.exec(l.text.trim());
    return m && l.domain && !isLeadLink(l) && siteOf((m[1] as string).toLowerCase().replace(/^www\./, "")) !== siteOf(l.domain);
  });
  if (misleading.length) {
    out.push({
      rule: "link_text_mismatch",
      category: "links_images",
      deduction: 8,
      title: "A link shows one address but goes to another",
      fix: "Make the visible text match the target, or use plain words as the link text.",
      where: "body",
      excerpts: unique(misleading.map((l) => l.text)),
    });
  }
  const images = a.draft.images;
  if (images.length) {
    const wordsPerImage = a.body.words / images.length;
    if (wordsPerImage < 60) {
      out.push({
        rule: "image_ratio",
        category: "links_images",
        deduction: a.body.words < 25 ? 8 : 4,
        title: `Mostly images: ${images.length} image${images.length > 1 ? "s" : ""} for ${a.body.words} words`,
        fix: "Say it in text. Filters cannot read images, and many readers block them.",
        where: "body",
        excerpts: images.map((i) => i.src).slice(0, 5),
      });
    } else if (images.length > 1) {
      out.push({
        rule: "image_count",
        category: "links_images",
        deduction: 2,
        title: `${images.length} images`,
        fix: "A cold email reads as personal without images; keep one at most (a signature logo).",
        where: "body",
        excerpts: images.map((i) => i.src).slice(0, 5),
      });
    }
    const noAlt = images.filter((i) => !i.alt?.trim());
    if (noAlt.length) {
      out.push({
        rule: "image_alt",
        category: "links_images",
        deduction: Math.min(3, noAlt.length),
        title: `${noAlt.length} image${noAlt.length > 1 ? "s" : ""} without alt text`,
        fix: 'Add alt="…" describing each image: it is what readers see when images are blocked.',
        where: "body",
        excerpts: noAlt.map((i) => i.src).slice(0, 5),
      });
    }
  }
  return out;
}

function length(a: Analysis): Finding[] {
  const w = a.body.words;
  if (w === 0) {
    return [
      {
        rule: "length",
        category: "length",
        deduction: 10,
        title: "The body is empty",
        fix: "Write 50–125 words.",
        where: "body",
        excerpts: [],
      },
    ];
  }
  const tiers: [number, number, string][] = [
    [25, 6, "Very short"],
    [50, 3, "Short"],
    [126, 0, ""],
    [201, 3, "Long"],
    [301, 6, "Too long"],
  ];
  const tier = tiers.find(([below]) => w < below);
  const [deduction, label] = tier ? [tier[1], tier[2]] : [10, "Far too long"];
  if (!deduction) return [];
  return [
    {
      rule: "length",
      category: "length",
      deduction,
      title: `${label}: ${w} words (cold emails that get replies are 50–125 words)`,
      fix:
        w < 50
          ? "Add one line on why them, and one on what you offer."
          : "Cut to the one problem you solve and one ask; move details to a follow-up.",
      where: "body",
      excerpts: [],
    },
  ];
}

function readabilityRule(a: Analysis): Finding[] {
  const r = a.body;
  if (r.words < 20 || r.ease >= 60) return [];
  const deduction = r.ease >= 50 ? 3 : r.ease >= 30 ? 6 : 10;
  return [
    {
      rule: "readability",
      category: "readability",
      deduction,
      title: `Hard to read: Flesch reading ease ${r.ease} (grade ${r.grade}); aim for 60 or more`,
      fix: "Use shorter sentences (under 20 words) and shorter words.",
      where: "body",
      excerpts: r.longestSentence ? [r.longestSentence.slice(0, 200)] : [],
    },
  ];
}

const NAME_VARIABLES = new Set(["first_name", "last_name", "full_name"]);
const SENDER_VARIABLES = new Set(["signature", "sender_name", "sender_email", "unsubscribe_url"]);
const ROLE_ADDRESS = /^(no-?reply|do-?not-?reply|info|sales|marketing|hello|team|contact|support|admin|news|newsletter)@/i;

function personalization(a: Analysis): Finding[] {
  const out: Finding[] = [];
  const leadVars = a.draft.placeholders.filter((p) => !SENDER_VARIABLES.has(p));
  if (leadVars.length === 0) {
    out.push({
      rule: "no_placeholders",
      category: "personalization",
      deduction: 10,
      title: "Nothing personal: no lead variables",
      fix: "Greet with {{ first_name }} and mention {{ company_name }} or their {{ pain_point }}.",
      where: "body",
      excerpts: [],
    });
  } else if (leadVars.every((p) => NAME_VARIABLES.has(p))) {
    out.push({
      rule: "name_only",
      category: "personalization",
      deduction: 4,
      title: "Only the name is personal",
      fix: "Add one line about them: {{ company_name }}, {{ company_insight }} or {{ pain_point }}.",
      where: "body",
      excerpts: [],
    });
  }
  if (a.weWords >= 2 && a.weWords > a.youWords) {
    out.push({
      rule: "you_we_ratio",
      category: "personalization",
      deduction: 5,
      title: `About you, not them: ${a.weWords} "we/I" words for ${a.youWords} "you" words`,
      fix: 'Turn sentences around to the reader: "you could…" instead of "we offer…".',
      where: "body",
      excerpts: [],
    });
  }
  const from = a.draft.from;
  if (from && (!from.name || (from.address && ROLE_ADDRESS.test(from.address)))) {
    out.push({
      rule: "from_person",
      category: "personalization",
      deduction: 3,
      title: from.name ? `A role address (${from.address})` : "No sender name",
      fix: 'Send as a person: "Jane Doe <jane@yourdomain.com>". People reply to people.',
      where: "from",
      excerpts: [from.address ?? from.name ?? ""].filter(Boolean),
    });
  }
  return out;
}

function subject(a: Analysis): Finding[] {
  const s = a.draft.subject;
  if (!s) {
    return [
      {
        rule: "subject_missing",
        category: "subject",
        deduction: 10,
        title: "No subject",
        fix: "Write 2–7 words a colleague would use.",
        where: "subject",
        excerpts: [],
      },
    ];
  }
  const out: Finding[] = [];
  const chars = s.length;
  const words = wordsOf(s).length;
  if (chars > 60) {
    out.push({
      rule: "subject_length",
      category: "subject",
      deduction: chars > 90 ? 6 : 3,
      title: `Subject of ${chars} characters: phones cut it after about 40–60`,
      fix: "Keep it under 60 characters (2–7 words).",
      where: "subject",
      excerpts: [],
    });
  } else if (words < 2) {
    out.push({
      rule: "subject_length",
      category: "subject",
      deduction: 2,
      title: "One-word subject",
      fix: "Use 2–7 words that say why you write.",
      where: "subject",
      excerpts: [],
    });
  }
  const letters = s.replace(/[^\p{L}]/gu, "");
  const upper = s.replace(/[^\p{Lu}]/gu, "");
  if (letters.length >= 6 && upper.length / letters.length >= 0.7) {
    out.push({
      rule: "subject_caps",
      category: "subject",
      deduction: 6,
      title: "Subject in ALL CAPS",
      fix: "Write the subject in sentence case.",
      where: "subject",
      excerpts: [a.draft.rawSubject],
    });
  } else {
    const caps = capsWordsOf(s);
    if (caps.length) {
      out.push({
        rule: "subject_caps",
        category: "subject",
        deduction: 3,
        title: "Capitals in the subject",
        fix: "Write the subject in sentence case.",
        where: "subject",
        excerpts: unique(caps),
      });
    }
  }
  if (s.includes("!")) {
    out.push({
      rule: "subject_exclamation",
      category: "subject",
      deduction: 3,
      title: "Exclamation mark in the subject",
      fix: "Drop it: a calm subject looks like mail from a person.",
      where: "subject",
      excerpts: ["!"],
    });
  }
  const fake = /^\s*(re|fwd?|fw)\s*:/i.exec(a.draft.rawSubject);
  if (fake) {
    out.push({
      rule: "subject_fake_reply",
      category: "subject",
      deduction: 4,
      title: `"${fake[0].trim()}" on a first email pretends to a conversation that never happened`,
      fix: "Remove the prefix; it costs trust and mailbox providers flag it.",
      where: "subject",
      excerpts: [fake[0].trim()],
    });
  }
  return out;
}

function callToAction(a: Analysis): Finding[] {
  if (a.body.words === 0) return [];
  if (a.questions === 0) {
    return [
      {
        rule: "cta_missing",
        category: "call_to_action",
        deduction: a.links.length ? 2 : 4,
        title: "No question to answer",
        fix: 'End with one easy question, e.g. "Worth a 15-minute call next week?"',
        where: "body",
        excerpts: [],
      },
    ];
  }
  if (a.questions > 3) {
    return [
      {
        rule: "cta_too_many",
        category: "call_to_action",
        deduction: 2,
        title: `${a.questions} questions: the reader does not know which to answer`,
        fix: "Keep one clear ask.",
        where: "body",
        excerpts: [],
      },
    ];
  }
  return [];
}

function compliance(a: Analysis): Finding[] {
  if (a.draft.hasUnsubscribe) return [];
  return [
    {
      rule: "unsubscribe_missing",
      category: "compliance",
      deduction: 5,
      title: "No way to opt out",
      fix: "Add {{ unsubscribe_url }} or a line like \"Not for you? Reply 'no' and I won't write again.\" (Without one the sender appends a standard footer, which reads less personal.)",
      where: "body",
      excerpts: [],
    },
  ];
}

/** Every rule, in the order the docs list them. */
export const RULES: ((a: Analysis) => Finding[])[] = [
  spamPhrases,
  formatting,
  linksAndImages,
  length,
  readabilityRule,
  personalization,
  subject,
  callToAction,
  compliance,
];
