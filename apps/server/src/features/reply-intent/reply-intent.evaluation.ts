/** Scores a classifier on labelled replies: accuracy ("unclear" counts as wrong), per-class precision and recall, the confusion matrix. */
import type { ReplyIntentClass, ReplyIntentClassScore, ReplyIntentConfusion } from "@prospector/contracts";
import type { LabelledReply } from "./reply-intent.training-data.ts";

export const CONFUSION_LABELS: ReplyIntentClass[] = ["interested", "not_now", "not_interested", "out_of_office", "wrong_person", "unclear"];

export interface Evaluation {
  size: number;
  accuracy: number;
  unclear_rate: number;
  classes: ReplyIntentClassScore[];
  confusion: ReplyIntentConfusion;
}

const r4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** From (actual, predicted, count) triples. */
export function scorePairs(pairs: { actual: ReplyIntentClass; predicted: ReplyIntentClass; n: number }[]): Evaluation {
  const k = CONFUSION_LABELS.length;
  const matrix = Array.from({ length: k }, () => Array<number>(k).fill(0));
  for (const p of pairs) matrix[CONFUSION_LABELS.indexOf(p.actual)]![CONFUSION_LABELS.indexOf(p.predicted)]! += p.n;
  const size = pairs.reduce((s, p) => s + p.n, 0);
  const correct = CONFUSION_LABELS.reduce((s, _, i) => s + matrix[i]![i]!, 0);
  const unclear = matrix.reduce((s, row) => s + row[k - 1]!, 0);
  const classes = CONFUSION_LABELS.slice(0, k - 1).map((cls, i) => {
    const support = matrix[i]!.reduce((a, b) => a + b, 0);
    const predicted = matrix.reduce((s, row) => s + row[i]!, 0);
    return {
      class: cls,
      support,
      precision: predicted ? r4(matrix[i]![i]! / predicted) : null,
      recall: support ? r4(matrix[i]![i]! / support) : null,
    };
  });
  return {
    size,
    accuracy: size ? r4(correct / size) : 0,
    unclear_rate: size ? r4(unclear / size) : 0,
    classes,
    confusion: { labels: CONFUSION_LABELS, matrix },
  };
}

export function evaluate(corpus: readonly LabelledReply[], classify: (text: string) => ReplyIntentClass): Evaluation {
  return scorePairs(corpus.map((m) => ({ actual: m.label, predicted: classify(m.text), n: 1 })));
}

/** The confusion matrix as text (rows: actual, columns: predicted), for the test's printout and the docs. */
export function formatEvaluation(e: Evaluation): string {
  const short = (c: string) => c.slice(0, 8).padStart(8);
  const lines = [
    `accuracy ${(e.accuracy * 100).toFixed(1)} % of ${e.size} (unclear ${(e.unclear_rate * 100).toFixed(1)} %)`,
    `${"class".padEnd(15)} precision  recall  support`,
    ...e.classes.map(
      (c) =>
        `${c.class.padEnd(15)} ${c.precision === null ? "   -   " : c.precision.toFixed(3).padStart(7)}    ${c.recall === null ? "  -  " : c.recall.toFixed(3)}  ${String(c.support).padStart(5)}`,
    ),
    `actual \\ predicted ${e.confusion.labels.map(short).join(" ")}`,
    ...e.confusion.matrix.map((row, i) => `${e.confusion.labels[i]!.padEnd(18)} ${row.map((n) => String(n).padStart(8)).join(" ")}`),
  ];
  return lines.join("\n");
}
