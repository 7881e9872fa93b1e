/**
 * The widget grid: a 12-column grid of widget cards. While customizing, cards can be dragged onto
 * one another to reorder (or moved with the arrow buttons from the keyboard), resized between
 * small, medium, large and full width, and removed.
 */
import ArrowBack from "@mui/icons-material/ArrowBack";
import ArrowForward from "@mui/icons-material/ArrowForward";
import CloseOutlined from "@mui/icons-material/CloseOutlined";
import DragIndicator from "@mui/icons-material/DragIndicator";
import { Box, Card, CardContent, IconButton, keyframes, MenuItem, Select, Stack, Tooltip, Typography } from "@mui/material";
import type { Me } from "@prospector/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { widgetReady } from "../api/widget-queries.ts";
import { type LayoutItem, SIZE_ORDER, WIDGET_SIZES, type WidgetSize, widgetType } from "../lib/widget-layout.ts";
import { WidgetBody } from "./widgets/widget-bodies.tsx";

/**
 * A widget added to the grid fades in (250 ms, 60 ms longer for each next one). A CSS animation
 * rather than MUI's Fade: Fade forces a layout per widget as it starts (to restart its transition).
 * A widget whose fade has ended loses the animation at the next render, so moving it later (which
 * re-inserts its element) does not replay it. Widgets the grid opens with complete are shown at
 * once (see `faded` below): faded in from transparent they were unreadable for 250-730 ms after they
 * had rendered (the getting-started text, the page's largest, painted ~0.35 s after its render in a
 * 4x-throttled load).
 */
const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;

export interface GridOptions {
  compact: boolean;
  showTitles: boolean;
  animate: boolean;
}

interface EditHandlers {
  onMove: (id: string, beforeId: string | null) => void;
  onShift: (id: string, step: -1 | 1) => void;
  onResize: (id: string, size: WidgetSize) => void;
  onRemove: (id: string) => void;
}

export function WidgetGrid({
  items,
  user,
  options,
  editing,
  handlers,
}: {
  items: LayoutItem[];
  user: Me;
  options: GridOptions;
  editing: boolean;
  handlers: EditHandlers;
}) {
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const queryClient = useQueryClient();
  // Widgets that do not (or no longer) fade in: those whose fade ended, and those the grid opens
  // with complete (their answers already in the cache, as the early start usually has them) when
  // every widget before them is complete too, so that none of them can be pushed by a widget above
  // still growing to its content (that growth stays under a fade, as before).
  const fadedRef = useRef<Set<string> | null>(null);
  if (fadedRef.current === null) {
    const firstIncomplete = items.findIndex((item) => !widgetReady(queryClient, item.type, user));
    fadedRef.current = new Set(items.slice(0, firstIncomplete === -1 ? items.length : firstIncomplete).map((item) => item.id));
  }
  const faded = fadedRef.current;

  return (
    <Box
      data-testid="widget-grid"
      data-compact={options.compact}
      sx={{ display: "grid", gridTemplateColumns: "repeat(12, minmax(0, 1fr))", gap: options.compact ? 1.5 : 3, alignItems: "start" }}
    >
      {items.map((item, index) => {
        const meta = widgetType(item.type);
        const title = meta?.title ?? item.type;
        const fading = options.animate && !faded.has(item.id);
        const card = (
          <Card
            key={item.id}
            component="section"
            aria-label={title}
            data-testid={`widget-${item.type}`}
            data-size={item.size}
            draggable={editing}
            onAnimationEnd={(e) => {
              if (e.target === e.currentTarget) faded.add(item.id);
            }}
            onDragStart={(e) => {
              setDragging(item.id);
              e.dataTransfer.effectAllowed = "move";
              e.dataTransfer.setData("text/plain", item.id);
            }}
            onDragEnd={() => {
              setDragging(null);
              setOver(null);
            }}
            onDragOver={(e) => {
              if (!editing || !dragging) return;
              e.preventDefault();
              setOver(item.id);
            }}
            onDrop={(e) => {
              e.preventDefault();
              const id = e.dataTransfer.getData("text/plain") || dragging;
              if (id) handlers.onMove(id, item.id);
              setDragging(null);
              setOver(null);
            }}
            sx={{
              gridColumn: { xs: "span 12", md: `span ${WIDGET_SIZES[item.size]}` },
              height: "100%",
              outline: over === item.id && dragging !== item.id ? 2 : 0,
              outlineStyle: "dashed",
              outlineColor: "primary.main",
              opacity: dragging === item.id ? 0.5 : 1,
              cursor: editing ? "grab" : undefined,
              animation: fading ? `${fadeIn} 250ms ease-out` : undefined,
            }}
            // The duration that staggers the fade goes inline, so cards of one size share one
            // style rule instead of each adding its own in the first render.
            style={fading ? { animationDuration: `${250 + index * 60}ms` } : undefined}
          >
            <CardContent sx={options.compact ? { p: 1.5, "&:last-child": { pb: 1.5 } } : undefined}>
              {(options.showTitles || editing) && (
                <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: options.compact ? 0.5 : 1.5, minHeight: 32 }}>
                  {editing && <DragIndicator color="action" aria-hidden />}
                  <Typography variant={options.compact ? "subtitle1" : "h6"} component="h3" sx={{ flex: 1, minWidth: 0 }} noWrap>
                    {title}
                  </Typography>
                  {editing && (
                    <IconButton size="small" aria-label={`Remove ${title}`} onClick={() => handlers.onRemove(item.id)}>
                      <CloseOutlined fontSize="small" />
                    </IconButton>
                  )}
                </Stack>
              )}
              {editing && (
                // Controls on their own row, so even a small widget keeps its whole title.
                <Stack direction="row" spacing={0.5} sx={{ alignItems: "center", mb: 1.5 }}>
                  <Tooltip title="Move earlier">
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Move ${title} earlier`}
                        disabled={index === 0}
                        onClick={() => handlers.onShift(item.id, -1)}
                      >
                        <ArrowBack fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Move later">
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Move ${title} later`}
                        disabled={index === items.length - 1}
                        onClick={() => handlers.onShift(item.id, 1)}
                      >
                        <ArrowForward fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Select
                    size="small"
                    value={item.size}
                    onChange={(e) => handlers.onResize(item.id, e.target.value as WidgetSize)}
                    inputProps={{ "aria-label": `Size of ${title}` }}
                    sx={{ fontSize: 13, ml: "auto" }}
                  >
                    {SIZE_ORDER.map((s) => (
                      <MenuItem key={s} value={s}>
                        {s[0]!.toUpperCase() + s.slice(1)}
                      </MenuItem>
                    ))}
                  </Select>
                </Stack>
              )}
              <WidgetBody type={item.type} user={user} />
            </CardContent>
          </Card>
        );
        return card;
      })}
    </Box>
  );
}
