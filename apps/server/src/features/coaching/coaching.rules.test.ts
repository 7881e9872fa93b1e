/** Each coaching rule on drafts that trip it and drafts that do not (docs/email-coaching.md lists them). */
import { describe, expect, it } from "vitest";
import { findSpamPhrases } from "./coaching.phrases.ts";
import { readability, syllables } from "./coaching.readability.ts";
import { scoreDraft } from "./coaching.scorer.ts";

/** A clean cold email every rule passes; tests change one thing at a time. */
const GOOD_BODY = `Hi {{ first_name }},

I saw that {{ company_name }} is hiring three SDRs in Berlin. Teams growing that fast often lose a day a week cleaning lead lists before each campaign.

Northwind checks every address and fills in the company data as leads come in, so your new reps start with a list they can trust. Your team would get that day back.

Would a 15-minute call next Tuesday be useful to see if it fits your team?

Jane

Not the right person? Reply "no" and I won't write again.`;
const GOOD = { subject: "{{ company_name }}'s SDR hiring", body: GOOD_BODY };

const score = (d: { subject?: string; body?: string; from?: string }) => scoreDraft({ ...GOOD, ...d });
const rules = (d: Parameters<typeof score>[0]) => score(d).advice.map((a) => a.rule);
const advice = (d: Parameters<typeof score>[0], rule: string) => score(d).advice.find((a) => a.rule === rule);
const words = (n: number) => Array.from({ length: n }, (_, i) => ["team", "list", "lead", "call", "plan"][i % 5]).join(" ");

describe("the coaching score", () => {
  it("gives a clean, personal cold email full marks and no advice", () => {
    const r = score({});
    expect(r.advice).toEqual([]);
    expect(r.score).toBe(100);
    expect(r.verdict).toBe("good");
    expect(r.categories.reduce((n, c) => n + c.max, 0)).toBe(100);
  });

  it("says how many points each fix gains, biggest first, and the gains are real", () => {
    const r = score({ subject: "FREE OFFER!!!", body: `${GOOD_BODY}\nACT NOW, this is 100% guaranteed!!!` });
    expect(r.advice.length).toBeGreaterThan(3);
    const points = r.advice.map((a) => a.points);
    expect(points).toEqual([...points].sort((a, b) => b - a));
    const fake = score({ subject: "Re: FREE OFFER!!!", body: `${GOOD_BODY}\nACT NOW, this is 100% guaranteed!!!` });
    const prefix = fake.advice.find((a) => a.rule === "subject_fake_reply");
    expect(prefix?.points).toBeGreaterThan(0);
    // Removing the fake "Re:" alone gains exactly what the advice said.
    expect(fake.score + (prefix?.points ?? 0)).toBe(r.score);
  });
});

describe("spam-trigger phrases", () => {
  it("finds phrases case-insensitively on word boundaries, by category", () => {
    const hits = findSpamPhrases("ACT NOW for a Free Gift, 100% guaranteed; a freelancer's cashflow is fine");
    expect(hits.map((h) => [h.phrase.phrase, h.phrase.category, h.text])).toEqual([
      ["act now", "urgency", "ACT NOW"],
      ["free gift", "free", "Free Gift"],
      ["100% guaranteed", "guarantees", "100% guaranteed"],
    ]);
  });

  it('leaves "are you free on Tuesday" alone', () => {
    expect(findSpamPhrases("Are you free on Tuesday? Feel free to forward this.")).toEqual([]);
    expect(findSpamPhrases("Get it free")).toHaveLength(1);
  });

  it("costs more in the subject, more when repeated, and checks every spintax option", () => {
    const inBody = advice({ body: `${GOOD_BODY}\nAct now.` }, "spam_phrase.urgency");
    const inSubject = advice({ subject: "Act now" }, "spam_phrase.urgency");
    expect(inBody?.where).toBe("body");
    expect(inSubject?.where).toBe("subject");
    expect(inSubject?.points).toBeGreaterThan(inBody?.points ?? 0);
    expect(advice({ body: `${GOOD_BODY}\nAct now. Act now.` }, "spam_phrase.urgency")?.title).toMatch(/2 times/);
    expect(advice({ body: `${GOOD_BODY}\n{Reply today|Act now}.` }, "spam_phrase.urgency")?.excerpts).toEqual(["Act now"]);
  });
});

