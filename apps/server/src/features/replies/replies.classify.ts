/**
 * What an incoming email is: a person's reply, an auto-reply (out of office, autoresponder), a
 * bounce (RFC 3464 DSN or a mailer-daemon notice: failed recipient, status code, hard or soft), a
 * spam complaint (ARF feedback report) or an unsubscribe request to the List-Unsubscribe mailto.
 * Also which of our Message-IDs it refers to.
 */
import type { ParsedMail } from "mailparser";

export type Inbound =
  | { kind: "reply" }
  | { kind: "auto_reply"; why: string }
  | { kind: "unsubscribe" }
  | { kind: "complaint" }
  | { kind: "bounce"; hard: boolean; status: string | null; recipient: string | null; diagnostic: string | null }
  /** A delay notice ("will retry"): not a failure yet. */
  | { kind: "delayed" };

const OOO_SUBJECT =
  /^\s*(auto(matic)?[ -]?(reply|response|antwort)|out of (the )?office|ooo\b|on (vacation|holiday|leave)|away from (the )?office|abwesenheit|automatische antwort|r[ée]ponse automatique|absence|respuesta autom[áa]tica|risposta automatica|autosvar|automatisch antwoord|afwezig)/i;
const BOUNCE_SUBJECT =
  /(delivery status notification|undeliver(able|ed)|mail delivery (failed|failure|subsystem)|returned mail|delivery (has )?failed|failure notice|message not delivered|could not be delivered|non[- ]?delivery)/i;
const DAEMON_FROM = /^(mailer-daemon|postmaster|mail-daemon|mailerdaemon)@/i;

const header = (m: ParsedMail, name: string): string => {
  const v = m.headers.get(name);
  if (v == null) return "";
  if (typeof v === "string") return v;
  if (Array.isArray(v)) return v.map(String).join(", ");
  if (v instanceof Date) return v.toISOString();
  return "value" in v && typeof v.value === "string" ? v.value : String((v as { text?: string }).text ?? "");
};

function contentType(m: ParsedMail): { value: string; params: Record<string, string> } {
  const v = m.headers.get("content-type") as { value?: string; params?: Record<string, string> } | undefined;
  return {
    value: (v?.value ?? "").toLowerCase(),
    params: Object.fromEntries(Object.entries(v?.params ?? {}).map(([k, x]) => [k.toLowerCase(), String(x).toLowerCase()])),
  };
}

const part = (m: ParsedMail, type: RegExp) => m.attachments.find((a) => type.test(a.contentType))?.content.toString("utf8") ?? null;

/** RFC 3464 per-recipient fields of a message/delivery-status part. */
function parseDeliveryStatus(text: string) {
  const field = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, "im").exec(text)?.[1]?.trim() ?? null;
  const recipient = (field("Final-Recipient") ?? field("Original-Recipient"))?.replace(/^rfc822;\s*/i, "") ?? null;
  return { action: field("Action")?.toLowerCase() ?? null, status: field("Status"), recipient, diagnostic: field("Diagnostic-Code") };
}

function fromPlainNotice(m: ParsedMail) {
  const text = `${m.text ?? ""}`;
  const status = /\b([245]\.\d{1,3}\.\d{1,3})\b/.exec(text)?.[1] ?? /\b([45]\d\d)[ -]/.exec(text)?.[1] ?? null;
  // The first address a notice names is the one that failed (its own sender is in From, not the text).
  const recipient = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/.exec(text)?.[0] ?? null;
  const diagnostic = /(\b[45]\d\d[ -][^\r\n]{0,200})/.exec(text)?.[1] ?? null;
  return { status, recipient, diagnostic };
}

const isHard = (status: string | null) => (status ? status.startsWith("5") : true);

export function classify(m: ParsedMail): Inbound {
  const ct = contentType(m);
  const from = m.from?.value[0]?.address ?? "";
  const subject = m.subject ?? "";
  if (ct.value === "multipart/report" && ct.params["report-type"] === "feedback-report") return { kind: "complaint" };
  if (ct.value === "multipart/report" && ct.params["report-type"] === "delivery-status") {
    // mailparser shows a message/delivery-status part inline in the text, not as an attachment.
    const parsed = parseDeliveryStatus(part(m, /delivery-status/i) ?? m.text ?? "");
    if (parsed.action === "delayed" || parsed.action === "delivered" || parsed.action === "relayed" || parsed.action === "expanded") {
      return { kind: "delayed" };
    }
    return {
      kind: "bounce",
      hard: isHard(parsed.status),
      status: parsed.status,
      recipient: parsed.recipient?.toLowerCase() ?? null,
      diagnostic: parsed.diagnostic,
    };
  }
  if (DAEMON_FROM.test(from) || (BOUNCE_SUBJECT.test(subject) && !header(m, "in-reply-to"))) {
    const p = fromPlainNotice(m);
    return {
      kind: "bounce",
      hard: isHard(p.status),
      status: p.status,
      recipient: p.recipient?.toLowerCase() ?? null,
      diagnostic: p.diagnostic,
    };
  }
  const auto = header(m, "auto-submitted").toLowerCase();
  if (auto && auto !== "no") return { kind: "auto_reply", why: `Auto-Submitted: ${auto}` };
  for (const h of ["x-autoreply", "x-autorespond", "x-autoresponse", "x-auto-response-suppress"]) {
    if (header(m, h)) return { kind: "auto_reply", why: h };
  }
  const precedence = header(m, "precedence").toLowerCase();
  if (/^(auto_reply|bulk|junk|list)$/.test(precedence)) return { kind: "auto_reply", why: `Precedence: ${precedence}` };
  if (OOO_SUBJECT.test(subject.replace(/^(re|aw|sv|fw|fwd):\s*/i, ""))) return { kind: "auto_reply", why: "subject" };
  if (/^\s*unsubscribe\s*$/i.test(subject)) return { kind: "unsubscribe" };
  return { kind: "reply" };
}

const ids = (s: string) => s.match(/<[^<>\s]+>/g) ?? [];

/** Message-IDs this mail refers to, most specific first: In-Reply-To, References (newest first), and for a bounce the original's. */
export function referencedIds(m: ParsedMail): string[] {
  const out: string[] = [];
  out.push(...ids(header(m, "in-reply-to")));
  const refs = Array.isArray(m.references) ? m.references : m.references ? [m.references] : [];
  out.push(...refs.flatMap(ids).reverse());
  const original = part(m, /message\/rfc822|text\/rfc822-headers|message\/global-headers/i) ?? "";
  const originalId = /^message-id:\s*(<[^>]+>)/im.exec(original)?.[1];
  if (originalId) out.push(originalId);
  // Some mailer-daemons quote the original headers in the body instead.
  const quoted = /^\s*message-id:\s*(<[^>]+>)/im.exec(m.text ?? "")?.[1];
  if (quoted) out.push(quoted);
  return [...new Set(out)];
}
