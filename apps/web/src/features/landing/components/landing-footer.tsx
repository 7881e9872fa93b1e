/** Footer (#company): about, link columns to real destinations, compliance badges, newsletter. */
import GppGoodIcon from "@mui/icons-material/GppGood";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Container from "@mui/material/Container";
import Divider from "@mui/material/Divider";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { lazy } from "react";
import { Link as RouterLink } from "react-router";
import { COMPLIANCE_BADGES } from "../content/landing-copy.ts";
import { BrandMark } from "./brand-mark.tsx";
import { HEADER_HEIGHT_PX } from "./landing-section.tsx";
import { LoadWhenNear } from "./load-when-near.tsx";

// Loaded when the footer comes near: see LoadWhenNear.
const NewsletterForm = lazy(() => import("./newsletter-form.tsx").then((m) => ({ default: m.NewsletterForm })));
interface FooterLink {
  label: string;
  href: string;
  /** In-app route (client-side navigation) rather than an anchor or a server page. */
  route?: boolean;
}

const COLUMNS: ReadonlyArray<{ title: string; links: FooterLink[] }> = [
  {
    title: "Product",
    links: [
      { label: "Features", href: "#features" },
      { label: "Solutions", href: "#solutions" },
      { label: "Pricing", href: "#pricing" },
    ],
  },
  {
    title: "Resources",
    links: [
      { label: "Guides", href: "#resources" },
      { label: "API reference", href: "/docs" },
    ],
  },
  {
    title: "Account",
    links: [
      { label: "Sign in", href: "/login", route: true },
      { label: "Start free trial", href: "/login?action=signup", route: true },
      { label: "Forgot password", href: "/forgot-password", route: true },
    ],
  },
];

export function LandingFooter() {
  return (
    <Box
      component="footer"
      id="company"
      sx={{ scrollMarginTop: `${HEADER_HEIGHT_PX}px`, bgcolor: "grey.900", color: "grey.300", pt: 8, pb: 4 }}
    >
      <Container maxWidth="lg">
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", md: "2fr 1fr 1fr 1fr 2fr" }, gap: 4 }}>
          <Box>
            <Box sx={{ "& a, & span": { color: "common.white" } }}>
              <BrandMark />
            </Box>
            <Typography variant="body2" sx={{ mt: 2, maxWidth: 320 }}>
              Prospector is an open-source, self-hostable outbound platform: leads, AI-personalized campaigns, reply tracking and a built-in
              CRM, on your own infrastructure.
            </Typography>
          </Box>
          {COLUMNS.map((col) => (
            <Box key={col.title} component="nav" aria-label={col.title}>
              <Typography variant="subtitle2" component="h3" sx={{ color: "common.white", fontWeight: 700, mb: 1.5 }}>
                {col.title}
              </Typography>
              <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1 }}>
                {col.links.map((l) => (
                  <li key={l.label}>
                    {l.route ? (
                      <Link component={RouterLink} to={l.href} color="inherit" underline="hover">
                        {l.label}
                      </Link>
                    ) : (
                      <Link href={l.href} color="inherit" underline="hover">
                        {l.label}
                      </Link>
                    )}
                  </li>
                ))}
              </Box>
            </Box>
          ))}
          <Box>
            <Typography variant="subtitle2" component="h3" sx={{ color: "common.white", fontWeight: 700, mb: 1 }}>
              Stay in the loop
            </Typography>
            <Typography variant="body2" sx={{ mb: 1.5 }}>
              Outbound tips and product updates, once a month.
            </Typography>
            <LoadWhenNear minHeight={40}>
              <NewsletterForm />
            </LoadWhenNear>
          </Box>
        </Box>
        <Divider sx={{ borderColor: "grey.800", my: 4 }} />
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, justifyContent: "space-between", alignItems: "center" }}>
          <Typography variant="body2">© {new Date().getFullYear()} Prospector contributors · AGPL-3.0</Typography>
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }} aria-label="Compliance">
            {COMPLIANCE_BADGES.map((b) => (
              // Each badge links to what the product really does for it (/trust), not to a claim.
              <Chip
                key={b}
                component={RouterLink}
                to={`/trust#${b.toLowerCase().replace(/[^a-z0-9]/g, "")}`}
                clickable
                aria-label={`${b}: what Prospector does for it`}
                icon={<GppGoodIcon />}
                label={b}
                size="small"
                variant="outlined"
                sx={{ color: "grey.300", borderColor: "grey.700", "& .MuiChip-icon": { color: "success.light" } }}
              />
            ))}
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
