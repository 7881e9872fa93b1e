/** Hero: the pitch, the trial and demo actions, and the headline figures, over the particle field. */
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import PlayCircleOutlinedIcon from "@mui/icons-material/PlayCircleOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Container from "@mui/material/Container";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { PLANS, TRIAL_DAYS } from "@prospector/contracts";
import { Link as RouterLink } from "react-router";
import { HERO, HERO_ASSURANCES, HERO_STATS } from "../content/landing-copy.ts";
import { ParticleBackground } from "./particle-background.tsx";
import { usd } from "./usd.ts";

// The spec's hero mentions "about $299 per month", which no plan offers; quoting the cheapest
// plan from the catalogue keeps the page consistent with its own pricing table.
const lowestYearly = Math.min(...PLANS.map((p) => p.yearly_price));

export function HeroSection() {
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      sx={{
        position: "relative",
        overflow: "hidden",
        pt: { xs: 8, md: 14 },
        pb: { xs: 8, md: 12 },
        background: (t) =>
          `radial-gradient(ellipse at top, ${t.palette.mode === "dark" ? "rgba(121,134,203,0.18)" : "rgba(63,81,181,0.10)"}, transparent 65%)`,
      }}
    >
      <ParticleBackground />
      <Container maxWidth="md" sx={{ position: "relative", textAlign: "center" }}>
        <Chip label={HERO.badge} color="primary" variant="outlined" sx={{ mb: 3, fontWeight: 600 }} />
        <Typography
          id="hero-title"
          variant="h2"
          component="h1"
          sx={{ fontWeight: 800, letterSpacing: -1, fontSize: { xs: "2.25rem", sm: "3rem", md: "3.75rem" }, lineHeight: 1.1 }}
        >
          {HERO.headline}{" "}
          <Box component="span" sx={{ color: "primary.main" }}>
            {HERO.headlineAccent}
          </Box>
        </Typography>
        <Typography variant="h6" component="p" color="textSecondary" sx={{ mt: 3, fontWeight: 400, maxWidth: 640, mx: "auto" }}>
          {HERO.pitch}
        </Typography>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mt: 5, justifyContent: "center" }}>
          <Button component={RouterLink} to="/login?action=signup" variant="contained" size="large" sx={{ px: 4, py: 1.5 }}>
            Start {TRIAL_DAYS}-Day Free Trial
          </Button>
          <Button
            component={RouterLink}
            to="/login?action=demo"
            variant="outlined"
            size="large"
            startIcon={<PlayCircleOutlinedIcon />}
            sx={{ px: 4, py: 1.5 }}
          >
            {HERO.demoAction}
          </Button>
        </Stack>
        <Stack
          direction={{ xs: "column", sm: "row" }}
          spacing={{ xs: 1, sm: 3 }}
          sx={{ mt: 3, justifyContent: "center", alignItems: "center", color: "text.secondary" }}
        >
          {HERO_ASSURANCES.map((t) => (
            <Box key={t} sx={{ display: "flex", alignItems: "center", gap: 0.75 }}>
              <CheckCircleIcon fontSize="small" color="success" />
              <Typography variant="body2">{t}</Typography>
            </Box>
          ))}
        </Stack>
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1.5 }}>
          Paid plans from {usd(lowestYearly)}/month, billed yearly.
        </Typography>
        <Box
          sx={{
            mt: { xs: 6, md: 8 },
            display: "grid",
            gridTemplateColumns: "repeat(3, 1fr)",
            gap: { xs: 1, sm: 2 },
          }}
        >
          {HERO_STATS.map((s) => (
            <Box
              key={s.label}
              sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 2, bgcolor: "background.paper", border: 1, borderColor: "divider" }}
            >
              <Typography variant="h4" component="p" color="primary" sx={{ fontWeight: 800, fontSize: { xs: "1.5rem", sm: "2.125rem" } }}>
                {s.value}
              </Typography>
              <Typography variant="body2" color="textSecondary">
                {s.label}
              </Typography>
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
