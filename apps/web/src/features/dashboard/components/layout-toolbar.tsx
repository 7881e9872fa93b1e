/** Saved dashboard layouts while customizing: load one, save the current arrangement under a name, or go back to the default. */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Menu, MenuItem, TextField } from "@mui/material";
import type { SavedLayout } from "@prospector/contracts";
import { useState } from "react";
import { type LayoutItem, parseLayout } from "../lib/widget-layout.ts";

export function LayoutToolbar({
  items,
  savedLayouts,
  onLoad,
  onSaveAs,
  onReset,
}: {
  items: LayoutItem[];
  savedLayouts: SavedLayout[];
  onLoad: (items: LayoutItem[]) => void;
  onSaveAs: (name: string) => void;
  onReset: () => void;
}) {
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState("");
  return (
    <>
      <Button onClick={(e) => setMenu(e.currentTarget)}>Layouts</Button>
      <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
        {savedLayouts.map((l) => (
          <MenuItem
            key={l.name}
            onClick={() => {
              setMenu(null);
              const parsed = parseLayout(l.layout);
              if (parsed) onLoad(parsed);
            }}
          >
            Load “{l.name}”
          </MenuItem>
        ))}
        <MenuItem
          onClick={() => {
            setMenu(null);
            setNaming(true);
          }}
          disabled={items.length === 0}
        >
          Save layout as…
        </MenuItem>
        <MenuItem
          onClick={() => {
            setMenu(null);
            onReset();
          }}
        >
          Back to the default layout
        </MenuItem>
      </Menu>
      <Dialog open={naming} onClose={() => setNaming(false)}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!name.trim()) return;
            onSaveAs(name.trim());
            setNaming(false);
            setName("");
          }}
        >
          <DialogTitle>Save layout as</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              label="Layout name"
              fullWidth
              margin="dense"
              value={name}
              onChange={(e) => setName(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setNaming(false)}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={!name.trim()}>
              Save
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
