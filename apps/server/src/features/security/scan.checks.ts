/**
 * The configuration scan's checks as pure functions of the facts the service gathers
 * (docs/security-incidents.md, "Configuration scan"): each answers pass, warn or fail with its
 * weight, the evidence (counts and names, never a secret) and the fix with the page that makes it.
 */
import { type PasswordPolicy, ROLE_PERMISSIONS, RoleId, type ScanCheck } from "@prospector/contracts";

export interface ScanFacts {
  now: Date;
  members: { id: string; name: string; role: string; twoFactor: boolean }[];
  apiKeys: { id: string; userId: string; name: string; prefix: string; permissions: string[]; lastUsedAt: Date | null; createdAt: Date }[];
  oldInvites: { email: string; createdAt: Date }[];
  inboxesWithoutTls: { email: string }[];
  passwordPolicy: PasswordPolicy;
  smtpConfigured: boolean;
  authSecret: string | undefined;
  metricsToken: string | undefined;
  signupMode: "open" | "closed";
  instanceUsers: number;
}

export const STALE_KEY_DAYS = 90;
export const OLD_INVITE_DAYS = 7;
export const RECOMMENDED_PASSWORD_LENGTH = 12;

const list = (names: string[], max = 5) =>
  names.length > max ? `${names.slice(0, max).join(", ")} and ${names.length - max} more` : names.join(", ");
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function twoFactor(f: ScanFacts): ScanCheck {
  const base = { id: "two_factor", title: "Two-factor adoption", weight: 20, fix_link: "/settings/security" };
  const on = f.members.filter((m) => m.twoFactor).length;
  const adminsWithout = f.members.filter((m) => m.role === "admin" && !m.twoFactor).map((m) => m.name);
  const share = f.members.length ? Math.round((on / f.members.length) * 100) : 100;
  const evidence = `${on} of ${f.members.length} active members (${share}%) use two-factor.`;
  if (adminsWithout.length > 0)
    return {
      ...base,
      status: "fail",
      evidence: `${evidence} Admins without it: ${list(adminsWithout)}.`,
      fix: "Every admin turns on two-factor in Settings → Security; then ask the rest of the team to.",
    };
  if (on < f.members.length)
    return { ...base, status: "warn", evidence, fix: "Ask members without two-factor to turn it on in Settings → Security." };
  return { ...base, status: "pass", evidence, fix: "Nothing to do." };
}

function staleKeys(f: ScanFacts): ScanCheck {
  const base = { id: "stale_api_keys", title: `API keys unused for ${STALE_KEY_DAYS} days`, weight: 10, fix_link: "/settings/api" };
  const cutoff = f.now.getTime() - STALE_KEY_DAYS * 86_400_000;
  const stale = f.apiKeys.filter((k) => (k.lastUsedAt ?? k.createdAt).getTime() < cutoff);
  if (stale.length === 0)
    return {
      ...base,
      status: "pass",
      evidence: `${plural(f.apiKeys.length, "active key")}, each used in the last ${STALE_KEY_DAYS} days.`,
      fix: "Nothing to do.",
    };
  return {
    ...base,
    status: "warn",
    evidence: `${plural(stale.length, "active key")} not used for ${STALE_KEY_DAYS} days: ${list(stale.map((k) => `${k.name} (${k.prefix}…)`))}.`,
    fix: "Delete or deactivate keys nobody uses (their owners, in Settings → API Keys), or disable them from an incident.",
  };
}

/** Whether the role's seeded permissions cover `permission` (wildcards on either side). */
function roleCovers(role: string, permission: string): boolean {
  const parsed = RoleId.safeParse(role);
  const grants = parsed.success ? ROLE_PERMISSIONS[parsed.data] : [];
  const [resource, action] = permission.split(":");
  return grants.some((g) => {
    const [r, a] = g.split(":");
    return (r === "*" || r === resource) && (a === "*" || a === action);
  });
}

function overPrivilegedKeys(f: ScanFacts): ScanCheck {
  const base = { id: "over_privileged_api_keys", title: "Over-privileged API keys", weight: 15, fix_link: "/settings/api" };
  const roles = new Map(f.members.map((m) => [m.id, m.role]));
  const found = f.apiKeys.filter((k) => {
    if (k.permissions.includes("*:*")) return true;
    const role = roles.get(k.userId);
    return role === undefined || k.permissions.some((p) => !roleCovers(role, p));
  });
  if (found.length === 0)
    return { ...base, status: "pass", evidence: "No key holds *:* or more than its owner's role allows.", fix: "Nothing to do." };
  return {
    ...base,
    status: "fail",
    evidence: `${plural(found.length, "key")} with *:* or scopes beyond the owner's role (or an owner no longer active here): ${list(found.map((k) => `${k.name} (${k.prefix}…)`))}.`,
    fix: "Replace each with a key scoped to what its job needs; disable the old one.",
  };
}

function oldInvites(f: ScanFacts): ScanCheck {
  const base = {
    id: "old_invitations",
    title: `Invitations open for more than ${OLD_INVITE_DAYS} days`,
    weight: 5,
    fix_link: "/team/members",
  };
  if (f.oldInvites.length === 0)
    return { ...base, status: "pass", evidence: "No pending invitation is older than a week.", fix: "Nothing to do." };
  return {
    ...base,
    status: "warn",
    evidence: `${plural(f.oldInvites.length, "pending invitation")} older than ${OLD_INVITE_DAYS} days: ${list(f.oldInvites.map((i) => i.email))}.`,
    fix: "Revoke invitations nobody is going to accept; an invitation link is a way in.",
  };
}

