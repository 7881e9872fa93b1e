/** The campaigns feature's public surface: what other features may import (services, types, tables). */

export { addLeads, markMeeting, removeLeads } from "./campaign-leads.service.ts";
export { CAMPAIGNS_CHANGED } from "./campaigns.cache.ts";
export type { CampaignRow } from "./campaigns.mapper.ts";
export { senderContext, templateLead } from "./campaigns.preview.ts";
export {
  addCampaignActivity,
  campaignChanged,
  campaignsCreatedSince,
  deleteCampaign,
  emailsSentSince,
  findCampaign,
  loadCampaign,
  updateCampaign,
} from "./campaigns.service.ts";
export { pauseCampaign, resumeCampaign, stopCampaign } from "./campaigns.states.ts";
export { campaignActivity, campaignEvents, campaignLeads, campaignMessages, campaigns } from "./campaigns.table.ts";
export { hasHtml, renderMessage, stepContent, TemplateError, type TemplateLead } from "./campaigns.template.ts";
export { estimateFinish, localParts, zonedTime } from "./schedule-calendar.ts";
export { allSpintaxOptions, resolveSpintax } from "./spintax.ts";
