import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companySite, guessIndustry } from "./company.enricher.ts";
import { startDnsServer } from "./dns.fixtures.ts";
import { createMailResolver, emailSyntaxOk, isDisposable, isRoleAddress, judgeEmail, type MailHost } from "./email.enricher.ts";
import { detectPattern, guessEmail, type ScoreInput, scoreLead } from "./guess-score.enricher.ts";
import { departmentOf, normalizeName, normalizeTitle, seniorityOf } from "./person.enricher.ts";

describe("email syntax, role and disposable addresses", () => {
  it.each(["jane.doe@acme.com", "a+tag@mail.example.co.uk", "o'neil@acme.io", "x@a-b.org"])("accepts %s", (e) => {
    expect(emailSyntaxOk(e)).toBe(true);
  });
  it.each([
    "jane@",
    "@acme.com",
    "jane..doe@acme.com",
    ".jane@acme.com",
    "jane@-acme.com",
    "jane@acme",
    "jane@acme.c0m",
    `${"a".repeat(65)}@acme.com`,
    "jane doe@acme.com",
  ])("refuses %s", (e) => {
    expect(emailSyntaxOk(e)).toBe(false);
  });
  it("knows role addresses and disposable domains, subdomains included", () => {
    expect(isRoleAddress("info@acme.com")).toBe(true);
    expect(isRoleAddress("no-reply@acme.com")).toBe(true);
    expect(isRoleAddress("jane@acme.com")).toBe(false);
    expect(isDisposable("mailinator.com")).toBe(true);
    expect(isDisposable("eu.mailinator.com")).toBe(true);
    expect(isDisposable("acme.com")).toBe(false);
  });
});

describe("judgeEmail", () => {
  const mx: MailHost = { kind: "mx", hosts: ["mx1.acme.com"] };
  it.each([
    ["jane@acme.com", mx, "valid"],
    ["info@acme.com", mx, "risky"],
    ["temp@mailinator.com", mx, "risky"],
    ["jane@acme.com", { kind: "a_only" }, "risky"],
    ["jane@acme.com", { kind: "no_domain" }, "invalid"],
    ["jane@acme.com", { kind: "null_mx" }, "invalid"],
    ["jane@acme.com", { kind: "dns_error", code: "ETIMEOUT" }, "unknown"],
    ["not-an-email", mx, "invalid"],
  ] as [string, MailHost, string][])("%s with %o is %s", (email, host, status) => {
    const check = judgeEmail(email, host);
    expect(check.status).toBe(status);
    if (status !== "valid") expect(check.reasons.length).toBeGreaterThan(0);
  });
});

describe("MX lookups against a configured DNS server", () => {
  let dns: Awaited<ReturnType<typeof startDnsServer>>;
  beforeAll(async () => {
    dns = await startDnsServer({
      "acme.test": {
        mx: [
          { preference: 20, exchange: "mx2.acme.test" },
          { preference: 10, exchange: "mx1.acme.test" },
        ],
        a: ["192.0.2.1"],
      },
      "webonly.test": { a: ["192.0.2.2"] },
      "nomail.test": { mx: [{ preference: 0, exchange: "" }] },
    });
  });
  afterAll(() => dns.close());

  it("reads MX records in priority order, falls back to A, and tells a missing domain apart", async () => {
    const r = createMailResolver(dns.server);
    expect(await r.mailHost("acme.test")).toEqual({ kind: "mx", hosts: ["mx1.acme.test", "mx2.acme.test"] });
    expect(await r.mailHost("webonly.test")).toEqual({ kind: "a_only" });
    expect(await r.mailHost("nomail.test")).toEqual({ kind: "null_mx" });
    expect(await r.mailHost("missing.test")).toEqual({ kind: "no_domain" });
    expect(dns.queries.some((q) => q.name === "acme.test" && q.type === 15)).toBe(true);
  });
});

describe("names and titles", () => {
  it.each([
    ["JOHN VAN DER BERG", "John van der Berg"],
    ["  jane   ", "Jane"],
    ["mary-ann", "Mary-Ann"],
    ["o'neil", "O'Neil"],
    ["mcdonald", "McDonald"],
    ["DeAndre", "DeAndre"],
    ["josé", "José"],
  ])("name %s → %s", (raw, want) => {
    expect(normalizeName(raw)).toBe(want);
  });
  it.each([
    ["vp of sales", "VP of Sales"],
    ["HEAD OF CUSTOMER SUCCESS", "Head of Customer Success"],
    ["  Chief   Executive Officer ", "Chief Executive Officer"],
    ["ceo & co-founder", "CEO & Co-Founder"],
  ])("title %s → %s", (raw, want) => {
    expect(normalizeTitle(raw)).toBe(want);
  });
  it.each([
    ["CEO", "c_level", "executive"],
    ["Co-Founder & CTO", "c_level", "executive"],
    ["CTO", "c_level", "engineering"],
    ["VP Sales", "vp", "sales"],
    ["Senior Director of Marketing", "director", "marketing"],
    ["Head of Customer Success", "director", "customer_success"],
    ["Engineering Manager", "manager", "engineering"],
    ["Senior Software Engineer", "senior", "engineering"],
    ["Marketing Intern", "entry", "marketing"],
    ["Assistant to the CEO", "entry", "executive"],
    ["Principal Dentist", "director", "medical"],
    ["HR Business Partner", "director", "hr"],
    ["Wizard", null, null],
  ])("%s → %s / %s", (title, seniority, dept) => {
    expect(seniorityOf(title)).toBe(seniority);
    expect(departmentOf(title)).toBe(dept);
  });
});

