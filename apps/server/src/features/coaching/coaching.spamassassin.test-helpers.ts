/**
 * Test helpers for the SpamAssassin check: each corpus draft rendered for a sample lead as the sender
 * would (campaigns' renderMessage, text and HTML parts), built into an RFC 5322 message, all of them
 * in one mbox, and SpamAssassin run once over it with local tests only (no network).
 */
import { spawnSync } from "node:child_process";
import MailComposer from "nodemailer/lib/mail-composer/index.js";
import { renderMessage } from "../campaigns/index.ts";
import type { CorpusDraft } from "./coaching.corpus.ts";

export const SAMPLE_LEAD = {
  id: "lead-sample-1",
  first_name: "Alex",
  last_name: "Morgan",
  email: "alex.morgan@globex.test",
  company_name: "Globex",
  company_insight: "Your announcement that the support team doubled this year",
  city: "Lisbon",
  role: "Head of Sales",
};

export function hasSpamAssassin(): boolean {
  const r = spawnSync("spamassassin", ["--version"], { encoding: "utf8" });
  return r.status === 0;
}

export async function toMessage(d: CorpusDraft): Promise<Buffer> {
  const domain = /@([^>\s]+)/.exec(d.from)?.[1] ?? "sender.test";
  const rendered = await renderMessage(
    { subject: d.subject, body: d.body },
    {
      step: 0,
      variant: 0,
      ctx: {
        lead: SAMPLE_LEAD,
        signature: "",
        sender_name: d.from.split("<")[0]?.trim() ?? "",
        sender_email: `x@${domain}`,
        unsubscribe_url: `https://${domain}/u/6f1c2a`,
      },
    },
  );
  return new MailComposer({
    from: d.from,
    to: `${SAMPLE_LEAD.first_name} ${SAMPLE_LEAD.last_name} <${SAMPLE_LEAD.email}>`,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.body,
    date: new Date("2026-11-24T10:00:00Z"),
    messageId: `<${d.id}.7c1e9a4b2f@${domain}>`,
    headers: { "X-Coach-Id": d.id },
  })
    .compile()
    .build();
}

/** SpamAssassin's score per corpus id, from one run over an mbox of all the messages. */
export function spamAssassinScores(messages: { id: string; eml: Buffer }[]): Map<string, number> {
  const mbox = messages
    .map(
      ({ eml }) =>
        `From sender@corpus.test Tue Nov 24 10:00:00 2026\n${eml
          .toString("utf8")
          .replace(/\r\n/g, "\n")
          .replace(/^(>*From )/gm, ">$1")}\n`,
    )
    .join("\n");
  const run = spawnSync("spamassassin", ["-L", "--mbox", "--cf=report_safe 0", "--cf=use_bayes 0", "--cf=use_auto_whitelist 0"], {
    input: mbox,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    timeout: 60_000,
  });
  if (run.status !== 0) throw new Error(`spamassassin failed (${run.status}): ${run.stderr}`);
  const scores = new Map<string, number>();
  for (const chunk of run.stdout.split(/^From sender@corpus\.test .*$/m)) {
    const id = /^X-Coach-Id:\s*(\S+)/im.exec(chunk)?.[1];
    const score = /^X-Spam-Status:\s*\w+,\s*score=(-?[\d.]+)/im.exec(chunk)?.[1];
    if (id && score !== undefined) scores.set(id, Number(score));
  }
  return scores;
}

/** Spearman's rank correlation (ties get their average rank). */
export function spearman(xs: number[], ys: number[]): number {
  const rank = (v: number[]) => {
    const order = v.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
    const r = new Array<number>(v.length);
    for (let i = 0; i < order.length; ) {
      let j = i;
      while (j + 1 < order.length && (order[j + 1] as readonly [number, number])[0] === (order[i] as readonly [number, number])[0]) j++;
      for (let k = i; k <= j; k++) r[(order[k] as readonly [number, number])[1]] = (i + j) / 2 + 1;
      i = j + 1;
    }
    return r;
  };
  const rx = rank(xs);
  const ry = rank(ys);
  const mean = (a: number[]) => a.reduce((s, x) => s + x, 0) / a.length;
  const mx = mean(rx);
  const my = mean(ry);
  let num = 0;
  let dx = 0;
  let dy = 0;
  for (let i = 0; i < rx.length; i++) {
    const a = (rx[i] as number) - mx;
    const b = (ry[i] as number) - my;
    num += a * b;
    dx += a * a;
    dy += b * b;
  }
  return dx && dy ? num / Math.sqrt(dx * dy) : 0;
}
