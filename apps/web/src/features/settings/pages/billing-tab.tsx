/**
 * Billing tab: the current plan with its limits and live usage, the plan catalogue (the landing
 * page's, monthly or yearly) with plan changes, invoices and the billing address. No card form:
 * card payments need a payment processor configured on the server, and the tab says so.
 */
import CheckOutlined from "@mui/icons-material/CheckOutlined";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControlLabel,
  Grid,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import { type BillingCycle, billingPlan, PLANS, YEARLY_DISCOUNT_PERCENT } from "@prospector/contracts";
import { useState } from "react";
import { permits } from "../../../app/layout/nav-items.ts";
import { ApiError } from "../../../lib/errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useSession } from "../../auth/api/use-session.ts";
import { useBillingOverview, useChangePlan, useSetAutoRenew } from "../api/use-billing.ts";
import { BillingAddressForm } from "../components/billing-address-form.tsx";
import { SettingsSection } from "../components/settings-ui.tsx";
import { UsageBars } from "../components/usage-bars.tsx";
import { formError } from "../lib/server-errors.ts";

const money = (amount: number, currency = "USD") =>
  new Intl.NumberFormat(undefined, { style: "currency", currency, maximumFractionDigits: 0 }).format(amount);

const STATUS_LABEL = { trialing: "Trial", active: "Active", past_due: "Past due", canceled: "Canceled" } as const;

