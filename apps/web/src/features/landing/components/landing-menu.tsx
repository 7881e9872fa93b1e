/** The landing header's menu on phones: section anchors and sign-in in a drawer (loaded on demand). */
import Drawer from "@mui/material/Drawer";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import { Link as RouterLink } from "react-router";
import { NAV_SECTIONS } from "./nav-sections.ts";

interface Props {
  open: boolean;
  onClose: () => void;
  activeId: string | null;
  signedIn: boolean;
}

export function LandingMenu({ open, onClose, activeId, signedIn }: Props) {
  return (
    <Drawer anchor="right" open={open} onClose={onClose}>
      <List sx={{ width: 240 }} aria-label="Sections">
        {NAV_SECTIONS.map((s) => (
          <ListItemButton key={s.id} component="a" href={`#${s.id}`} selected={activeId === s.id} onClick={onClose}>
            <ListItemText primary={s.label} />
          </ListItemButton>
        ))}
        {!signedIn && (
          <ListItemButton component={RouterLink} to="/login">
            <ListItemText primary="Sign In" />
          </ListItemButton>
        )}
      </List>
    </Drawer>
  );
}
