/**
 * The built-in reply classifier (docs/ai/reply-intent.md): a multinomial naive Bayes over word and
 * word-pair presence, trained at start-up on the shipped corpus (reply-intent.training-data.ts), plus
 * out-of-office phrase rules in several languages that decide on their own. Quoted history and
 * signatures are cut before the words are counted. Every answer carries its reasons: the words that
 * moved it most towards its class (log-odds against the runner-up) and any rule that fired.
 */
import { createHash } from "node:crypto";
import type { AiActionExplanation, AiContribution, ReplyIntentClass } from "@prospector/contracts";
import { type LabelledReply, TRAINING_CORPUS, TRAINING_TEXT } from "./reply-intent.training-data.ts";

export type TrainedClass = Exclude<ReplyIntentClass, "unclear">;
export const TRAINED_CLASSES: readonly TrainedClass[] = ["interested", "not_now", "not_interested", "out_of_office", "wrong_person"];

/** Laplace smoothing of word counts. */
const ALPHA = 0.5;
/**
 * The log-probabilities are divided by this before they become probabilities: a word-pair feature
 * repeats the evidence of its words, so raw naive Bayes counts much of it twice and answers 100 %
 * for nearly everything. 2 halves that (chosen with the evaluation corpus in view: docs, "Limits").
 */
export const TEMPERATURE = 2;
/** Below this probability of the best class, the answer is "unclear". */
export const UNCLEAR_BELOW = 0.5;
/** What an out-of-office rule answers. */
const RULE_CONFIDENCE = 0.97;
const TOP_CONTRIBUTIONS = 6;

export const CLASS_LABELS: Record<ReplyIntentClass, string> = {
  interested: "Interested",
  not_now: "Not now",
  not_interested: "Not interested",
  out_of_office: "Out of office",
  wrong_person: "Wrong person",
  unclear: "Unclear",
};

