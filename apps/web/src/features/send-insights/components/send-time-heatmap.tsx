/**
 * Weekday × hour grid of the rate per send (reply or open) in the recipients' own time zones: the
 * darker, the better; cells under the minimum of sends are hatched and show no rate, so a handful
 * of sends never looks like a finding. The best block is outlined. Scrolls sideways on a phone.
 */
import { Box, Tooltip, Typography } from "@mui/material";
import { alpha, useTheme } from "@mui/material/styles";
import type { SendTimeBlock, SendTimeCell, SendTimeMetric } from "@prospector/contracts";
import { useEffect, useRef } from "react";
import { formatInterval, formatRate, WEEKDAYS_SHORT } from "./send-insights-format.ts";

const HOURS = Array.from({ length: 24 }, (_, h) => h);

export function SendTimeHeatmap({
  cells,
  metric,
  best,
  minSends,
}: {
  cells: SendTimeCell[];
  metric: SendTimeMetric;
  best: SendTimeBlock | null;
  minSends: number;
}) {
  const theme = useTheme();
  const rateOf = (c: SendTimeCell) => (metric === "reply" ? c.reply.rate : c.open.rate) ?? 0;
  const max = Math.max(0.0001, ...cells.filter((c) => c.enough).map(rateOf));
  const inBest = (c: SendTimeCell) => Boolean(best?.days.includes(c.weekday) && c.hour >= best.start_hour && c.hour < best.end_hour);
  const word = metric === "reply" ? "replied" : "opened";
  // On a narrow screen the grid scrolls sideways: start at the first hour anything was sent.
  const scroller = useRef<HTMLDivElement>(null);
  const firstHour = cells.filter((c) => c.sends > 0).reduce((m, c) => Math.min(m, c.hour), 24);
  useEffect(() => {
    const el = scroller.current;
    if (el && firstHour < 24 && el.scrollWidth > el.clientWidth) el.scrollLeft = Math.max(0, firstHour - 1) * 28;
  }, [firstHour]);
  return (
    <Box>
      <Box ref={scroller} sx={{ overflowX: "auto", pb: 1 }}>
        <Box
          role="grid"
          aria-label={`Rate per send (${word}) by weekday and hour in the recipient's time zone`}
          sx={{ display: "grid", gridTemplateColumns: "44px repeat(24, minmax(26px, 1fr))", gap: "2px", minWidth: 44 + 24 * 28 }}
        >
          <Box sx={{ position: "sticky", left: 0, zIndex: 1, bgcolor: "background.paper" }} />
          {HOURS.map((h) => (
            <Typography key={h} variant="caption" color="textSecondary" sx={{ textAlign: "center" }}>
              {String(h).padStart(2, "0")}
            </Typography>
          ))}
          {WEEKDAYS_SHORT.map((day, weekday) => (
            <Box key={day} role="row" sx={{ display: "contents" }}>
              <Typography
                variant="caption"
                color="textSecondary"
                role="rowheader"
                // Stays in view while the hours scroll sideways on a phone.
                sx={{
                  alignSelf: "stretch",
                  display: "flex",
                  alignItems: "center",
                  position: "sticky",
                  left: 0,
                  zIndex: 1,
                  bgcolor: "background.paper",
                }}
              >
                {day}
              </Typography>
              {HOURS.map((hour) => {
                const c = cells.find((x) => x.weekday === weekday && x.hour === hour);
                if (!c) return <Box key={hour} />;
                const rate = rateOf(c);
                const est = metric === "reply" ? c.reply : c.open;
                const label = c.enough
                  ? `${day} ${String(hour).padStart(2, "0")}:00 — ${formatRate(est.rate)} ${word} (${c[word]} of ${c.sends} sends; 95% interval ${formatInterval(est)})`
                  : `${day} ${String(hour).padStart(2, "0")}:00 — not enough data: ${c.sends} send${c.sends === 1 ? "" : "s"} (at least ${minSends} needed)`;
                return (
                  <Tooltip key={hour} title={label} disableInteractive>
                    <Box
                      role="gridcell"
                      aria-label={label}
                      data-enough={c.enough ? "true" : "false"}
                      sx={{
                        height: 26,
                        borderRadius: 0.5,
                        border: inBest(c) ? `2px solid ${theme.palette.success.main}` : "1px solid",
                        borderColor: inBest(c) ? theme.palette.success.main : "divider",
                        bgcolor: c.enough ? alpha(theme.palette.primary.main, 0.08 + 0.87 * (rate / max)) : "transparent",
                        backgroundImage: c.enough
                          ? "none"
                          : c.sends > 0
                            ? `repeating-linear-gradient(45deg, ${alpha(theme.palette.text.primary, 0.08)} 0 3px, transparent 3px 7px)`
                            : "none",
                      }}
                    />
                  </Tooltip>
                );
              })}
            </Box>
          ))}
        </Box>
      </Box>
      <Box sx={{ display: "flex", gap: 2, mt: 1, flexWrap: "wrap", alignItems: "center" }}>
        <Legend swatch={alpha(theme.palette.primary.main, 0.2)} text="lower rate" />
        <Legend swatch={alpha(theme.palette.primary.main, 0.95)} text={`higher rate (max ${formatRate(max)})`} />
        <Legend
          swatch="transparent"
          hatched={`repeating-linear-gradient(45deg, ${alpha(theme.palette.text.primary, 0.15)} 0 3px, transparent 3px 7px)`}
          text={`fewer than ${minSends} sends: not enough data`}
        />
        {best && <Legend swatch="transparent" border={theme.palette.success.main} text="best block" />}
      </Box>
    </Box>
  );
}

function Legend({ swatch, text, hatched, border }: { swatch: string; text: string; hatched?: string; border?: string }) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 0.75 }}>
      <Box
        sx={{
          width: 16,
          height: 16,
          borderRadius: 0.5,
          bgcolor: swatch,
          backgroundImage: hatched ?? "none",
          border: border ? `2px solid ${border}` : "1px solid",
          borderColor: border ?? "divider",
        }}
      />
      <Typography variant="caption" color="textSecondary">
        {text}
      </Typography>
    </Box>
  );
}
