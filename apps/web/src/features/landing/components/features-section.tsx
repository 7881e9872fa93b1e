/** Features grid (#features). */
import AutoAwesomeIcon from "@mui/icons-material/AutoAwesome";
import CalendarMonthIcon from "@mui/icons-material/CalendarMonth";
import CampaignIcon from "@mui/icons-material/Campaign";
import InsightsIcon from "@mui/icons-material/Insights";
import MarkEmailReadIcon from "@mui/icons-material/MarkEmailRead";
import PersonSearchIcon from "@mui/icons-material/PersonSearch";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import { FEATURES, type FeatureCopy, SECTIONS } from "../content/landing-copy.ts";
import { LandingSection } from "./landing-section.tsx";

const ICONS: Record<FeatureCopy["icon"], typeof AutoAwesomeIcon> = {
  mail: AutoAwesomeIcon,
  search: PersonSearchIcon,
  campaign: CampaignIcon,
  reply: MarkEmailReadIcon,
  calendar: CalendarMonthIcon,
  insights: InsightsIcon,
};

export function FeaturesSection() {
  return (
    <LandingSection id="features" eyebrow={SECTIONS.features.eyebrow} title={SECTIONS.features.title} subtitle={SECTIONS.features.subtitle}>
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", md: "repeat(3, 1fr)" }, gap: 3 }}>
        {FEATURES.map((f) => {
          const Icon = ICONS[f.icon];
          return (
            <Card key={f.title} variant="outlined" sx={{ borderRadius: 2, height: "100%" }}>
              <CardContent sx={{ p: 3 }}>
                <Box
                  sx={{
                    width: 48,
                    height: 48,
                    borderRadius: 1,
                    display: "grid",
                    placeItems: "center",
                    bgcolor: "primary.main",
                    color: "primary.contrastText",
                    mb: 2,
                  }}
                >
                  <Icon />
                </Box>
                <Typography variant="h6" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                  {f.title}
                </Typography>
                <Typography color="textSecondary">{f.text}</Typography>
              </CardContent>
            </Card>
          );
        })}
      </Box>
    </LandingSection>
  );
}