describe("email pattern guess", () => {
  it("uses first.last by default and strips accents and particles", () => {
    expect(guessEmail({ first_name: "José", last_name: "van der Berg" }, "acme.com", [])).toEqual({
      email: "jose.vanderberg@acme.com",
      pattern: "first.last",
      learned: false,
    });
  });
  it("learns the domain's pattern from colleagues, majority wins", () => {
    const colleagues = [
      { email: "jdoe@acme.com", first_name: "Jane", last_name: "Doe" },
      { email: "bsmith@acme.com", first_name: "Bob", last_name: "Smith" },
      { email: "ann.lee@acme.com", first_name: "Ann", last_name: "Lee" },
      { email: "info@acme.com", first_name: "Front", last_name: "Desk" },
    ];
    expect(guessEmail({ first_name: "Sam", last_name: "Hill" }, "acme.com", colleagues)).toMatchObject({
      email: "shill@acme.com",
      pattern: "flast",
      learned: true,
    });
    expect(detectPattern("info@acme.com", "Front", "Desk")).toBeNull();
  });
  it("does not guess without both names", () => {
    expect(guessEmail({ first_name: "Sam", last_name: null }, "acme.com", [])).toBeNull();
    expect(guessEmail({ first_name: "李", last_name: "王" }, "acme.com", [])).toBeNull();
  });
});

describe("lead score", () => {
  const empty: ScoreInput = {
    email: null,
    email_status: "unknown",
    email_guessed: false,
    role_address: false,
    first_name: null,
    last_name: null,
    role: null,
    company_name: null,
    phone: null,
    website: null,
    linkedin_url: null,
    city: null,
    country: null,
    industry: null,
    company_insight: null,
    seniority: null,
    has_socials: false,
  };
  const full: ScoreInput = {
    ...empty,
    email: "jane@acme.com",
    email_status: "valid",
    first_name: "Jane",
    last_name: "Doe",
    role: "CEO",
    company_name: "Acme",
    phone: "+44 20 7946 0958",
    website: "https://acme.com",
    linkedin_url: "https://linkedin.com/in/jane",
    city: "Leeds",
    industry: "Software",
    company_insight: "Makes things",
    seniority: "c_level",
    has_socials: true,
  };

  it("is 0 for an empty lead and 100 for a complete, verified C-level lead", () => {
    expect(scoreLead(empty).score).toBe(0);
    expect(scoreLead(full)).toEqual({ score: 100, breakdown: { email_quality: 35, completeness: 25, seniority: 20, company_data: 20 } });
  });
  it("ranks verified above risky above guessed, and the parts add up", () => {
    const valid = scoreLead(full).score;
    const role = scoreLead({ ...full, email_status: "risky", role_address: true });
    const guessed = scoreLead({ ...full, email_status: "unknown", email_guessed: true }).score;
    expect(valid).toBeGreaterThan(role.score);
    expect(role.score).toBeGreaterThan(guessed);
    expect(Object.values(role.breakdown).reduce((a, b) => a + b, 0)).toBe(role.score);
  });
});

describe("company data", () => {
  it("looks at the website, else a company email domain, never a personal mailbox", () => {
    expect(companySite({ website: "https://acme.com/about", email: "jane@other.com" })).toBe("https://acme.com/about");
    expect(companySite({ website: null, email: "jane@acme.com" })).toBe("https://acme.com/");
    expect(companySite({ website: null, email: "jane@gmail.com" })).toBeNull();
    expect(companySite({ website: null, email: "x@mailinator.com" })).toBeNull();
  });
  it("guesses the industry from the company's own words", () => {
    expect(guessIndustry("Cloud software platform for finance teams: an API and analytics")).toBe("Software");
    expect(guessIndustry("Family dental clinic caring for patients since 1990")).toBe("Healthcare");
    expect(guessIndustry("We do things")).toBeNull();
  });
});
