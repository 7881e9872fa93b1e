/**
 * Pricing (#pricing) from the shared plan catalogue: yearly billing on by default with a
 * "Save 20%" chip and, per plan, "Save $X/year" = 12 × (monthly − yearly).
 */
import CheckIcon from "@mui/icons-material/Check";
import CloseIcon from "@mui/icons-material/Close";
import HeadsetMicIcon from "@mui/icons-material/HeadsetMic";
import VerifiedUserIcon from "@mui/icons-material/VerifiedUser";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { MONEY_BACK_DAYS, PLANS, type Plan, YEARLY_DISCOUNT_PERCENT, yearlySavings } from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { PRICING_SUPPORT, SECTIONS } from "../content/landing-copy.ts";
import { LandingSection } from "./landing-section.tsx";
import { usd } from "./usd.ts";

function PlanCard({ plan, yearly }: { plan: Plan; yearly: boolean }) {
  const price = yearly ? plan.yearly_price : plan.monthly_price;
  const to = plan.call_to_action.kind === "sales" ? "/login?action=demo" : "/login?action=signup";
  return (
    <Card
      variant="outlined"
      aria-label={`${plan.name} plan`}
      sx={{
        position: "relative",
        overflow: "visible",
        borderRadius: 2,
        borderWidth: plan.featured ? 2 : 1,
        borderColor: plan.featured ? "primary.main" : "divider",
        boxShadow: plan.featured ? 8 : 0,
      }}
    >
      {plan.badge && (
        <Chip
          label={plan.badge}
          color="primary"
          size="small"
          sx={{ position: "absolute", top: -12, left: "50%", transform: "translateX(-50%)", fontWeight: 700 }}
        />
      )}
      <CardContent sx={{ p: 4 }}>
        <Typography variant="h5" component="h3" sx={{ fontWeight: 700 }}>
          {plan.name}
        </Typography>
        <Typography color="textSecondary" sx={{ minHeight: 48 }}>
          {plan.description}
        </Typography>
        <Box sx={{ display: "flex", alignItems: "baseline", gap: 0.5, mt: 2 }}>
          <Typography variant="h3" component="p" sx={{ fontWeight: 800 }} data-testid={`price-${plan.id}`}>
            {usd(price)}
          </Typography>
          <Typography color="textSecondary">/month</Typography>
        </Box>
        <Typography variant="body2" color="textSecondary" sx={{ minHeight: 20 }}>
          {yearly ? "billed yearly" : "billed monthly"}
        </Typography>
        <Typography variant="body2" color="success" sx={{ fontWeight: 600, minHeight: 20 }}>
          {yearly ? `Save ${usd(yearlySavings(plan))}/year` : ""}
        </Typography>
        <Button component={RouterLink} to={to} fullWidth size="large" variant={plan.featured ? "contained" : "outlined"} sx={{ my: 3 }}>
          {plan.call_to_action.label}
        </Button>
        <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1.25 }}>
          {plan.features.map((f) => (
            <Box
              component="li"
              key={f.label}
              sx={{ display: "flex", gap: 1, alignItems: "center", color: f.included ? "text.primary" : "text.secondary" }}
            >
              {f.included ? <CheckIcon color="success" fontSize="small" /> : <CloseIcon fontSize="small" />}
              <Typography variant="body2">
                {f.label}
                {!f.included && (
                  <Box
                    component="span"
                    sx={{
                      position: "absolute",
                      width: "1px",
                      height: "1px",
                      overflow: "hidden",
                      clip: "rect(0 0 0 0)",
                      whiteSpace: "nowrap",
                    }}
                  >
                    {" "}
                    (not included)
                  </Box>
                )}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

export function PricingSection() {
  const [yearly, setYearly] = useState(true);
  return (
    <LandingSection id="pricing" eyebrow={SECTIONS.pricing.eyebrow} title={SECTIONS.pricing.title} subtitle={SECTIONS.pricing.subtitle}>
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: "center", alignItems: "center", mb: 6 }}>
        <FormControlLabel
          control={<Switch checked={yearly} onChange={(e) => setYearly(e.target.checked)} />}
          label="Bill yearly"
          sx={{ mr: 0 }}
        />
        <Chip
          label={`Save ${YEARLY_DISCOUNT_PERCENT}%`}
          color="success"
          size="small"
          variant={yearly ? "filled" : "outlined"}
          sx={{ fontWeight: 700 }}
        />
      </Stack>
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "repeat(3, 1fr)" }, gap: 3, alignItems: "start" }}>
        {PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} yearly={yearly} />
        ))}
      </Box>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={{ xs: 1.5, sm: 4 }}
        sx={{ justifyContent: "center", alignItems: "center", mt: 5, color: "text.secondary" }}
      >
        <Box sx={{ display: "flex", gap: 1, alignItems: "center" }}>
          <VerifiedUserIcon color="primary" />
          <Typography>{MONEY_BACK_DAYS}-day money-back guarantee</Typography>
        </Box>
        <Box sx={{ display: "flex", gap: 1, alignItems: "center" }}>
          <HeadsetMicIcon color="primary" />
          <Typography>{PRICING_SUPPORT}</Typography>
        </Box>
      </Stack>
    </LandingSection>
  );
}
