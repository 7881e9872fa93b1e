/** A lead as the scrapers hand it to the leads service (LeadInput field names). */
export interface ScrapedLead {
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  company_name?: string | null;
  role?: string | null;
  phone?: string | null;
  website?: string | null;
  linkedin_url?: string | null;
  city?: string | null;
  country?: string | null;
  industry?: string | null;
  company_insight?: string | null;
  custom_fields?: Record<string, unknown>;
}
