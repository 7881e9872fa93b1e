/**
 * The inbox form's values and their checks: the SMTP side (required), an optional IMAP side for
 * replies and bounces, limits; turned into POST/PUT bodies. A password left empty on edit keeps
 * the saved one. Pure, so validation is tested directly.
 */
import { DEFAULT_INBOX_DAILY_LIMIT, DEFAULT_MIN_GAP_SECONDS, type Inbox, InboxCreate, type InboxUpdate } from "@prospector/contracts";

export interface ServerValues {
  host: string;
  port: string;
  secure: boolean;
  username: string;
  password: string;
}

export interface InboxFormValues {
  email: string;
  from_name: string;
  smtp: ServerValues;
  use_imap: boolean;
  imap: ServerValues;
  daily_limit: string;
  min_gap_seconds: string;
  warmup: boolean;
  /** Off by default: a server without TLS from the start must offer STARTTLS, or nothing is sent. */
  allow_plaintext: boolean;
}

export type InboxFormErrors = Record<string, string>;

const server = (port: number, secure: boolean): ServerValues => ({ host: "", port: String(port), secure, username: "", password: "" });

export function emptyInboxForm(): InboxFormValues {
  return {
    email: "",
    from_name: "",
    smtp: server(587, false),
    use_imap: true,
    imap: server(993, true),
    daily_limit: String(DEFAULT_INBOX_DAILY_LIMIT),
    min_gap_seconds: String(DEFAULT_MIN_GAP_SECONDS),
    warmup: false,
    allow_plaintext: false,
  };
}

export function formFromInbox(i: Inbox): InboxFormValues {
  const base = emptyInboxForm();
  const s = (info: Inbox["smtp"], fallback: ServerValues): ServerValues =>
    info ? { host: info.host, port: String(info.port), secure: info.secure, username: info.username, password: "" } : fallback;
  return {
    email: i.email,
    from_name: i.from_name,
    smtp: s(i.smtp, base.smtp),
    use_imap: i.imap !== null,
    imap: s(i.imap, base.imap),
    daily_limit: String(i.daily_limit),
    min_gap_seconds: String(i.min_gap_seconds),
    warmup: i.warmup.enabled,
    allow_plaintext: i.allow_plaintext,
  };
}

const toServer = (v: ServerValues) => ({
  host: v.host.trim(),
  port: Number(v.port),
  secure: v.secure,
  username: v.username.trim(),
  password: v.password,
});

export function createBody(v: InboxFormValues): InboxCreate {
  return {
    email: v.email.trim(),
    from_name: v.from_name.trim(),
    smtp: toServer(v.smtp),
    imap: v.use_imap ? toServer(v.imap) : null,
    daily_limit: Number(v.daily_limit),
    min_gap_seconds: Number(v.min_gap_seconds),
    warmup: { enabled: v.warmup, start_per_day: 5, increase_per_day: 2 },
    allow_plaintext: v.allow_plaintext,
  };
}

/** True when a side connects without TLS from the start (STARTTLS or, if allowed, plain). */
export const usesPlainPort = (v: InboxFormValues) => !v.smtp.secure || (v.use_imap && !v.imap.secure);

/** An edit leaves out empty passwords, so the saved ones stay. */
export function updateBody(v: InboxFormValues): InboxUpdate {
  const keep = (s: ServerValues) => {
    const out = toServer(s);
    return out.password ? out : { ...out, password: undefined };
  };
  const { smtp: _s, imap: _i, ...rest } = createBody(v);
  return { ...rest, smtp: keep(v.smtp), imap: v.use_imap ? keep(v.imap) : null };
}

/** The contract's own checks, with field paths as the form names them; a new inbox needs its SMTP password. */
export function validateInboxForm(v: InboxFormValues, { isNew }: { isNew: boolean }): InboxFormErrors {
  const errors: InboxFormErrors = {};
  const parsed = InboxCreate.safeParse(createBody(v));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.join(".");
      errors[key] ??= issue.message;
    }
  }
  for (const side of ["smtp", "imap"] as const) {
    if (side === "imap" && !v.use_imap) continue;
    if (!/^\d+$/.test(v[side].port.trim())) errors[`${side}.port`] = "Port 1–65535";
    if (isNew && !v[side].password) errors[`${side}.password`] = "Enter the password (or app password)";
  }
  if (!/^\d+$/.test(v.daily_limit.trim())) errors.daily_limit = "A whole number of emails per day";
  if (!/^\d+$/.test(v.min_gap_seconds.trim())) errors.min_gap_seconds = "A whole number of seconds";
  return errors;
}
