/** The top of every page and console tab: the one question it answers, a line of context, and its actions. */
import { Box, Typography } from "@mui/material";
import type { ReactNode } from "react";

/**
 * With a `title`, the title is the heading and the question sits under it; without one the question is
 * the heading. `dense` is the smaller heading used by the tabs inside a page.
 */
export function PageIntro({
  title,
  question,
  summary,
  actions,
  dense = false,
}: {
  title?: string;
  question: string;
  summary?: ReactNode;
  actions?: ReactNode;
  dense?: boolean;
}) {
  const heading = dense ? "h6" : "h5";
  return (
    <Box sx={{ display: "flex", alignItems: "flex-start", gap: 1.5, flexWrap: "wrap", mb: dense ? 2 : 0 }}>
      <Box sx={{ flex: 1, minWidth: 220 }}>
        {title ? (
          <>
            <Typography variant={heading} component="h2">
              {title}
            </Typography>
            <Typography variant="body1" color="textSecondary">
              {question}
            </Typography>
          </>
        ) : (
          <Typography variant={heading} component="h2">
            {question}
          </Typography>
        )}
        {summary && (
          <Typography variant="body2" color="textSecondary" sx={{ mt: title ? 0.5 : 0 }}>
            {summary}
          </Typography>
        )}
      </Box>
      {actions && <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "center" }}>{actions}</Box>}
    </Box>
  );
}

/** What a page or tab shows when there is nothing yet: what it is for and how to get data into it. */
export function EmptyState({ title, hint, children }: { title: string; hint: string; children?: ReactNode }) {
  return (
    <Box sx={{ py: 6, px: 2, textAlign: "center", border: 1, borderColor: "divider", borderRadius: 2, bgcolor: "background.paper" }}>
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      <Typography color="textSecondary" sx={{ mb: children ? 2 : 0 }}>
        {hint}
      </Typography>
      {children && <Box sx={{ display: "flex", gap: 1, justifyContent: "center", flexWrap: "wrap" }}>{children}</Box>}
    </Box>
  );
}
