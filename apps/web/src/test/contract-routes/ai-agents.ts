/** The ai-agents routes' success bodies (see ../contract-routes.ts), copied from apps/server/src/features/ai-agents/ai-agents.routes.ts. */
import { AiAgentProposal, AiAgentRun, AiAgentRunDetail, AiAgentRunPage, AiAgentSettings, AiAgentSubjects } from "@prospector/contracts";
import type { StatusSchemas } from "../contract-routes.ts";

export const AI_AGENTS_ROUTES: Record<string, StatusSchemas> = {
  "GET /api/ai/agents": { 200: AiAgentSettings },
  "PUT /api/ai/agents": { 200: AiAgentSettings },
  "GET /api/ai/agents/:kind/subjects": { 200: AiAgentSubjects },
  "POST /api/ai/agents/:kind/runs": { 202: AiAgentRun },
  "GET /api/ai/agent-runs": { 200: AiAgentRunPage },
  "GET /api/ai/agent-runs/:id": { 200: AiAgentRunDetail },
  "POST /api/ai/agent-runs/:id/cancel": { 200: AiAgentRunDetail },
  "POST /api/ai/agent-runs/:id/proposals/:proposalId/approve": { 200: AiAgentProposal },
  "POST /api/ai/agent-runs/:id/proposals/:proposalId/reject": { 200: AiAgentProposal },
  "POST /api/ai/agent-runs/:id/proposals/:proposalId/revert": { 200: AiAgentProposal },
};