describe("caps, punctuation and hidden text", () => {
  it("flags ALL CAPS words but not acronyms", () => {
    expect(advice({ body: `${GOOD_BODY}\nThis is HUGE news.` }, "caps_words")?.excerpts).toEqual(["HUGE"]);
    expect(rules({ body: `${GOOD_BODY}\nWe handle GDPR and the CEO's ROI.` })).not.toContain("caps_words");
  });

  it("flags !!! and $$$", () => {
    expect(advice({ body: `${GOOD_BODY}\nWow!!!` }, "exclamation")?.excerpts).toEqual(["!!!"]);
    expect(rules({ body: `${GOOD_BODY}\nWow!` })).not.toContain("exclamation");
    expect(advice({ body: `${GOOD_BODY}\nSave $$$` }, "dollar_signs")?.excerpts).toEqual(["$$$"]);
  });

  it("flags hidden text and tiny fonts in HTML", () => {
    const html = (extra: string) => `<p>${GOOD_BODY.replace(/\n\n/g, "</p><p>")}</p>${extra}`;
    expect(advice({ body: html('<div style="display:none">cheap pills</div>') }, "hidden_text")?.excerpts).toEqual(["cheap pills"]);
    expect(advice({ body: html('<span style="color:#ffffff">white words</span>') }, "hidden_text")?.excerpts).toEqual(["white words"]);
    expect(rules({ body: html('<span style="color:#ffffff;background:#000">on black</span>') })).not.toContain("hidden_text");
    expect(advice({ body: html('<p style="font-size:6px">fine print</p>') }, "tiny_font")?.excerpts).toEqual(["fine print"]);
    // Hidden text is not counted as words the reader sees.
    expect(score({ body: html('<div style="display:none">cheap pills</div>') }).stats.words).toBe(score({ body: html("") }).stats.words);
  });
});

describe("links and images", () => {
  it("counts links (not the unsubscribe link) and their sites", () => {
    const body = `${GOOD_BODY}\nhttps://a.test/1 https://b.test/2 https://c.test/3 {{ unsubscribe_url }}`;
    const r = score({ body });
    expect(r.stats.links).toBe(3);
    expect(r.advice.find((a) => a.rule === "link_count")?.title).toMatch(/^3 links/);
    expect(r.advice.find((a) => a.rule === "link_domains")?.excerpts).toEqual(["a.test", "b.test", "c.test"]);
    expect(rules({ body: `${GOOD_BODY}\nhttps://northwind.test/demo` })).toEqual([]);
  });

  it("flags URL shorteners and link text that shows another domain", () => {
    expect(advice({ body: `${GOOD_BODY}\nhttps://bit.ly/x1` }, "url_shortener")?.excerpts).toEqual(["https://bit.ly/x1"]);
    const mismatch = `<p>${GOOD_BODY}</p><a href="https://evil.test/login">www.paypal.com</a>`;
    expect(advice({ body: mismatch }, "link_text_mismatch")?.excerpts).toEqual(["www.paypal.com"]);
    expect(rules({ body: `<p>${GOOD_BODY}</p><a href="https://www.northwind.test/a">northwind.test</a>` })).not.toContain(
      "link_text_mismatch",
    );
  });

  it("flags image-heavy drafts and images without alt text", () => {
    const imageOnly = score({
      body: '<p>Hi {{ first_name }}, see below?</p><img src="https://n.test/a.png"><img src="https://n.test/b.png" alt="Chart">',
    });
    expect(imageOnly.advice.find((a) => a.rule === "image_ratio")?.severity).toBe("high");
    expect(imageOnly.advice.find((a) => a.rule === "image_alt")?.excerpts).toEqual(["https://n.test/a.png"]);
    expect(rules({ body: `<p>${GOOD_BODY}</p><img src="https://n.test/logo.png" alt="Northwind">` })).toEqual([]);
  });
});

describe("length and readability", () => {
  it("scores 50–125 words best", () => {
    const body = (n: number) => `Hi {{ first_name }} at {{ company_name }}, ${words(n)}. Would you like a call? Reply no to opt out.`;
    expect(rules({ body: body(70) })).not.toContain("length");
    expect(advice({ body: body(10) }, "length")?.title).toMatch(/^Very short/);
    expect(advice({ body: body(150) }, "length")?.title).toMatch(/^Long/);
    expect(advice({ body: body(400) }, "length")?.title).toMatch(/^Far too long/);
  });

  it("measures Flesch reading ease and flags hard text", () => {
    expect(syllables("team")).toBe(1);
    expect(syllables("readability")).toBeGreaterThanOrEqual(4);
    expect(readability("The cat sat on the mat. The dog ran.").ease).toBeGreaterThan(90);
    const hard =
      "Our comprehensive enterprise procurement optimization methodology leverages sophisticated organizational capabilities, facilitating unprecedented operational efficiencies across multinational organizations, incorporating comprehensive stakeholder engagement, iterative configuration and continuous optimization for sustainable value realization.";
    const a = advice(
      { body: `Hi {{ first_name }} at {{ company_name }},\n${hard}\nWould you like a call? Reply no to opt out.` },
      "readability",
    );
    expect(a?.severity).toBe("high");
    expect(a?.excerpts[0]).toMatch(/^Our comprehensive/);
  });
});

