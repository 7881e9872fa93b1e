/**
 * The deals board: one column per stage in pipeline order, each with its deal count and value,
 * cards in board order. A card moves by drag and drop (native HTML5, between or within columns) or
 * from its "Move" menu (keyboard: Tab to the card's menu button, Enter, arrows); Enter on a card
 * opens it.
 */
import DragIndicator from "@mui/icons-material/DragIndicator";
import MoreVert from "@mui/icons-material/MoreVert";
import { Box, ButtonBase, Chip, Divider, IconButton, ListSubheader, Menu, MenuItem, Paper, Typography } from "@mui/material";
import type { CrmDeal, CrmOverview, CrmStage } from "@prospector/contracts";
import { type DragEvent, useState } from "react";
import { BOARD_COLUMN_LIMIT, useBoardColumn } from "../api/use-deals.ts";
import { formatDay, formatMoney, formatTotals, sumByCurrency } from "../lib/crm-labels.ts";

interface BoardProps {
  stages: CrmStage[];
  overview: CrmOverview | undefined;
  search: string;
  canMove: boolean;
  onOpen: (id: string) => void;
  onMove: (deal: CrmDeal, to: CrmStage, index: number) => void;
}

interface Drag {
  deal: CrmDeal;
  over: { stageId: string; index: number } | null;
}

function DealCard({
  deal,
  index,
  count,
  stages,
  canMove,
  dragging,
  onOpen,
  onMove,
  onDragStart,
  onDragOverCard,
  onDragEnd,
}: {
  deal: CrmDeal;
  index: number;
  count: number;
  stages: CrmStage[];
  canMove: boolean;
  dragging: boolean;
  onOpen: () => void;
  onMove: (to: CrmStage, index: number) => void;
  onDragStart: () => void;
  onDragOverCard: (index: number) => void;
  onDragEnd: () => void;
}) {
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const here = stages.find((s) => s.id === deal.stage_id);
  const move = (to: CrmStage, at: number) => {
    setMenu(null);
    onMove(to, at);
  };
  return (
    <Paper
      variant="outlined"
      draggable={canMove}
      onDragStart={(e: DragEvent) => {
        e.dataTransfer.effectAllowed = "move";
        e.dataTransfer.setData("text/plain", deal.id);
        onDragStart();
      }}
      onDragEnd={onDragEnd}
      onDragOver={(e: DragEvent<HTMLElement>) => {
        if (!canMove) return;
        e.preventDefault();
        const box = e.currentTarget.getBoundingClientRect();
        onDragOverCard(e.clientY > box.top + box.height / 2 ? index + 1 : index);
      }}
      sx={{
        display: "flex",
        alignItems: "stretch",
        opacity: dragging ? 0.4 : 1,
        cursor: canMove ? "grab" : "default",
        bgcolor: "background.paper",
      }}
    >
      {canMove && <DragIndicator fontSize="small" sx={{ color: "text.disabled", alignSelf: "center", ml: 0.5 }} aria-hidden />}
      <ButtonBase
        onClick={onOpen}
        sx={{ flex: 1, minWidth: 0, textAlign: "left", display: "block", p: 1.25, borderRadius: 1 }}
        aria-label={`Open ${deal.name}`}
      >
        <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
          {deal.name}
        </Typography>
        {deal.customer_name && (
          <Typography variant="caption" color="textSecondary" component="div" noWrap>
            {deal.customer_name}
          </Typography>
        )}
        <Box sx={{ display: "flex", gap: 1, alignItems: "center", mt: 0.5, flexWrap: "wrap" }}>
          <Typography variant="body2">{formatMoney(deal.value, deal.currency)}</Typography>
          <Typography variant="caption" color="textSecondary">{`${deal.effective_probability}%`}</Typography>
          {deal.expected_close_date && (
            <Typography variant="caption" color="textSecondary">{`closes ${formatDay(deal.expected_close_date)}`}</Typography>
          )}
        </Box>
      </ButtonBase>
      {canMove && (
        <>
          <IconButton
            size="small"
            aria-label={`Move ${deal.name}`}
            aria-haspopup="menu"
            onClick={(e) => setMenu(e.currentTarget)}
            sx={{ alignSelf: "flex-start", m: 0.5 }}
          >
            <MoreVert fontSize="small" />
          </IconButton>
          <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
            {here && index > 0 && <MenuItem onClick={() => move(here, index - 1)}>Move up</MenuItem>}
            {here && index < count - 1 && <MenuItem onClick={() => move(here, index + 1)}>Move down</MenuItem>}
            {here && (index > 0 || index < count - 1) && <Divider />}
            <ListSubheader>Move to stage</ListSubheader>
            {stages
              .filter((s) => s.id !== deal.stage_id)
              .map((s) => (
                <MenuItem key={s.id} onClick={() => move(s, Number.MAX_SAFE_INTEGER)}>
                  {s.name}
                </MenuItem>
              ))}
          </Menu>
        </>
      )}
    </Paper>
  );
}

