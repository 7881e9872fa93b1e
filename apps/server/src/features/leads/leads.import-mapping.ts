/**
 * CSV header → lead field matching for the exports people actually upload (Apollo, HubSpot,
 * LinkedIn Sales Navigator, Google Sheets), ignoring case, spaces, underscores and punctuation;
 * and turning a CSV record into lead input with a mapping.
 */
import type { ImportField, ImportMapping } from "@prospector/contracts";

/** Normalized header → field. Normalized = lower case, letters and digits only. */
const SYNONYMS: Record<ImportField, string[]> = {
  first_name: ["firstname", "first", "givenname", "forename", "fname", "contactfirstname", "prenom"],
  last_name: ["lastname", "last", "surname", "familyname", "lname", "contactlastname", "nom"],
  full_name: ["name", "fullname", "contactname", "person", "personname", "contact", "leadname"],
  email: [
    "email",
    "emailaddress",
    "email1",
    "workemail",
    "businessemail",
    "primaryemail",
    "contactemail",
    "mail",
    "emails",
    "personalemail",
  ],
  company_name: [
    "company",
    "companyname",
    "organization",
    "organisation",
    "organizationname",
    "account",
    "accountname",
    "employer",
    "currentcompany",
    "business",
    "businessname",
  ],
  role: ["title", "jobtitle", "role", "position", "currenttitle", "designation", "occupation", "headline", "jobrole"],
  industry: ["industry", "sector", "companyindustry", "vertical"],
  notes: ["notes", "note", "painpoint", "painpoints", "comments", "comment", "description", "remarks"],
  company_insight: ["companyinsight", "insight", "companydescription", "about", "companyabout", "shortdescription"],
  phone: [
    "phone",
    "phonenumber",
    "corporatephone",
    "workphone",
    "directphone",
    "mobile",
    "mobilephone",
    "mobilephonenumber",
    "telephone",
    "tel",
    "companyphone",
    "homephone",
    "otherphone",
  ],
  website: ["website", "websiteurl", "companywebsite", "url", "domain", "companydomain", "web", "site", "homepage"],
  linkedin_url: [
    "linkedin",
    "linkedinurl",
    "personlinkedinurl",
    "linkedinprofile",
    "linkedinprofileurl",
    "profileurl",
    "linkedinlink",
    "salesnavigatorurl",
  ],
  city: ["city", "town", "personcity", "locality"],
  country: ["country", "personcountry", "countryregion", "nation"],
  seniority: ["seniority", "senioritylevel", "level"],
  department: ["department", "departments", "function", "team"],
  tags: ["tags", "tag", "labels", "lists", "list"],
};

const LOOKUP = new Map<string, ImportField>();
for (const [field, names] of Object.entries(SYNONYMS) as [ImportField, string[]][]) {
  for (const n of names) LOOKUP.set(n, field);
}

export const normalizeHeader = (h: string) =>
  h
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

/** Each lead field is taken by the first header that matches it; the rest stay unmapped. */
export function autoMap(headers: string[]): { mapping: ImportMapping; unmapped: string[] } {
  const mapping: ImportMapping = {};
  const taken = new Set<ImportField>();
  const unmapped: string[] = [];
  for (const h of headers) {
    const field = LOOKUP.get(normalizeHeader(h));
    if (field && !taken.has(field)) {
      mapping[h] = field;
      taken.add(field);
    } else {
      mapping[h] = null;
      unmapped.push(h);
    }
  }
  return { mapping, unmapped };
}

/** One CSV record (header → cell) → raw lead input for createLeadsBatch. */
export function applyMapping(record: Record<string, string>, mapping: ImportMapping): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [header, field] of Object.entries(mapping)) {
    if (!field) continue;
    const value = record[header]?.trim();
    if (!value) continue;
    if (field === "full_name") {
      const parts = value.split(/\s+/);
      out.first_name ??= parts[0];
      if (parts.length > 1) out.last_name ??= parts.slice(1).join(" ");
    } else if (field === "tags") {
      out.tags = value
        .split(/[,;|]/)
        .map((t) => t.trim())
        .filter(Boolean);
    } else if (field === "notes") {
      out.pain_point = value;
    } else if (field === "email") {
      // Exports sometimes hold several addresses in one cell: take the first.
      out.email = value.split(/[,;\s]+/)[0];
    } else {
      out[field] = value;
    }
  }
  // A first/last name column wins over a split full name.
  for (const [header, field] of Object.entries(mapping)) {
    if ((field === "first_name" || field === "last_name") && record[header]?.trim()) out[field] = record[header]?.trim();
  }
  return out;
}
