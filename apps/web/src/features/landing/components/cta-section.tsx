/** Closing call to action before the footer. */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { TRIAL_DAYS } from "@prospector/contracts";
import { Link as RouterLink } from "react-router";
import { CTA } from "../content/landing-copy.ts";
import { FadeIn } from "./fade-in.tsx";

export function CtaSection() {
  return (
    <Box component="section" aria-labelledby="cta-title" sx={{ py: { xs: 8, md: 10 } }}>
      <Container maxWidth="md">
        <FadeIn>
          <Box
            sx={{
              textAlign: "center",
              borderRadius: 3,
              px: { xs: 3, md: 8 },
              py: { xs: 6, md: 8 },
              color: "primary.contrastText",
              background: (t) => `linear-gradient(135deg, ${t.palette.primary.main}, ${t.palette.secondary.main})`,
            }}
          >
            <Typography id="cta-title" variant="h3" component="h2" sx={{ fontWeight: 800, fontSize: { xs: "1.9rem", md: "2.5rem" } }}>
              {CTA.title}
            </Typography>
            <Typography sx={{ mt: 2, opacity: 0.9, fontSize: "1.1rem" }}>
              Start your {TRIAL_DAYS}-day free trial today. No credit card required.
            </Typography>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mt: 4, justifyContent: "center" }}>
              <Button
                component={RouterLink}
                to="/login?action=signup"
                size="large"
                variant="contained"
                color="inherit"
                sx={{ color: "primary.main", bgcolor: "common.white", px: 4 }}
              >
                {CTA.trialAction}
              </Button>
              <Button component={RouterLink} to="/login?action=demo" size="large" variant="outlined" color="inherit" sx={{ px: 4 }}>
                {CTA.demoAction}
              </Button>
            </Stack>
          </Box>
        </FadeIn>
      </Container>
    </Box>
  );
}
