/**
 * The landing page's marketing copy in one place: every claim the public page makes (figures,
 * testimonials, badges, guarantees, headlines) comes from the product specification as sample
 * copy, and is the OPERATOR'S TO REVIEW before a public deployment — replace the figures and
 * quotes with your own, or remove them. Layout code imports this module and holds no copy of its
 * own. Prices are not here: they come from the plan catalogue in @prospector/contracts.
 */

export const HERO = {
  badge: "AI outbound platform · Trusted by 500+ clients",
  headline: "Cold email that",
  headlineAccent: "books meetings",
  pitch:
    "Scrape and enrich leads, send AI-personalized campaigns from your own inboxes, track every reply and turn interest into booked meetings — in one platform.",
  demoAction: "Watch Demo",
} as const;

/** Section headings, by section id. */
export const SECTIONS = {
  features: {
    eyebrow: "Features",
    title: "Everything outbound, in one place",
    subtitle: "From the first lead to the booked meeting, without stitching five tools together.",
  },
  solutions: { eyebrow: "Solutions", title: "Built for teams that live on outbound" },
  testimonials: { eyebrow: "Testimonials", title: "Teams that fill their pipeline with Prospector" },
  resources: { eyebrow: "Resources", title: "Learn what works in outbound", subtitle: "Practical guides from thousands of campaigns." },
  pricing: {
    eyebrow: "Pricing",
    title: "Simple, transparent pricing",
    subtitle: "Every plan starts with a 14-day free trial. No credit card required.",
  },
} as const;

export const PRICING_SUPPORT = "24/7 support";

export const CTA = {
  title: "Ready to fill your calendar?",
  trialAction: "Start Free Trial",
  demoAction: "Book a Demo",
} as const;

export const HERO_STATS = [
  { value: "2.5M", label: "Emails sent" },
  { value: "32.5%", label: "Average reply rate" },
  { value: "500+", label: "Sales teams" },
] as const;

export const FREE_EMAILS_IN_TRIAL = 500;

/** The reassurances under the hero's actions. */
export const HERO_ASSURANCES = [
  `${FREE_EMAILS_IN_TRIAL} AI-personalized emails free`,
  "No credit card required",
  "Start in 30 seconds",
] as const;

export interface FeatureCopy {
  icon: "mail" | "search" | "campaign" | "reply" | "calendar" | "insights";
  title: string;
  text: string;
}

export const FEATURES: readonly FeatureCopy[] = [
  {
    icon: "mail",
    title: "AI cold email",
    text: "Every email is written for its recipient from their role, company and website, in your voice and within your rules.",
  },
  {
    icon: "search",
    title: "Lead scraping & enrichment",
    text: "Pull prospects from maps, company websites and professional profiles, then fill in emails, phones and firmographics.",
  },
  {
    icon: "campaign",
    title: "Campaigns that really send",
    text: "Multi-step sequences over your own inboxes with sending windows, daily limits and automatic follow-ups.",
  },
  {
    icon: "reply",
    title: "Reply tracking",
    text: "Replies and bounces are read from your inbox, sequences stop on a reply, and the lead moves forward in your pipeline.",
  },
  {
    icon: "calendar",
    title: "Meeting booking",
    text: "Interested replies turn into deals and booked meetings, with every conversation kept in the built-in CRM.",
  },
  {
    icon: "insights",
    title: "Analytics that matter",
    text: "Open, click and reply rates per campaign, step and variant, so you know which message fills the calendar.",
  },
];

export interface SolutionCopy {
  id: string;
  title: string;
  description: string;
  features: readonly [string, string, string, string];
  caseStudy: { company: string; result: string };
}

