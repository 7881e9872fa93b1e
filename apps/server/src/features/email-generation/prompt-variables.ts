/**
 * Lead {{variables}} in console prompts and saved templates: which a text uses, which are unknown,
 * and the text with a lead's values filled in (an unknown lead value leaves the variable empty).
 */
import { PLACEHOLDER_EMAIL, PROMPT_VARIABLES, type PromptVariable } from "@prospector/contracts";
import type { EmailFacts } from "./email-templates.ts";

const VARIABLE = /\{\{\s*([a-zA-Z0-9_.-]*)\s*\}\}/g;
const KNOWN = new Set<string>(PROMPT_VARIABLES);

/** The variable names a text uses, in order of first use. */
export function variablesIn(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE)].map((m) => m[1] ?? ""))];
}

export const unknownVariables = (text: string): string[] => variablesIn(text).filter((v) => !KNOWN.has(v));

export const renderVariables = (text: string, values: Record<string, string>): string =>
  text.replace(VARIABLE, (_, name: string) => values[name] ?? "");

export interface LeadFields {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  companyName: string | null;
  role: string | null;
  industry: string | null;
  city: string | null;
  country: string | null;
  website: string | null;
  painPoint: string | null;
  companyInsight: string | null;
}

/** Every variable's value for a lead (empty strings for what it lacks). */
export function leadVariables(lead: LeadFields | null, senderName: string): Record<PromptVariable, string> {
  const s = (v: string | null | undefined) => v?.trim() ?? "";
  return {
    first_name: s(lead?.firstName),
    last_name: s(lead?.lastName),
    full_name: [s(lead?.firstName), s(lead?.lastName)].filter(Boolean).join(" "),
    email: s(lead?.email),
    company_name: s(lead?.companyName),
    role: s(lead?.role),
    industry: s(lead?.industry),
    location: [s(lead?.city), s(lead?.country)].filter(Boolean).join(", "),
    website: s(lead?.website),
    pain_point: s(lead?.painPoint),
    company_insight: s(lead?.companyInsight),
    sender_name: s(senderName),
  };
}

/** The same lead as facts for the built-in template writer. */
export function factsFromVariables(v: Record<PromptVariable, string>): EmailFacts {
  return {
    name: v.full_name || undefined,
    email: v.email || PLACEHOLDER_EMAIL,
    company: v.company_name || undefined,
    position: v.role || undefined,
    industry: v.industry || undefined,
    pain_point: v.pain_point || undefined,
    company_insight: v.company_insight || undefined,
    sender_name: v.sender_name || undefined,
  };
}
