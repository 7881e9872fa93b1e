/** The top of every CRM page: the question it answers, a line of context, and its actions. */
import { Box, Typography } from "@mui/material";
import type { ReactNode } from "react";

export function PageIntro({
  title,
  question,
  summary,
  actions,
}: {
  title: string;
  question: string;
  summary?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Box sx={{ display: "flex", alignItems: "flex-start", gap: 1.5, flexWrap: "wrap" }}>
      <Box sx={{ flex: 1, minWidth: 220 }}>
        <Typography variant="h5" component="h2">
          {title}
        </Typography>
        <Typography variant="body1" color="textSecondary">
          {question}
        </Typography>
        {summary && (
          <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
            {summary}
          </Typography>
        )}
      </Box>
      {actions && <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "center" }}>{actions}</Box>}
    </Box>
  );
}

/** What a page shows when there is nothing yet: what it is for and how to get data into it. */
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
