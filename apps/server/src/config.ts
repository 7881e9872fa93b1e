/**
 * Environment configuration, parsed once at boot. Modules receive `Config`; nothing else reads
 * process.env, so tests build a config object directly.
 */
import path from "node:path";
import { z } from "zod";

const bool = z.enum(["true", "false", "1", "0", "yes", "no", ""]).transform((v) => v === "true" || v === "1" || v === "yes");

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development").describe("Runtime mode"),
  HOST: z.string().default("0.0.0.0").describe("Interface the HTTP server listens on"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000).describe("HTTP port for the app and API"),
  PUBLIC_URL: z.url().optional().describe("Address users reach the app at (links in emails); defaults to http://localhost:PORT"),
  DATA_DIR: z.string().default("./data").describe("Folder for the embedded database, mailbox and uploads"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional()
    .describe("PostgreSQL connection URL; when unset the embedded PGlite database in DATA_DIR is used"),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// URL")
    .optional()
    .describe("Redis URL for fan-out, presence and rate limits across processes; in memory when unset"),
  AUTH_SECRET: z
    .string()
    .min(32, "must be at least 32 characters")
    .optional()
    .describe("Secret that signs sessions and cookies; generated and kept in DATA_DIR when unset"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional()
    .describe("SMTP server for system email; when unset, mail goes to the in-app local mailbox and email verification is off"),
  MAIL_FROM: z.string().default("Prospector <no-reply@localhost>").describe("From address of system email"),
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(6).max(128).default(8).describe("Password policy: minimum length"),
  PASSWORD_REQUIRE_UPPERCASE: bool.default(true).describe("Password policy: require an uppercase letter"),
  PASSWORD_REQUIRE_LOWERCASE: bool.default(true).describe("Password policy: require a lowercase letter"),
  PASSWORD_REQUIRE_NUMBERS: bool.default(true).describe("Password policy: require a digit"),
  PASSWORD_REQUIRE_SPECIAL: bool.default(false).describe("Password policy: require a special character"),
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5).describe("Failed logins before the account is locked"),
  LOGIN_LOCKOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(900)
    .describe("How long an account stays locked for the client address that failed (other addresses can still sign in)"),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .default(20)
    .describe(
      "Requests per minute one client address may make to each public sign-in endpoint (login, sign-up, reset, resend, two-factor)",
    ),
  AUTH_EMAIL_RATE_LIMIT_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .default(5)
    .describe("Password-reset and verification emails one email address may be sent per hour"),
  SESSION_TIMEOUT_SECONDS: z.coerce.number().int().min(60).default(28800).describe("Session lifetime (sliding)"),
  SESSION_MAX_AGE_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 86400)
    .describe("Absolute session lifetime: a session in use slides, but ends this long after sign-in whatever happens"),
  SETUP_TOKEN: z
    .string()
    .min(16, "must be at least 16 characters")
    .max(200)
    .optional()
    .describe(
      "One-time token the first sign-up must carry (?setup_token= on the sign-up link); when unset a random one is generated and printed at start",
    ),
  SIGNUP_MODE: z
    .enum(["open", "closed"])
    .default("open")
    .describe(
      "open: anyone may create an account (each gets its own organization); closed: invitations only, so after the first account sign-up and first-time single sign-on are refused",
    ),
  OIDC_ISSUER: z.url().optional().describe("OpenID Connect issuer for single sign-on (optional)"),
  OIDC_CLIENT_ID: z.string().optional().describe("OIDC client id"),
  OIDC_CLIENT_SECRET: z.string().optional().describe("OIDC client secret"),
  OIDC_NAME: z.string().default("SSO").describe('Name shown on the "Sign in with …" button'),
  TRUST_PROXY: z
    .string()
    .default("false")
    .describe(
      "Which proxies may set X-Forwarded-For: false (use the connecting address), true (trust any), or comma-separated IPs/CIDRs of your load balancers",
    ),
  CORS_ORIGINS: z
    .string()
    .default("")
    .refine(
      (v) =>
        v
          .split(",")
          .map((o) => o.trim())
          .filter(Boolean)
          .every((o) => /^https?:\/\/[^/\s]+\/?$/.test(o)),
      "CORS_ORIGINS must be comma-separated origins such as https://crm.example.com (scheme and host, no path)",
    )
    .describe(
      "Other web origins whose pages may call the API from the browser (comma-separated, e.g. https://crm.example.com); empty: none, since the web app and the API share one origin",
    ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info").describe("Log level"),
  WEB_DIST: z.string().optional().describe("Folder of the built web app to serve; defaults to apps/web/dist"),
  BACKUP_KEY: z
    .string()
    .min(32, "must be at least 32 characters")
    .optional()
    .describe(
      "Key that encrypts (AES-256-GCM) or signs (HMAC-SHA256) workspace backups, so only this server restores them; when unset it is derived from the auth secret, so set it if backups must stay readable after that secret changes or on another server",
    ),
  BACKUP_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(512 * 1024 ** 2)
    .describe("Largest backup file accepted for restore (upload or kept file), in bytes; bigger files get FILE_TOO_LARGE"),
  BACKUP_MAX_EXPANDED_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(512 * 1024 ** 2)
    .describe("Most bytes a backup may decompress to on restore; a file that expands further is refused with BACKUP_INVALID"),
  EXPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(2 * 1024 ** 3)
    .describe("Largest data export (estimated before it starts, in bytes); bigger requests get EXPORT_TOO_LARGE"),
  STORAGE_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .describe("Most bytes exports and backups may keep under DATA_DIR; when unset only the free disk space limits them"),
  JOBS: z
    .enum(["inline", "off"])
    .default("inline")
    .describe("inline: this process runs job workers; off: only `npm run worker` processes do"),
  GOOGLE_PLACES_API_KEY: z
    .string()
    .optional()
    .describe("Google Places API (New) key for Google Maps scraping; the source is refused while unset"),
  GOOGLE_PLACES_BASE_URL: z
    .url()
    .default("https://places.googleapis.com")
    .describe("Google Places API base URL (change only for a proxy or a test server)"),
  LINKEDIN_PROVIDER_API_KEY: z
    .string()
    .optional()
    .describe(
      "Bearer key of the LinkedIn people/company data provider (contract in docs/integrations.md); LinkedIn scraping is refused while unset",
    ),
  LINKEDIN_PROVIDER_BASE_URL: z.url().optional().describe("Base URL of the LinkedIn data provider API, e.g. https://api.provider.example"),
  OUTBOUND_ALLOWLIST: z
    .string()
    .default("")
    .describe(
      "Comma-separated hosts, IPs or CIDRs that outbound fetches and inbox SMTP/IMAP connections may reach despite the private-address rule (a mail relay or intranet, tests)",
    ),
  DNS_SERVERS: z
    .string()
    .optional()
    .describe(
      "Comma-separated DNS servers (ip or ip:port) for MX lookups and outbound host lookups (crawler, enrichment); the system resolver when unset",
    ),
  CRAWL_USER_AGENT: z
    .string()
    .default("ProspectorBot/0.1 (self-hosted lead research; respects robots.txt)")
    .describe("User-Agent sent by the website crawler and enrichment fetches; robots.txt rules are matched against it"),
  LLM_BASE_URL: z
    .url()
    .optional()
    .describe(
      "Base URL of an OpenAI-compatible chat-completions API (e.g. https://api.openai.com/v1 or a local http://127.0.0.1:11434/v1) for email generation; the built-in templates are used when unset",
    ),
  LLM_API_KEY: z.string().optional().describe("Bearer key for LLM_BASE_URL (leave unset for a local server that needs none)"),
  LLM_MODEL: z.string().default("gpt-4o-mini").describe("Model name sent to the chat-completions API"),
  CREDENTIALS_KEY: z
    .string()
    .regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/, "must be 32 bytes as 64 hex digits or base64")
    .optional()
    .describe(
      "32-byte key (64 hex digits or base64) that encrypts inbox SMTP/IMAP passwords at rest (AES-256-GCM) and signs tracking links; when unset it is derived from the auth secret with HKDF, so set it if that secret may change or several servers must share credentials",
    ),
  TRACKING_BASE_URL: z
    .url()
    .optional()
    .describe("Public address that open pixels, click links and unsubscribe links in sent emails point at; defaults to PUBLIC_URL"),
  IMAP_POLL_SECONDS: z.coerce
    .number()
    .int()
    .min(5)
    .max(3600)
    .default(60)
    .describe("How often each inbox's IMAP folder is checked for replies and bounces"),
  BOUNCE_RATE_PAUSE_THRESHOLD: z.coerce
    .number()
    .min(0)
    .max(1)
    .default(0.05)
    .describe(
      "Bounce rate (0–1) over an inbox's last 100 sends above which the inbox is paused and its owner notified (a warning at half of it)",
    ),
  SEND_LEASE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(180)
    .describe("How long a campaign email may stay 'sending' before it is treated as interrupted by a crash and sent again"),
  LLM_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(300)
    .default(30)
    .describe("How long one call to the language model may wait for its answer (each retry waits again)"),
  LLM_RETRIES: z.coerce
    .number()
    .int()
    .min(0)
    .max(5)
    .default(2)
    .describe(
      "How many times a language-model call is retried after a rate limit, an unavailable provider or a timeout (exponential backoff with jitter; Retry-After is honoured)",
    ),
  LLM_PRICE_INPUT_PER_MTOK: z.coerce
    .number()
    .min(0)
    .default(0)
    .describe("Price in US dollars per million prompt tokens of LLM_MODEL, for the cost of each AI action (0: free or unknown)"),
  LLM_PRICE_OUTPUT_PER_MTOK: z.coerce
    .number()
    .min(0)
    .default(0)
    .describe("Price in US dollars per million completion tokens of LLM_MODEL, for the cost of each AI action (0: free or unknown)"),
  LLM_MONTHLY_CAP_USD: z.coerce
    .number()
    .min(0)
    .default(25)
    .describe(
      "Default monthly language-model spend per workspace in US dollars (an admin may set another on /ai-activity); at the cap, calls are refused until the next UTC month",
    ),
  DNSBL_ZONES: z
    .string()
    .default("zen.spamhaus.org,bl.spamcop.net,b.barracudacentral.org")
    .describe(
      'Comma-separated IP blocklist zones (DNSBL) the deliverability checks look the sending hosts\' addresses up in (reversed IP); "none" for no lookups',
    ),
  DNSBL_DOMAIN_ZONES: z
    .string()
    .default("dbl.spamhaus.org")
    .describe('Comma-separated domain blocklist zones (e.g. dbl.spamhaus.org) the sending domains are looked up in; "none" for no lookups'),
  DELIVERABILITY_CHECK_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(21600)
    .describe(
      "How long cached deliverability checks (SPF, DKIM, DMARC, MX, blocklists) answer before a page view refreshes them in the background",
    ),
  DNS_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(30000)
    .default(3000)
    .describe("How long the deliverability checks wait for one DNS answer (tried twice) before calling it unknown"),
  GEOIP_DATABASE_PATH: z
    .string()
    .optional()
    .describe(
      "A GeoIP city database (MaxMind/DB-IP .mmdb, or DB-IP City Lite .csv) the impossible-travel rule locates sign-ins with; when unset that rule stays off",
    ),
  METRICS_TOKEN: z
    .string()
    .min(16)
    .optional()
    .describe("Bearer token Prometheus sends to scrape GET /metrics; when unset /metrics answers 404"),
});

