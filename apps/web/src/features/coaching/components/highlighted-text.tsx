/** The draft as written, with every excerpt the advice names marked (case-insensitive). */
import { Box } from "@mui/material";
import { Fragment, type ReactNode } from "react";

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function highlight(text: string, excerpts: string[]): ReactNode[] {
  const terms = [...new Set(excerpts.map((e) => e.trim()).filter((e) => e.length > 0))].sort((a, b) => b.length - a.length);
  if (!terms.length || !text) return [text];
  const re = new RegExp(`(${terms.map(escapeRegExp).join("|")})`, "gi");
  return text.split(re).map((part, i) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one string, in order
    i % 2 === 1 ? <mark key={i}>{part}</mark> : <Fragment key={i}>{part}</Fragment>,
  );
}

export function HighlightedText({ label, text, excerpts }: { label: string; text: string; excerpts: string[] }) {
  return (
    <Box
      component="pre"
      aria-label={label}
      sx={{
        m: 0,
        p: 1.5,
        whiteSpace: "pre-wrap",
        wordBreak: "break-word",
        fontFamily: "inherit",
        fontSize: 14,
        bgcolor: "action.hover",
        borderRadius: 1,
        maxHeight: 360,
        overflow: "auto",
        "& mark": { bgcolor: "warning.light", color: "inherit", borderRadius: 0.5, px: 0.25 },
      }}
    >
      {highlight(text, excerpts)}
    </Box>
  );
}
