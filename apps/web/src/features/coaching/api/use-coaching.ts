/**
 * Draft scores from the one scorer (POST /api/coaching/score), asked for after the text has stopped
 * changing for a moment, and the scores of a stored campaign's steps (GET /api/coaching/campaigns/:id).
 */
import type { CampaignCoaching, CoachingReport } from "@prospector/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { useDebounced } from "../../../lib/use-debounced.ts";

export const coachingKeys = {
  all: ["coaching"] as const,
  score: (draft: CoachingDraft) => [...coachingKeys.all, "score", draft.subject, draft.body, draft.from ?? ""] as const,
  campaign: (id: string) => [...coachingKeys.all, "campaign", id] as const,
};

export interface CoachingDraft {
  subject: string;
  body: string;
  from?: string;
}

/** Wait this long after the last keystroke before scoring. */
export const SCORE_DEBOUNCE_MS = 400;

const hasText = (d: CoachingDraft) => Boolean(d.subject.trim() || d.body.trim());

/** The report for a draft, kept on screen while a newer one is on its way; idle while the draft is empty. */
export function useCoachingScore(draft: CoachingDraft, { enabled = true }: { enabled?: boolean } = {}) {
  const debounced = useDebounced(draft, SCORE_DEBOUNCE_MS);
  const settled = debounced.subject === draft.subject && debounced.body === draft.body && debounced.from === draft.from;
  const query = useQuery({
    queryKey: coachingKeys.score(debounced),
    queryFn: ({ signal }) =>
      api.post<CoachingReport>(
        "/coaching/score",
        { subject: debounced.subject, body: debounced.body, ...(debounced.from?.trim() ? { from: debounced.from } : {}) },
        { signal },
      ),
    enabled: enabled && hasText(debounced),
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return { ...query, empty: !hasText(draft), settled };
}

export function useCampaignCoaching(id: string | null) {
  return useQuery({
    queryKey: coachingKeys.campaign(id ?? ""),
    queryFn: ({ signal }) => api.get<CampaignCoaching>(`/coaching/campaigns/${encodeURIComponent(id ?? "")}`, { signal }),
    enabled: Boolean(id),
    retry: false,
  });
}