export const SOLUTIONS: readonly SolutionCopy[] = [
  {
    id: "startups",
    title: "Startups",
    description:
      "Find your first hundred customers without hiring a sales team: founders write once, Prospector personalizes and follows up.",
    features: [
      "Founder-led outbound in an afternoon",
      "Lead lists from your ideal-customer profile",
      "Automatic follow-ups that stop on reply",
      "Built-in CRM from first reply to closed deal",
    ],
    caseStudy: { company: "Seed-stage B2B startup, 6 people", result: "41 qualified meetings in the first 60 days" },
  },
  {
    id: "agencies",
    title: "Agencies",
    description: "Run outbound for many clients from one place, with separate workspaces, inboxes and reports per client.",
    features: [
      "A workspace per client with its own team",
      "Client-ready campaign reports",
      "Shared templates and playbooks",
      "Role-based access for contractors",
    ],
    caseStudy: { company: "Lead-generation agency, 14 clients", result: "3× more campaigns per account manager" },
  },
  {
    id: "saas",
    title: "SaaS Companies",
    description: "Turn product-qualified signals and target accounts into conversations that book demos.",
    features: [
      "Account-based sequences",
      "A/B tests on subject lines and openers",
      "Deliverability monitoring per inbox",
      "Pipeline forecasts from real replies",
    ],
    caseStudy: { company: "Mid-market SaaS vendor", result: "Demo bookings up 2.4× in one quarter" },
  },
  {
    id: "sales-teams",
    title: "Sales Teams",
    description: "Give every rep a personalized outbound engine while managers keep the whole pipeline in view.",
    features: [
      "Team dashboards and leaderboards",
      "Shared lead ownership rules",
      "Live presence and collaboration",
      "Coaching from reply analytics",
    ],
    caseStudy: { company: "Outbound team of 25 reps", result: "Reply rate from 9% to 31% in eight weeks" },
  },
  {
    id: "recruiters",
    title: "Recruiters",
    description: "Reach passive candidates with messages that mention their work, not a job-board template.",
    features: [
      "Candidate sourcing from public profiles",
      "Personalized outreach at scale",
      "Replies organized by role and stage",
      "Talent pipeline with follow-up reminders",
    ],
    caseStudy: { company: "Technical recruiting firm", result: "Candidate response rate doubled to 38%" },
  },
  {
    id: "ecommerce",
    title: "E-commerce Businesses",
    description: "Find wholesale buyers, retail partners and creators, and turn them into lasting channels.",
    features: [
      "Retailer and distributor discovery",
      "Partnership and influencer outreach",
      "Seasonal campaign scheduling",
      "Revenue attribution per campaign",
    ],
    caseStudy: { company: "Direct-to-consumer brand", result: "120 new stockists in six months" },
  },
];

export interface ResourceCopy {
  title: string;
  summary: string;
  points: readonly string[];
  link?: { label: string; href: string };
}

export const RESOURCES: readonly ResourceCopy[] = [
  {
    title: "Deliverability checklist",
    summary: "What to set up before the first send so your emails land in the inbox.",
    points: [
      "Publish SPF, DKIM and DMARC records for every sending domain.",
      "Warm new inboxes gradually and keep daily volume per inbox modest.",
      "Send plain, short emails with at most one link and no attachments.",
      "Remove bounced addresses at once and honour every unsubscribe.",
    ],
  },
  {
    title: "Writing openers that get replies",
    summary: "The first line decides whether the rest is read.",
    points: [
      "Lead with something true and specific about the recipient, not about you.",
      "Ask one clear, low-effort question.",
      "Keep the whole email under 120 words.",
      "Follow up two or three times, each with a new angle.",
    ],
  },
  {
    title: "Building a lead list that converts",
    summary: "Better targeting beats more volume.",
    points: [
      "Write down your ideal customer: industry, size, role, trigger events.",
      "Verify emails before a campaign to protect your sender reputation.",
      "Segment by role so each message speaks to one kind of reader.",
      "Review replies weekly and refine the list from what works.",
    ],
  },
  {
    title: "API and self-hosting",
    summary: "Prospector is open source: run it on your own server and automate it through its API.",
    points: [
      "One command starts the app with an embedded database.",
      "Scale out with PostgreSQL, Redis and separate workers when you need to.",
      "Every screen is backed by a documented REST API.",
    ],
    link: { label: "Browse the API reference", href: "/docs" },
  },
];

export interface TestimonialCopy {
  name: string;
  role: string;
  company: string;
  rating: number;
  text: string;
}

export const TESTIMONIALS: readonly TestimonialCopy[] = [
  {
    name: "Sarah Chen",
    role: "Head of Growth",
    company: "B2B SaaS startup",
    rating: 5,
    text: "We replaced three tools with Prospector. The personalized openers read like I wrote them myself, and our reply rate tripled.",
  },
  {
    name: "Marcus Webb",
    role: "Founder",
    company: "Outbound agency",
    rating: 5,
    text: "Separate workspaces per client and reports I can send as they are. My team runs twice the campaigns with the same people.",
  },
  {
    name: "Priya Natarajan",
    role: "Sales Director",
    company: "Logistics software company",
    rating: 5,
    text: "Replies land in the pipeline automatically, so reps spend their day in conversations instead of spreadsheets.",
  },
];

export const COMPLIANCE_BADGES = ["CAN-SPAM", "GDPR", "CCPA", "SOC2"] as const;