export function BillingTab() {
  const { user } = useSession();
  const canManage = Boolean(user && permits(user.permissions, "billing:update"));
  // Usage is live: refreshed every 30 s while the tab is open.
  const overview = useBillingOverview({ refetchInterval: 30_000 });
  const changePlan = useChangePlan();
  const autoRenew = useSetAutoRenew();
  const toast = useToast();
  const [cycle, setCycle] = useState<BillingCycle>("monthly");
  const [target, setTarget] = useState<string>();

  if (overview.isPending) return <LoadingScreen />;
  if (overview.isError) {
    const message = formError(overview.error);
    return message ? (
      <Alert severity="error">{message}</Alert>
    ) : (
      <Alert severity="info">Billing needs the server: try again when it is back.</Alert>
    );
  }
  const data = overview.data;
  const { plan } = data;
  const planError = changePlan.error;
  const overLimits = planError instanceof ApiError && planError.code === "DOWNGRADE_NOT_ALLOWED" ? (planError.errors ?? []) : [];

  return (
    <Stack spacing={3}>
      <SettingsSection title="Current plan">
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 5 }}>
            <Stack spacing={1}>
              <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                <Typography variant="h5" component="p">
                  {plan.name}
                </Typography>
                <Chip
                  size="small"
                  color={data.subscriptionStatus === "past_due" ? "error" : "primary"}
                  label={STATUS_LABEL[data.subscriptionStatus]}
                />
              </Stack>
              <Typography>
                {plan.price > 0 ? `${money(plan.price, plan.currency)} per month, billed ${plan.billingCycle}` : "No charge"}
              </Typography>
              {data.trialEndsAt && <Typography color="textSecondary">Trial ends {formatDateTime(data.trialEndsAt)}</Typography>}
              {data.nextBillingDate && (
                <Typography color="textSecondary">Next billing date {formatDateTime(data.nextBillingDate)}</Typography>
              )}
              {data.taxRate > 0 && <Typography color="textSecondary">Tax rate {data.taxRate}%</Typography>}
              <FormControlLabel
                control={
                  <Switch
                    checked={data.autoRenew}
                    disabled={!canManage || autoRenew.isPending}
                    onChange={(e) => autoRenew.mutate(e.target.checked)}
                  />
                }
                label="Renew automatically"
              />
              {formError(autoRenew.error) && <Alert severity="error">{formError(autoRenew.error)}</Alert>}
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              Usage since {formatDateTime(data.usage.periodStart)}
            </Typography>
            <UsageBars usage={data.usage} />
          </Grid>
        </Grid>
      </SettingsSection>

      <SettingsSection
        title="Plans"
        description={
          canManage
            ? "Switching applies at once. A downgrade is refused while your usage is above the new plan's limits."
            : "Only members allowed to manage billing can change the plan."
        }
        action={
          <ToggleButtonGroup
            size="small"
            exclusive
            value={cycle}
            onChange={(_, v: BillingCycle | null) => v && setCycle(v)}
            aria-label="Billing cycle"
          >
            <ToggleButton value="monthly">Monthly</ToggleButton>
            <ToggleButton value="yearly">Yearly (save {YEARLY_DISCOUNT_PERCENT}%)</ToggleButton>
          </ToggleButtonGroup>
        }
      >
        <Grid container spacing={2}>
          {PLANS.map((p) => {
            const offer = billingPlan(p.id, cycle);
            const current = plan.id === p.id && plan.billingCycle === cycle;
            const error = target === p.id ? formError(planError) : undefined;
            return (
              <Grid key={p.id} size={{ xs: 12, md: 4 }}>
                <Card
                  sx={{ height: "100%", borderColor: p.featured ? "primary.main" : undefined, borderWidth: p.featured ? 2 : 1 }}
                  data-testid={`plan-${p.id}`}
                >
                  <CardContent>
                    <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center" }}>
                      <Typography variant="h6" component="h3">
                        {p.name}
                      </Typography>
                      {p.badge && <Chip size="small" color="primary" label={p.badge} />}
                    </Stack>
                    <Typography variant="h4" component="p" sx={{ my: 1 }}>
                      {money(offer.price)}
                      <Typography component="span" color="textSecondary">
                        {" "}
                        / month
                      </Typography>
                    </Typography>
                    <Typography variant="body2" color="textSecondary">
                      {cycle === "yearly" ? `${money(offer.price * 12)} billed yearly` : "Billed monthly"} · {p.description}
                    </Typography>
                    <List dense>
                      {offer.features.map((f) => (
                        <ListItem key={f} disableGutters>
                          <ListItemIcon sx={{ minWidth: 28 }}>
                            <CheckOutlined fontSize="small" color="success" />
                          </ListItemIcon>
                          <ListItemText primary={f} />
                        </ListItem>
                      ))}
                    </List>
                    {current ? (
                      <Button fullWidth variant="outlined" disabled>
                        Current plan
                      </Button>
                    ) : offer.selfServe ? (
                      <Button
                        fullWidth
                        variant={p.featured ? "contained" : "outlined"}
                        disabled={!canManage}
                        loading={changePlan.isPending && target === p.id}
                        onClick={() => {
                          setTarget(p.id);
                          changePlan.mutate(
                            { plan_id: p.id, billing_cycle: cycle },
                            { onSuccess: (o) => toast.success(`You are now on ${o.plan.name} (${o.plan.billingCycle})`) },
                          );
                        }}
                      >
                        Switch to {p.name}
                      </Button>
                    ) : (
                      <Typography variant="body2" color="textSecondary" sx={{ textAlign: "center" }}>
                        Arranged with our sales team
                      </Typography>
                    )}
                    {error && (
                      <Alert severity="error" sx={{ mt: 1 }} data-code={(planError as ApiError).code}>
                        {error}
                        {overLimits.length > 0 && (
                          <Box component="ul" sx={{ m: 0, pl: 2 }}>
                            {overLimits.map((o) => (
                              <li key={o.field}>{o.message}</li>
                            ))}
                          </Box>
                        )}
                      </Alert>
                    )}
                  </CardContent>
                </Card>
              </Grid>
            );
          })}
        </Grid>
      </SettingsSection>

      <SettingsSection title="Payment methods">
        {data.paymentsConfigured ? (
          data.paymentMethods.length === 0 ? (
            <Typography color="textSecondary">No card on file. Cards are added through the payment processor's secure page.</Typography>
          ) : (
            <List dense>
              {data.paymentMethods.map((m) => (
                <ListItem key={m.id} disableGutters>
                  <ListItemText
                    primary={`${m.brand} ending ${m.last4}`}
                    secondary={`Expires ${String(m.expMonth).padStart(2, "0")}/${m.expYear}`}
                  />
                </ListItem>
              ))}
            </List>
          )
        ) : (
          <Alert severity="info" data-testid="payments-not-configured">
            Card payments need a payment processor (such as Stripe) to be configured on this server, and none is. Until then no card is
            taken or stored here: only the instance administrator can move an organization to a paid plan, and invoices come from whoever
            runs this instance.
          </Alert>
        )}
      </SettingsSection>

      <SettingsSection title="Invoices">
        {data.history.length === 0 ? (
          <Typography color="textSecondary">No invoices yet.</Typography>
        ) : (
          <Table size="small" aria-label="Invoices">
            <TableHead>
              <TableRow>
                <TableCell>Number</TableCell>
                <TableCell>Date</TableCell>
                <TableCell>Description</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Amount</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.history.map((i) => (
                <TableRow key={i.id}>
                  <TableCell>{i.number}</TableCell>
                  <TableCell>{formatDateTime(i.issuedAt)}</TableCell>
                  <TableCell>{i.description}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={i.status}
                      color={i.status === "paid" ? "success" : i.status === "open" ? "warning" : "default"}
                    />
                  </TableCell>
                  <TableCell align="right">
                    {new Intl.NumberFormat(undefined, { style: "currency", currency: i.currency }).format(i.amount)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </SettingsSection>

      <SettingsSection title="Billing address" description="Printed on invoices.">
        <BillingAddressForm key={JSON.stringify(data.billingAddress)} address={data.billingAddress} canEdit={canManage} />
      </SettingsSection>
    </Stack>
  );
}
