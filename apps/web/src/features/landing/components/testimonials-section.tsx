/** Three customer testimonials. */
import FormatQuoteIcon from "@mui/icons-material/FormatQuote";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Rating from "@mui/material/Rating";
import Typography from "@mui/material/Typography";
import { SECTIONS, TESTIMONIALS } from "../content/landing-copy.ts";
import { LandingSection } from "./landing-section.tsx";

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((p) => p[0])
    .join("")
    .slice(0, 2);

export function TestimonialsSection() {
  return (
    <LandingSection id="testimonials" eyebrow={SECTIONS.testimonials.eyebrow} title={SECTIONS.testimonials.title}>
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "repeat(3, 1fr)" }, gap: 3 }}>
        {TESTIMONIALS.map((t) => (
          <Card key={t.name} variant="outlined" component="figure" sx={{ m: 0, borderRadius: 2, height: "100%" }}>
            <CardContent sx={{ p: 4, display: "flex", flexDirection: "column", gap: 2, height: "100%" }}>
              <FormatQuoteIcon color="primary" sx={{ fontSize: 40 }} />
              <Rating value={t.rating} readOnly size="small" />
              <Typography component="blockquote" sx={{ m: 0, flexGrow: 1 }}>
                {t.text}
              </Typography>
              <Box component="figcaption" sx={{ display: "flex", gap: 1.5, alignItems: "center" }}>
                <Avatar sx={{ bgcolor: "primary.main" }}>{initials(t.name)}</Avatar>
                <Box>
                  <Typography sx={{ fontWeight: 700 }}>{t.name}</Typography>
                  <Typography variant="body2" color="textSecondary">
                    {t.role}, {t.company}
                  </Typography>
                </Box>
              </Box>
            </CardContent>
          </Card>
        ))}
      </Box>
    </LandingSection>
  );
}