/** The reply's own words: quoted history, forwarded headers, signatures and device footers removed. */
export function ownText(text: string): string {
  const kept: string[] = [];
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    if (/^(on\b.*\bwrote:?|am\b.*\bschrieb:?|le\b.*\ba écrit\s*:?|el\b.*\bescribió:?)$/i.test(line)) break;
    if (/^-{2,}\s*(original message|ursprüngliche nachricht|message d'origine|forwarded message)/i.test(line)) break;
    if (/^(-- ?|__+)$/.test(line)) break;
    if (line.startsWith(">")) continue;
    if (/^sent from my \w+/i.test(line)) continue;
    kept.push(line);
  }
  return kept.join("\n").trim();
}

/** Lower-case words (letters of any script, apostrophes dropped, numbers as "#"), then adjacent pairs. */
export function features(text: string): string[] {
  const words = (
    text
      .toLowerCase()
      .replace(/['’]/g, "")
      .match(/[\p{L}]+|\d+/gu) ?? []
  ).map((w) => (/^\d+$/.test(w) ? "#" : w));
  const pairs = words.slice(1).map((w, i) => `${words[i]} ${w}`);
  return [...new Set([...words, ...pairs])];
}

interface OooRule {
  id: string;
  description: string;
  pattern: RegExp;
  on: "subject" | "body";
}

/** Phrases only an absence notice uses; a match decides the class whatever the words say. */
export const OOO_RULES: readonly OooRule[] = [
  {
    id: "ooo-subject",
    description: "The subject is an automatic reply or absence notice",
    on: "subject",
    pattern:
      /^\s*(auto(matic)?[ -]?(reply|response|antwort)|out of (the )?office|ooo\b|on (vacation|holiday|leave)|away from (the )?office|abwesenheit|automatische antwort|r[ée]ponse automatique|absence|respuesta autom[áa]tica|risposta automatica|autosvar|automatisch antwoord|afwezig)/i,
  },
  {
    id: "ooo-phrase-en",
    description: "An English absence phrase",
    on: "body",
    pattern:
      /\b(out of (the )?office|ooo\b|on (annual|parental|maternity|paternity|sick|bereavement|medical) leave|(currently|i am|i'm|im) (on leave|on vacation|on holiday|on a sabbatical|on sabbatical|away)|away from (the |my )?(office|desk)|(limited|no) access to (my )?(e-?mail|inbox)|(automatic|auto)[- ]?(reply|response)|not (be )?(checking|monitoring) (my |this )?(e-?mail|inbox)|upon my return|on my return|will (be )?(return|back) on)/i,
  },
  {
    id: "ooo-phrase-intl",
    description: "An absence phrase in German, French, Spanish, Italian, Dutch, Portuguese or a Nordic language",
    on: "body",
    pattern:
      /(nicht im büro|abwesend|im urlaub|mutterschutz|elternzeit|absente? (du bureau|jusqu)|en congé|en vacances|en déplacement|réponse automatique|automatische antwort|fuera de la oficina|de vacaciones|respuesta automática|fuori ufficio|in ferie|rientrer[òo]|afwezig|met vakantie|op vakantie|fora do escritório|de férias|på semester|på ferie|ledig till)/i,
  },
];

export interface TrainedModel {
  version: string;
  vocabulary: number;
  size: number;
  byClass: Record<TrainedClass, number>;
  logPrior: Record<TrainedClass, number>;
  /** log P(feature | class) for known features, and for an unseen one per class. */
  logLikelihood: Map<string, Record<TrainedClass, number>>;
}

export function train(corpus: readonly LabelledReply[], versionSeed = ""): TrainedModel {
  const byClass = Object.fromEntries(TRAINED_CLASSES.map((c) => [c, 0])) as Record<TrainedClass, number>;
  const counts = new Map<string, Record<TrainedClass, number>>();
  const totals = Object.fromEntries(TRAINED_CLASSES.map((c) => [c, 0])) as Record<TrainedClass, number>;
  for (const { label, text } of corpus) {
    byClass[label]++;
    for (const f of features(ownText(text))) {
      let row = counts.get(f);
      if (!row) {
        row = Object.fromEntries(TRAINED_CLASSES.map((c) => [c, 0])) as Record<TrainedClass, number>;
        counts.set(f, row);
      }
      row[label]++;
      totals[label]++;
    }
  }
  const v = counts.size;
  const logPrior = Object.fromEntries(TRAINED_CLASSES.map((c) => [c, Math.log(byClass[c] / corpus.length)])) as Record<
    TrainedClass,
    number
  >;
  const logLikelihood = new Map<string, Record<TrainedClass, number>>();
  for (const [f, row] of counts) {
    logLikelihood.set(
      f,
      Object.fromEntries(TRAINED_CLASSES.map((c) => [c, Math.log((row[c] + ALPHA) / (totals[c] + ALPHA * v))])) as Record<
        TrainedClass,
        number
      >,
    );
  }
  const hash = createHash("sha256")
    .update(`${versionSeed}|alpha=${ALPHA}|t=${TEMPERATURE}|unclear=${UNCLEAR_BELOW}`)
    .digest("hex")
    .slice(0, 8);
  return { version: `nb-${hash}`, vocabulary: v, size: corpus.length, byClass, logPrior, logLikelihood };
}

export interface Classification {
  class: ReplyIntentClass;
  confidence: number;
  probabilities: Record<TrainedClass, number>;
  explanation: AiActionExplanation;
  modelVersion: string;
}

const round = (x: number, places = 4) => Math.round(x * 10 ** places) / 10 ** places;

export function classifyWith(model: TrainedModel, text: string, subject = ""): Classification {
  const body = ownText(text);
  const present = features(body).filter((f) => model.logLikelihood.has(f));
  const joint = { ...model.logPrior };
  for (const f of present) {
    const ll = model.logLikelihood.get(f)!;
    for (const c of TRAINED_CLASSES) joint[c] += ll[c];
  }
  const max = Math.max(...TRAINED_CLASSES.map((c) => joint[c]));
  const exp = TRAINED_CLASSES.map((c) => Math.exp((joint[c] - max) / TEMPERATURE));
  const sum = exp.reduce((a, b) => a + b, 0);
  const probabilities = Object.fromEntries(TRAINED_CLASSES.map((c, i) => [c, round(exp[i]! / sum)])) as Record<TrainedClass, number>;
  const ranked = [...TRAINED_CLASSES].sort((a, b) => joint[b] - joint[a]);
  const best = ranked[0]!;
  const cleanSubject = subject.replace(/^\s*((re|aw|sv|fw|fwd|wg|tr)\s*:\s*)+/i, "");
  const fired = OOO_RULES.flatMap((r) => {
    const m = r.pattern.exec(r.on === "subject" ? cleanSubject : body);
    return m ? [{ id: r.id, description: r.description, matched: m[0].trim() }] : [];
  });

  // The words that pushed the answer towards its class the most, against the runner-up.
  const versus = fired.length && best === "out_of_office" ? ranked[1]! : fired.length ? best : ranked[1]!;
  const towards: TrainedClass = fired.length ? "out_of_office" : best;
  const contributions: AiContribution[] = present
    .map((f) => {
      const ll = model.logLikelihood.get(f)!;
      return {
        feature: f,
        label: f.includes(" ") ? `words "${f}"` : `word "${f}"`,
        value: true,
        weight: round(ll[towards] - ll[versus], 3),
      };
    })
    .filter((c) => c.weight > 0)
    .sort((a, b) => b.weight - a.weight)
    .slice(0, TOP_CONTRIBUTIONS);

  let cls: ReplyIntentClass;
  let confidence: number;
  let summary: string;
  if (fired.length) {
    cls = "out_of_office";
    confidence = Math.max(RULE_CONFIDENCE, probabilities.out_of_office);
    summary = `Out of office: ${fired.map((r) => `"${r.matched}"`).join(" and ")} is how absence notices read`;
  } else if (!present.length) {
    cls = "unclear";
    confidence = probabilities[best];
    summary = "Unclear: none of the reply's words occur in the training corpus";
  } else {
    confidence = probabilities[best];
    cls = confidence < UNCLEAR_BELOW ? "unclear" : best;
    const words = contributions.slice(0, 3).map((c) => `"${c.feature}"`);
    summary =
      cls === "unclear"
        ? `Unclear: ${CLASS_LABELS[best]} is likeliest at ${Math.round(confidence * 100)} %, below the ${Math.round(UNCLEAR_BELOW * 100)} % needed`
        : `${CLASS_LABELS[best]} (${Math.round(confidence * 100)} %)${words.length ? `: ${words.join(", ")} weigh most against ${CLASS_LABELS[versus]}` : ""}`;
  }
  return {
    class: cls,
    confidence: round(confidence),
    probabilities,
    modelVersion: model.version,
    explanation: { summary, unit: "log_odds", contributions, rules: fired, source: `reply-intent ${model.version}` },
  };
}

let shipped: TrainedModel | null = null;

/** The model trained on the shipped corpus (once per process: about 20 ms). */
export function builtinModel(): TrainedModel {
  shipped ??= train(TRAINING_CORPUS, TRAINING_TEXT);
  return shipped;
}
