/**
 * Thumbs up or down on one AI output (a ledger action, docs/ai/feedback.md), for every page that
 * shows one. Pressing the pressed thumb again takes the rating back. The rating is the signed-in
 * person's own; /ml-feedback adds everybody's up into the team's judgement of each model.
 */
import ThumbDownIcon from "@mui/icons-material/ThumbDown";
import ThumbDownOutlinedIcon from "@mui/icons-material/ThumbDownOutlined";
import ThumbUpIcon from "@mui/icons-material/ThumbUp";
import ThumbUpOutlinedIcon from "@mui/icons-material/ThumbUpOutlined";
import { IconButton, Stack, Tooltip } from "@mui/material";
import type { AiFeedback, AiRating } from "@prospector/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api } from "../lib/api-client.ts";
import { errorMessage } from "../lib/errors.ts";
import { useToast } from "./toast/toast-provider.tsx";

/** Query keys under ["ai-feedback"] (the /ml-feedback queue and summary) are read again after a rating changes. */
export const AI_FEEDBACK_KEY = ["ai-feedback"] as const;

/** Sets (1 or -1) or takes back (null) the caller's rating of one AI action. */
export function useRateAiAction(actionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rating: AiRating | null) =>
      rating === null
        ? api.delete<void>(`/ai/feedback/${actionId}`).then(() => null)
        : api.post<AiFeedback>("/ai/feedback", { action_id: actionId, rating }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: AI_FEEDBACK_KEY }),
  });
}

export function AiFeedbackButtons({
  actionId,
  rating,
  onChange,
  size = "small",
}: {
  actionId: string;
  /** The caller's current rating of this action (null: not rated). */
  rating: AiRating | null;
  onChange?: (rating: AiRating | null) => void;
  size?: "small" | "medium";
}) {
  const toast = useToast();
  const rate = useRateAiAction(actionId);
  // Shown at once; put back if the server refuses.
  const [shown, setShown] = useState<AiRating | null>(rating);
  useEffect(() => setShown(rating), [rating]);

  const press = (pressed: AiRating) => {
    const next = shown === pressed ? null : pressed;
    const before = shown;
    setShown(next);
    rate.mutate(next, {
      onSuccess: () => onChange?.(next),
      onError: (err) => {
        setShown(before);
        toast.error(`Could not save your rating: ${errorMessage(err)}`);
      },
    });
  };

  return (
    <Stack direction="row" spacing={0.25} role="group" aria-label="Rate this AI output">
      <Tooltip title={shown === 1 ? "You found this useful (press to take back)" : "Useful"}>
        <IconButton
          size={size}
          aria-label="Thumbs up: this AI output was useful"
          aria-pressed={shown === 1}
          color={shown === 1 ? "success" : "default"}
          disabled={rate.isPending}
          onClick={() => press(1)}
        >
          {shown === 1 ? <ThumbUpIcon fontSize="inherit" /> : <ThumbUpOutlinedIcon fontSize="inherit" />}
        </IconButton>
      </Tooltip>
      <Tooltip title={shown === -1 ? "You found this wrong or unhelpful (press to take back)" : "Wrong or unhelpful"}>
        <IconButton
          size={size}
          aria-label="Thumbs down: this AI output was wrong or unhelpful"
          aria-pressed={shown === -1}
          color={shown === -1 ? "error" : "default"}
          disabled={rate.isPending}
          onClick={() => press(-1)}
        >
          {shown === -1 ? <ThumbDownIcon fontSize="inherit" /> : <ThumbDownOutlinedIcon fontSize="inherit" />}
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
