/** The built-in reply classifier on its separate evaluation corpus (never trained on), and its reasons. */
import { describe, expect, it } from "vitest";
import { EVAL_CORPUS } from "./reply-intent.eval-corpus.ts";
import { evaluate, formatEvaluation } from "./reply-intent.evaluation.ts";
import { builtinModel, classifyWith, features, ownText, train } from "./reply-intent.model.ts";
import { TRAINING_CORPUS } from "./reply-intent.training-data.ts";

describe("the evaluation corpus", () => {
  it("is separate from the training corpus and large enough", () => {
    expect(EVAL_CORPUS.length).toBeGreaterThanOrEqual(150);
    const trained = new Set(TRAINING_CORPUS.map((m) => m.text.toLowerCase()));
    expect(EVAL_CORPUS.filter((m) => trained.has(m.text.toLowerCase()))).toEqual([]);
    for (const cls of ["interested", "not_now", "not_interested", "out_of_office", "wrong_person"]) {
      expect(EVAL_CORPUS.filter((m) => m.label === cls).length).toBeGreaterThanOrEqual(30);
    }
  });

  it("is classified with at least 90 % accuracy (unclear counts as wrong)", () => {
    const model = builtinModel();
    const e = evaluate(EVAL_CORPUS, (text) => classifyWith(model, text).class);
    console.log(`reply-intent ${model.version}, trained on ${model.size} replies\n${formatEvaluation(e)}`);
    expect(e.accuracy).toBeGreaterThanOrEqual(0.9);
    for (const c of e.classes.filter((x) => x.class !== "unclear")) expect(c.recall!).toBeGreaterThanOrEqual(0.75);
  });

  it("does much worse when trained on a single class, so the figure measures the training", () => {
    const one = train(TRAINING_CORPUS.filter((m) => m.label === "interested" || m.label === "out_of_office"));
    const e = evaluate(EVAL_CORPUS, (text) => classifyWith(one, text).class);
    expect(e.accuracy).toBeLessThan(0.6);
  });
});

describe("a classification", () => {
  const model = builtinModel();

  it("cuts quoted history and signatures before counting words", () => {
    expect(ownText("Not interested.\n\nOn Mon, Jan 6, 2025 Sam wrote:\n> Can we book a demo next week?")).toBe("Not interested.");
    expect(ownText("Sure, call me.\n-- \nJane\nHead of demos")).toBe("Sure, call me.");
    expect(features("Don't call 2 me")).toEqual(["dont", "call", "#", "me", "dont call", "call #", "# me"]);
  });

  it("names the words that decided it, in log-odds against the runner-up", () => {
    const c = classifyWith(model, "Please remove me from your list, we are not interested.");
    expect(c.class).toBe("not_interested");
    expect(c.confidence).toBeGreaterThan(0.9);
    expect(c.explanation.unit).toBe("log_odds");
    const words = c.explanation.contributions!.map((x) => x.feature);
    expect(words.length).toBeGreaterThan(0);
    expect(words.some((w) => /interested|remove|list/.test(w))).toBe(true);
    expect(c.explanation.contributions!.every((x) => x.weight > 0)).toBe(true);
    expect(c.explanation.summary).toMatch(/^Not interested \(\d+ %\)/);
  });

  it("lets an out-of-office rule decide, in the subject or the body, and says which", () => {
    const bySubject = classifyWith(model, "Thanks for your email.", "Re: Automatic reply: Quick question");
    expect(bySubject.class).toBe("out_of_office");
    expect(bySubject.explanation.rules!.map((r) => r.id)).toContain("ooo-subject");
    const german = classifyWith(model, "Ich bin bis Montag nicht im Büro.");
    expect(german.class).toBe("out_of_office");
    expect(german.confidence).toBeGreaterThanOrEqual(0.97);
    expect(german.explanation.rules![0]!.matched).toBe("nicht im Büro");
  });

  it("answers unclear when it knows none of the words or is not sure", () => {
    expect(classifyWith(model, "Xylophone quokka").class).toBe("unclear");
    const c = classifyWith(model, "Hmm.");
    expect(c.class).toBe("unclear");
    expect(c.explanation.summary).toMatch(/^Unclear/);
  });
});
