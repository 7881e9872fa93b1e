/** Words and colours for lead values, so the grid, drawer, filters and reports say the same thing. */
import type { EmailStatus, ImportField, Lead, LeadStatus } from "@prospector/contracts";

type ChipColor = "default" | "primary" | "secondary" | "error" | "info" | "success" | "warning";

export const STATUS_LABELS: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  replied: "Replied",
  interested: "Interested",
  not_interested: "Not interested",
  bounced: "Bounced",
  unsubscribed: "Unsubscribed",
};

export const STATUS_COLORS: Record<LeadStatus, ChipColor> = {
  new: "info",
  contacted: "primary",
  replied: "secondary",
  interested: "success",
  not_interested: "default",
  bounced: "error",
  unsubscribed: "warning",
};

export const EMAIL_STATUS_LABELS: Record<EmailStatus, string> = {
  valid: "Valid",
  risky: "Risky",
  invalid: "Invalid",
  unknown: "Not checked",
};

export const EMAIL_STATUS_COLORS: Record<EmailStatus, ChipColor> = {
  valid: "success",
  risky: "warning",
  invalid: "error",
  unknown: "default",
};

export const SOURCE_LABELS: Record<string, string> = {
  manual: "Added by hand",
  import: "CSV import",
  website: "Website",
  google_maps: "Google Maps",
  linkedin: "LinkedIn",
  api: "API",
};

export const sourceLabel = (source: string) => SOURCE_LABELS[source] ?? source.replaceAll("_", " ");

export const FIELD_LABELS: Partial<Record<keyof Lead | ImportField | "full_name" | "notes", string>> = {
  first_name: "First name",
  last_name: "Last name",
  full_name: "Full name",
  email: "Email",
  company_name: "Company",
  role: "Role",
  industry: "Industry",
  pain_point: "Pain point",
  notes: "Notes (pain point)",
  company_insight: "Company insight",
  phone: "Phone",
  website: "Website",
  linkedin_url: "LinkedIn URL",
  city: "City",
  country: "Country",
  seniority: "Seniority",
  department: "Department",
  tags: "Tags",
  status: "Status",
  score: "Score",
  email_status: "Email status",
  source: "Source",
  owner_id: "Owner",
  campaign_id: "Campaign",
  created_at: "Added",
  updated_at: "Updated",
  last_activity_at: "Last activity",
};

export const fieldLabel = (field: string) => FIELD_LABELS[field as keyof typeof FIELD_LABELS] ?? field.replaceAll("_", " ");

/** Score parts come as snake_case keys from the server (email_quality, seniority…). */
export const scorePartLabel = (part: string) => {
  const words = part.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function leadName(lead: Pick<Lead, "first_name" | "last_name" | "email" | "company_name">): string {
  const name = [lead.first_name, lead.last_name].filter(Boolean).join(" ");
  return name || lead.email || lead.company_name || "Unnamed lead";
}

/** Provenance sources the server records (enrichers, scrapers, imports), in words. */
const PROVENANCE_LABELS: Record<string, string> = {
  normalizer: "name and title clean-up",
  title_classifier: "title analysis",
  company_website: "the company website",
  email_verifier: "email verification",
  lead_score: "lead scoring",
  website_crawler: "a website crawl",
  "website_crawler (name guessed from email)": "a website crawl (name guessed from the email address, not seen on the site)",
  google_places: "Google Maps",
  linkedin_provider: "the LinkedIn provider",
  import: "a CSV import",
  manual: "a person",
  api: "the API",
};

/** "email_verifier" → "email verification"; an unknown source is shown with spaces for underscores. */
export function provenanceSource(source: string): string {
  return PROVENANCE_LABELS[source] ?? source.replaceAll("_", " ");
}
