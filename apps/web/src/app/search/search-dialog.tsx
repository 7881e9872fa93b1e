/**
 * The global search dialog (shell spec §2, §9): Ctrl/Cmd+K opens it, Escape closes it, typing
 * searches all sources after 300 ms, arrows and Enter pick a result, recent searches when empty.
 */
import CampaignOutlined from "@mui/icons-material/CampaignOutlined";
import EventNoteOutlined from "@mui/icons-material/EventNoteOutlined";
import ForumOutlined from "@mui/icons-material/ForumOutlined";
import HandshakeOutlined from "@mui/icons-material/HandshakeOutlined";
import HistoryOutlined from "@mui/icons-material/HistoryOutlined";
import PersonOutlined from "@mui/icons-material/PersonOutlined";
import SearchOutlined from "@mui/icons-material/SearchOutlined";
import StorefrontOutlined from "@mui/icons-material/StorefrontOutlined";
import {
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  InputAdornment,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  TextField,
  Typography,
} from "@mui/material";
import type { Me } from "@prospector/contracts";
import { useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { useSession } from "../../features/auth/api/use-session.ts";
import { useDebounced } from "../../lib/use-debounced.ts";
import { activeItem, canSee } from "../layout/nav-items.ts";
import { useProvidedPermissions } from "../permissions/permission-provider.tsx";
import { addRecentSearch, clearRecentSearches, RECENT_SHOWN, readRecentSearches } from "./recent-searches.ts";
import { rankResults, type SearchResult, type SearchResultType } from "./search-ranking.ts";
import { SEARCH_SOURCES, type SearchSource, searchAll } from "./search-sources.ts";

/**
 * Only sources whose page this app has and this user may open: a result must open something, and
 * asking a list the user may not read only earns a 403. Sources light up as the features that own
 * them add their navigation entry.
 */
export function availableSources(
  user: Pick<Me, "permissions" | "is_instance_admin"> | null,
  can?: (permission: string) => boolean,
): SearchSource[] {
  return SEARCH_SOURCES.filter((s) => {
    const item = activeItem(s.page);
    return item !== undefined && canSee(item, user, can);
  });
}

export const SEARCH_DEBOUNCE_MS = 300;

const TYPE_LABEL: Record<SearchResultType, string> = {
  lead: "Lead",
  campaign: "Campaign",
  crm_customer: "Customer",
  crm_deal: "Deal",
  crm_task: "Task",
  crm_interaction: "Interaction",
};
const TYPE_ICON: Record<SearchResultType, typeof PersonOutlined> = {
  lead: PersonOutlined,
  campaign: CampaignOutlined,
  crm_customer: StorefrontOutlined,
  crm_deal: HandshakeOutlined,
  crm_task: EventNoteOutlined,
  crm_interaction: ForumOutlined,
};

/** Opens the dialog on Ctrl+K / Cmd+K anywhere in the app. */
export function useSearchHotkey(open: () => void): void {
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "k") {
        e.preventDefault();
        open();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);
}

export function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [input, setInput] = useState("");
  const [highlight, setHighlight] = useState(0);
  const [recent, setRecent] = useState<string[]>(readRecentSearches);
  const query = useDebounced(input.trim(), SEARCH_DEBOUNCE_MS);
  const { user } = useSession();
  const sources = availableSources(user, useProvidedPermissions()?.can);

  useEffect(() => {
    if (open) {
      setInput("");
      setRecent(readRecentSearches());
    }
  }, [open]);

  const search = useQuery({
    queryKey: ["global-search", query, sources.map((s) => s.type)],
    queryFn: ({ signal }) => searchAll(query, signal, sources),
    enabled: open && query !== "" && sources.length > 0,
    staleTime: 60_000,
  });
  const results = query && search.data ? rankResults(search.data, query) : [];
  const typing = input.trim() !== query;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new result list starts at its first row.
  useEffect(() => setHighlight(0), [search.data]);

  const choose = (result: SearchResult) => {
    setRecent(addRecentSearch(query));
    onClose();
    navigate(result.url);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "ArrowDown" && results.length) {
      e.preventDefault();
      setHighlight((h) => (h + 1) % results.length);
    } else if (e.key === "ArrowUp" && results.length) {
      e.preventDefault();
      setHighlight((h) => (h - 1 + results.length) % results.length);
    } else if (e.key === "Enter") {
      const picked = results[highlight];
      if (picked) choose(picked);
      else if (input.trim()) setRecent(addRecentSearch(input));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      // On the paper: it is the element with role="dialog" (the Dialog's own props go to its backdrop root).
      slotProps={{ paper: { "aria-label": "Search", sx: { alignSelf: "flex-start", mt: { xs: 2, sm: 10 } } } }}
    >
      <Box sx={{ p: 2, pb: 1 }}>
        <TextField
          autoFocus
          fullWidth
          placeholder="Search leads, campaigns, customers, deals…"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={onKeyDown}
          slotProps={{
            htmlInput: {
              "aria-label": "Search query",
              role: "combobox",
              "aria-expanded": results.length > 0,
              "aria-controls": "search-results",
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined />
                </InputAdornment>
              ),
              endAdornment:
                (search.isFetching || typing) && input.trim() ? (
                  <CircularProgress size={18} aria-label="Searching" />
                ) : (
                  <Chip size="small" label="Esc" />
                ),
            },
          }}
        />
      </Box>
      <Box sx={{ maxHeight: "60vh", overflowY: "auto", pb: 1 }}>
        {!input.trim() &&
          (recent.length > 0 ? (
            <List
              dense
              subheader={
                <ListSubheader sx={{ display: "flex", justifyContent: "space-between", alignItems: "center" }}>
                  Recent searches
                  <Button
                    size="small"
                    onClick={() => {
                      clearRecentSearches();
                      setRecent([]);
                    }}
                  >
                    Clear
                  </Button>
                </ListSubheader>
              }
            >
              {recent.slice(0, RECENT_SHOWN).map((r) => (
                <ListItemButton key={r} onClick={() => setInput(r)}>
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <HistoryOutlined fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={r} />
                </ListItemButton>
              ))}
            </List>
          ) : (
            <Typography color="text.secondary" sx={{ px: 3, py: 2 }}>
              Type to search. Tip: press Ctrl+K (⌘K on a Mac) anywhere to open search.
            </Typography>
          ))}
        {query && !typing && (search.isSuccess || sources.length === 0) && results.length === 0 && (
          <Box sx={{ px: 3, py: 4, textAlign: "center" }}>
            <Typography variant="subtitle1">No results found</Typography>
            <Typography color="text.secondary" variant="body2">
              Try searching for leads, campaigns, customers, or deals
            </Typography>
          </Box>
        )}
        {results.length > 0 && (
          <List dense id="search-results" role="listbox" aria-label="Search results">
            {results.map((r, i) => {
              const Icon = TYPE_ICON[r.type];
              return (
                <ListItemButton
                  key={`${r.type}:${r.id}`}
                  role="option"
                  aria-selected={i === highlight}
                  selected={i === highlight}
                  onMouseEnter={() => setHighlight(i)}
                  onClick={() => choose(r)}
                >
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <Icon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={r.title} secondary={[r.subtitle, r.description].filter(Boolean).join(" — ") || undefined} />
                  <Chip size="small" variant="outlined" label={TYPE_LABEL[r.type]} sx={{ ml: 1 }} />
                </ListItemButton>
              );
            })}
          </List>
        )}
      </Box>
    </Dialog>
  );
}