export type Config = z.infer<typeof ConfigSchema> & {
  trustProxy: boolean | string[];
  /** Other web origins allowed to call the API from a browser (CORS_ORIGINS); empty: CORS off. */
  corsOrigins: string[];
  publicUrl: string;
  /** Base of tracking and unsubscribe links in sent email (TRACKING_BASE_URL, else publicUrl). */
  trackingUrl: string;
  dataDir: string;
  oidc: { issuer: string; clientId: string; clientSecret: string; name: string } | null;
};

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): Config {
  // Treat empty strings as unset so `FOO= npm start` behaves like no FOO at all.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = ConfigSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = result.data;
  const oidcParts = [c.OIDC_ISSUER, c.OIDC_CLIENT_ID, c.OIDC_CLIENT_SECRET];
  if (oidcParts.some(Boolean) && !oidcParts.every(Boolean)) {
    throw new ConfigError("Invalid configuration:\n  OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together");
  }
  return {
    ...c,
    trustProxy: parseTrustProxy(c.TRUST_PROXY),
    corsOrigins: c.CORS_ORIGINS.split(",")
      .map((o) => o.trim().replace(/\/$/, ""))
      .filter(Boolean),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ""),
    trackingUrl: (c.TRACKING_BASE_URL ?? c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ""),
    dataDir: path.resolve(c.DATA_DIR),
    oidc: c.OIDC_ISSUER
      ? { issuer: c.OIDC_ISSUER, clientId: c.OIDC_CLIENT_ID as string, clientSecret: c.OIDC_CLIENT_SECRET as string, name: c.OIDC_NAME }
      : null,
  };
}

function parseTrustProxy(v: string): boolean | string[] {
  if (v === "true") return true;
  if (v === "false") return false;
  return v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The env-var table in README.md is generated from this, so docs cannot drift from the schema. */
export function describeConfig(): { name: string; default: string; description: string }[] {
  return Object.entries(ConfigSchema.shape).map(([name, schema]) => {
    const s = schema as z.ZodType;
    let def = "";
    const parsed = s.safeParse(undefined);
    if (parsed.success && parsed.data !== undefined) def = String(parsed.data);
    return { name, default: def, description: s.description ?? "" };
  });
}