describe("personalization", () => {
  it("wants lead variables beyond the name", () => {
    expect(
      advice(
        { subject: "Hiring", body: GOOD_BODY.replaceAll("{{ first_name }}", "there").replaceAll("{{ company_name }}", "your company") },
        "no_placeholders",
      )?.severity,
    ).toBe("high");
    expect(rules({ subject: "Hiring", body: GOOD_BODY.replaceAll("{{ company_name }}", "your company") })).toContain("name_only");
    expect(score({}).stats.placeholders.sort()).toEqual(["company_name", "first_name"]);
  });

  it('compares "you" with "we"', () => {
    const body = `Hi {{ first_name }} at {{ company_name }}, we built our tool and we think our customers love us. We can help. Call? Reply no to opt out. ${words(50)}`;
    const a = advice({ body }, "you_we_ratio");
    expect(a?.title).toMatch(/"we\/I" words/);
    expect(score({}).stats.you_words).toBeGreaterThan(0);
  });

  it("wants a person as the sender", () => {
    expect(advice({ from: "noreply@northwind.test" }, "from_person")?.where).toBe("from");
    expect(advice({ from: "Northwind <sales@northwind.test>" }, "from_person")?.title).toMatch(/role address/);
    expect(rules({ from: "Jane Porter <jane@northwind.test>" })).toEqual([]);
  });
});

describe("the subject line", () => {
  it("checks length, capitals, ! and fake replies", () => {
    expect(advice({ subject: "" }, "subject_missing")?.points).toBeGreaterThan(0);
    expect(
      advice({ subject: `${"x".repeat(10)} a very long subject line that keeps going well past where phones cut it` }, "subject_length")
        ?.title,
    ).toMatch(/characters/);
    expect(advice({ subject: "QUICK QUESTION FOR YOU" }, "subject_caps")?.title).toBe("Subject in ALL CAPS");
    expect(advice({ subject: "Hiring news!" }, "subject_exclamation")).toBeDefined();
    expect(advice({ subject: "Re: our call" }, "subject_fake_reply")?.excerpts).toEqual(["Re:"]);
    expect(score({}).stats.subject_words).toBe(3); // "Name's SDR hiring"
  });
});

describe("call to action and opt-out", () => {
  it("wants one question", () => {
    expect(
      rules({
        body: GOOD_BODY.replace("Would a 15-minute call next Tuesday be useful to see if it fits your team?", "Let me know.").replace(
          "Not the right person?",
          "Wrong person:",
        ),
      }),
    ).toContain("cta_missing");
    expect(rules({ body: `${GOOD_BODY}\nWhy? How? When? Where?` })).toContain("cta_too_many");
  });

  it("wants an unsubscribe line or {{ unsubscribe_url }}", () => {
    const without = GOOD_BODY.replace(`Not the right person? Reply "no" and I won't write again.`, "");
    expect(rules({ body: without })).toContain("unsubscribe_missing");
    expect(rules({ body: `${without}\n{{ unsubscribe_url }}` })).not.toContain("unsubscribe_missing");
    expect(rules({ body: `${without}\nTo opt out, reply.` })).not.toContain("unsubscribe_missing");
  });
});

describe("verdicts", () => {
  it("calls an obvious spam draft risky", () => {
    const r = scoreDraft({
      subject: "CONGRATULATIONS!!! YOU HAVE WON",
      body: "DEAR FRIEND, act now!!! 100% guaranteed cash bonus, risk free, click here: https://bit.ly/x $$$",
    });
    expect(r.verdict).toBe("risky");
    expect(r.score).toBeLessThan(30);
  });
});

describe("hostile drafts", () => {
  // Each of these once took from seconds to minutes (a regex rescanning the rest of the body from every
  // unclosed "{{", CSS selectors sorting 200,000 paragraphs, parse5 on deep nesting); the test's own
  // time limit is the bound, no timing is asserted.
  it.each([
    ["unclosed placeholders", "{{a ".repeat(200_000)],
    ["unclosed Liquid tags", "{% if ".repeat(150_000)],
    ["unclosed spintax", "{a|".repeat(250_000)],
    ["flat paragraphs", "<p>a".repeat(200_000)],
    ["hidden spans", '<span style="color:#fff">x</span>'.repeat(28_000)],
    ["links", "https://bit.ly/x ".repeat(55_000)],
  ])("scores %s near the size cap", (_name, body) => {
    expect(scoreDraft({ subject: "Hi", body }).score).toBeGreaterThanOrEqual(0);
  });

  it("refuses HTML nested deeper than 500 elements, and scores 500", () => {
    expect(() => scoreDraft({ subject: "Hi", body: `${"<div>".repeat(100_000)}x` })).toThrow(/nests more than 500/);
    expect(scoreDraft({ subject: "Hi", body: `${"<div>".repeat(500)}Hello {{ first_name }}` }).stats.words).toBe(2);
  });
});