function Column({
  stage,
  props,
  drag,
  setDrag,
}: {
  stage: CrmStage;
  props: BoardProps;
  drag: Drag | null;
  setDrag: (d: Drag | null) => void;
}) {
  const column = useBoardColumn(stage.id, props.search);
  const items = column.data?.items ?? [];
  const total = column.data?.total ?? 0;
  const fromOverview = !props.search ? props.overview?.stages.find((s) => s.stage_id === stage.id) : undefined;
  const complete = total <= items.length;
  const value = complete
    ? formatTotals(sumByCurrency(items))
    : fromOverview
      ? formatTotals(fromOverview.totals)
      : `${formatTotals(sumByCurrency(items))} in the first ${BOARD_COLUMN_LIMIT}`;
  const over = drag?.over?.stageId === stage.id;
  const drop = (e: DragEvent) => {
    e.preventDefault();
    if (!drag) return;
    const index = drag.over?.stageId === stage.id ? drag.over.index : items.length;
    // Within its own column, the slots after the card shift by one once it is taken out.
    const own = items.findIndex((d) => d.id === drag.deal.id);
    const at = own >= 0 && own < index ? index - 1 : index;
    setDrag(null);
    if (own === at && drag.deal.stage_id === stage.id) return;
    props.onMove(drag.deal, stage, at);
  };
  return (
    <Box
      component="section"
      aria-label={`${stage.name}: ${total} ${total === 1 ? "deal" : "deals"}, ${value}`}
      onDragOver={(e: DragEvent) => {
        if (!drag) return;
        e.preventDefault();
        if (drag.over?.stageId !== stage.id) setDrag({ ...drag, over: { stageId: stage.id, index: items.length } });
      }}
      onDrop={drop}
      sx={{
        width: 280,
        flexShrink: 0,
        bgcolor: over ? "action.selected" : "action.hover",
        borderRadius: 2,
        p: 1,
        display: "flex",
        flexDirection: "column",
        gap: 1,
        outline: over ? 2 : 0,
        outlineColor: "primary.main",
        outlineStyle: "dashed",
      }}
    >
      <Box sx={{ px: 0.5 }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
          <Typography variant="subtitle2" component="h3" sx={{ flex: 1 }} noWrap>
            {stage.name}
          </Typography>
          <Chip size="small" label={total} />
        </Box>
        <Typography variant="caption" color="textSecondary">
          {`${value} · ${stage.is_won ? "won" : stage.is_lost ? "lost" : `${stage.probability}% likely`}`}
        </Typography>
      </Box>
      {column.isPending && (
        <Typography variant="body2" color="textSecondary" sx={{ px: 0.5 }}>
          Loading...
        </Typography>
      )}
      {column.isError && (
        <Typography variant="body2" color="error" sx={{ px: 0.5 }}>
          This column could not be loaded.
        </Typography>
      )}
      {items.length > 0 && (
        <Box role="list" aria-label={`Deals in ${stage.name}`} sx={{ display: "flex", flexDirection: "column", gap: 1 }}>
          {items.map((deal, index) => (
            <Box key={deal.id} role="listitem">
              {over && drag?.over?.index === index && <Box sx={{ height: 3, bgcolor: "primary.main", borderRadius: 1, mb: 0.5 }} />}
              <DealCard
                deal={deal}
                index={index}
                count={items.length}
                stages={props.stages}
                canMove={props.canMove}
                dragging={drag?.deal.id === deal.id}
                onOpen={() => props.onOpen(deal.id)}
                onMove={(to, at) => props.onMove(deal, to, at)}
                onDragStart={() => setDrag({ deal, over: null })}
                onDragOverCard={(i) => {
                  if (drag && (drag.over?.stageId !== stage.id || drag.over.index !== i))
                    setDrag({ ...drag, over: { stageId: stage.id, index: i } });
                }}
                onDragEnd={() => setDrag(null)}
              />
            </Box>
          ))}
        </Box>
      )}
      {over && drag?.over?.index === items.length && <Box sx={{ height: 3, bgcolor: "primary.main", borderRadius: 1 }} />}
      {column.isSuccess && items.length === 0 && (
        <Typography variant="body2" color="textSecondary" sx={{ px: 0.5, py: 3, textAlign: "center" }}>
          {props.search ? "No deal here matches" : props.canMove ? "Drop a deal here" : "No deals"}
        </Typography>
      )}
      {total > items.length && (
        <Typography
          variant="caption"
          color="textSecondary"
          sx={{ px: 0.5 }}
        >{`${items.length} of ${total} shown; use the table for the rest`}</Typography>
      )}
    </Box>
  );
}

export function DealBoard(props: BoardProps) {
  const [drag, setDrag] = useState<Drag | null>(null);
  return (
    <Box sx={{ display: "flex", gap: 1.5, overflowX: "auto", pb: 1, alignItems: "flex-start" }}>
      {props.stages.map((stage) => (
        <Column key={stage.id} stage={stage} props={props} drag={drag} setDrag={setDrag} />
      ))}
    </Box>
  );
}