function inboxTls(f: ScanFacts): ScanCheck {
  const base = { id: "inbox_tls", title: "Inboxes without TLS", weight: 15, fix_link: "/inboxes" };
  if (f.inboxesWithoutTls.length === 0)
    return { ...base, status: "pass", evidence: "Every inbox uses TLS or requires STARTTLS.", fix: "Nothing to do." };
  return {
    ...base,
    status: "fail",
    evidence: `${plural(f.inboxesWithoutTls.length, "inbox", "inboxes")} may send the password in clear (no TLS, STARTTLS not required): ${list(f.inboxesWithoutTls.map((i) => i.email))}.`,
    fix: "Edit the inbox: use the TLS port (465/993) or turn off “allow plaintext” so STARTTLS is required.",
  };
}

function passwordPolicyCheck(f: ScanFacts): ScanCheck {
  const p = f.passwordPolicy;
  const base = { id: "password_policy", title: "Password policy", weight: 10, fix_link: null };
  const rules = [p.require_uppercase, p.require_lowercase, p.require_numbers, p.require_special].filter(Boolean).length;
  const evidence = `Minimum length ${p.min_length}, ${plural(rules, "character rule")} (recommended: at least ${RECOMMENDED_PASSWORD_LENGTH} characters).`;
  const fix = `Set PASSWORD_MIN_LENGTH=${RECOMMENDED_PASSWORD_LENGTH} (or more) in the server's environment and restart; common passwords are always refused.`;
  if (p.min_length < 8) return { ...base, status: "fail", evidence, fix };
  if (p.min_length < RECOMMENDED_PASSWORD_LENGTH) return { ...base, status: "warn", evidence, fix };
  return { ...base, status: "pass", evidence, fix: "Nothing to do." };
}

function smtp(f: ScanFacts): ScanCheck {
  const base = { id: "smtp_configured", title: "System email (SMTP)", weight: 10, fix_link: null };
  if (f.smtpConfigured)
    return { ...base, status: "pass", evidence: "SMTP_URL is set: verification and reset mail is sent.", fix: "Nothing to do." };
  return {
    ...base,
    status: "warn",
    evidence: "SMTP_URL is not set: email verification is off and system mail goes to the local mailbox.",
    fix: "Set SMTP_URL (smtps:// preferred) in the server's environment and restart.",
  };
}

/** A secret a person typed: short, few distinct characters, or a placeholder word. */
export function looksWeak(secret: string, minLength: number): boolean {
  return secret.length < minLength || new Set(secret).size < 10 || /changeme|secret|password|example|default|12345/i.test(secret);
}

function secrets(f: ScanFacts): ScanCheck {
  const base = { id: "secrets", title: "Default or weak secrets", weight: 10, fix_link: null };
  const problems: string[] = [];
  if (f.authSecret !== undefined && looksWeak(f.authSecret, 32))
    problems.push("AUTH_SECRET looks typed by hand (few distinct characters or a placeholder word)");
  if (f.metricsToken !== undefined && looksWeak(f.metricsToken, 32))
    problems.push("METRICS_TOKEN is shorter than 32 characters or guessable");
  const generated = f.authSecret === undefined ? "AUTH_SECRET is generated (random, kept in DATA_DIR)." : "AUTH_SECRET is set.";
  if (problems.length === 0) return { ...base, status: "pass", evidence: `${generated} No weak secret found.`, fix: "Nothing to do." };
  return {
    ...base,
    status: problems.some((p) => p.startsWith("AUTH_SECRET")) ? "fail" : "warn",
    evidence: `${problems.join("; ")}.`,
    fix: "Generate each with `openssl rand -base64 48`, set it in the server's environment and restart (a new AUTH_SECRET signs everyone out).",
  };
}

function openSignup(f: ScanFacts): ScanCheck {
  const base = { id: "open_signup", title: "Open sign-up", weight: 5, fix_link: null };
  if (f.signupMode === "closed" || f.instanceUsers === 0)
    return { ...base, status: "pass", evidence: `Sign-up is ${f.signupMode}.`, fix: "Nothing to do." };
  return {
    ...base,
    status: "warn",
    evidence: `Sign-up is open on an instance with ${plural(f.instanceUsers, "account")}: anyone who reaches it can create one.`,
    fix: "Set SIGNUP_MODE=closed in the server's environment and invite people instead.",
  };
}

const CHECKS = [twoFactor, staleKeys, overPrivilegedKeys, oldInvites, inboxTls, passwordPolicyCheck, smtp, secrets, openSignup];

export function runChecks(f: ScanFacts): ScanCheck[] {
  return CHECKS.map((check) => check(f));
}

/** 0–100: each check's weight counts fully on pass, half on warn, nothing on fail. */
export function scoreOf(checks: readonly ScanCheck[]): number {
  const total = checks.reduce((s, c) => s + c.weight, 0);
  if (total === 0) return 100;
  const got = checks.reduce((s, c) => s + (c.status === "pass" ? c.weight : c.status === "warn" ? c.weight / 2 : 0), 0);
  return Math.round((got / total) * 100);
}
