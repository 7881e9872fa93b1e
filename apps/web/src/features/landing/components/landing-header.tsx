/** Sticky landing header: section anchors with the active one marked, sign-in and trial actions. */
import MenuIcon from "@mui/icons-material/Menu";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import IconButton from "@mui/material/IconButton";
import Toolbar from "@mui/material/Toolbar";
import { lazy, Suspense, useState } from "react";
import { Link as RouterLink } from "react-router";
import { BrandMark } from "./brand-mark.tsx";
import { NAV_SECTIONS } from "./nav-sections.ts";

const loadLandingMenu = () => import("./landing-menu.tsx");
const LandingMenu = lazy(() => loadLandingMenu().then((m) => ({ default: m.LandingMenu })));

interface Props {
  activeId: string | null;
  signedIn: boolean;
}

export function LandingHeader({ activeId, signedIn }: Props) {
  const [menuOpen, setMenuOpen] = useState(false);
  // The phone menu's code (drawer, modal, list) loads on the first touch of its button.
  const [menuLoaded, setMenuLoaded] = useState(false);
  const openMenu = () => {
    setMenuLoaded(true);
    setMenuOpen(true);
  };
  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: "divider", backdropFilter: "blur(8px)" }}>
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ minHeight: 64, gap: 2 }}>
          <BrandMark />
          <Box component="nav" aria-label="Sections" sx={{ display: { xs: "none", md: "flex" }, gap: 0.5, mx: "auto" }}>
            {NAV_SECTIONS.map((s) => (
              <Button
                key={s.id}
                href={`#${s.id}`}
                color={activeId === s.id ? "primary" : "inherit"}
                aria-current={activeId === s.id ? "location" : undefined}
                sx={{
                  fontWeight: activeId === s.id ? 700 : 500,
                  borderBottom: 2,
                  borderColor: activeId === s.id ? "primary.main" : "transparent",
                  borderRadius: 0,
                }}
              >
                {s.label}
              </Button>
            ))}
          </Box>
          <Box sx={{ display: "flex", gap: 1, ml: { xs: "auto", md: 0 }, alignItems: "center" }}>
            {signedIn ? (
              <Button component={RouterLink} to="/dashboard" variant="contained">
                Open Dashboard
              </Button>
            ) : (
              <>
                <Button component={RouterLink} to="/login" color="inherit" sx={{ display: { xs: "none", sm: "inline-flex" } }}>
                  Sign In
                </Button>
                <Button component={RouterLink} to="/login?action=signup" variant="contained" sx={{ whiteSpace: "nowrap" }}>
                  Start Free Trial
                </Button>
              </>
            )}
            <IconButton
              aria-label="Open menu"
              onPointerDown={loadLandingMenu}
              onFocus={loadLandingMenu}
              onClick={openMenu}
              sx={{ display: { md: "none" } }}
            >
              <MenuIcon />
            </IconButton>
          </Box>
        </Toolbar>
      </Container>
      {menuLoaded && (
        <Suspense fallback={null}>
          <LandingMenu open={menuOpen} onClose={() => setMenuOpen(false)} activeId={activeId} signedIn={signedIn} />
        </Suspense>
      )}
    </AppBar>
  );
}
