/**
 * What /ml-feedback reads (docs/ai/feedback.md): the queue of recent AI outputs with the caller's
 * rating (keyset pages) and the team's judgement per model and week. Keys live under ["ai-feedback"],
 * which the shared AiFeedbackButtons refresh after every rating.
 */
import type { AiActionKind, AiFeedbackQueuePage, AiFeedbackSummary } from "@prospector/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { AI_FEEDBACK_KEY } from "../../../ui/ai-feedback-buttons.tsx";

export interface QueueParams {
  kind: AiActionKind | "";
  unrated: boolean;
  limit: number;
  cursor?: string;
}

export const aiFeedbackKeys = {
  all: AI_FEEDBACK_KEY,
  queue: (p: QueueParams) => [...AI_FEEDBACK_KEY, "queue", p] as const,
  summary: (weeks: number) => [...AI_FEEDBACK_KEY, "summary", weeks] as const,
};

export function useFeedbackQueue(p: QueueParams) {
  return useQuery({
    queryKey: aiFeedbackKeys.queue(p),
    queryFn: ({ signal }) =>
      api.get<AiFeedbackQueuePage>("/ai/feedback/queue", {
        params: { kind: p.kind || undefined, unrated: p.unrated || undefined, limit: p.limit, cursor: p.cursor },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useFeedbackSummary(weeks: number) {
  return useQuery({
    queryKey: aiFeedbackKeys.summary(weeks),
    queryFn: ({ signal }) => api.get<AiFeedbackSummary>("/ai/feedback/summary", { params: { weeks }, signal }),
    placeholderData: keepPreviousData,
  });
}
