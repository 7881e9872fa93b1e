/** The checklist card: progress, and each step with its state and a link to the page that helps. */
import CheckCircle from "@mui/icons-material/CheckCircle";
import RadioButtonUnchecked from "@mui/icons-material/RadioButtonUnchecked";
import RemoveCircleOutline from "@mui/icons-material/RemoveCircleOutlineOutlined";
import { Box, Button, Card, CardContent, LinearProgress, List, ListItem, ListItemIcon, ListItemText, Typography } from "@mui/material";
import { Link } from "react-router";
import { progressOf, type Step } from "../api/getting-started.ts";

const ICON = {
  done: <CheckCircle color="success" aria-label="Done" />,
  todo: <RadioButtonUnchecked color="disabled" aria-label="To do" />,
  not_needed: <RemoveCircleOutline color="disabled" aria-label="Not needed" />,
};

export function GettingStartedCard({ steps }: { steps: Step[] }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h3">
          Getting started
        </Typography>
        <GettingStartedList steps={steps} />
      </CardContent>
    </Card>
  );
}

/** The checklist without its card, for the dashboard's widget frame. */
export function GettingStartedList({ steps }: { steps: Step[] }) {
  const { done, total } = progressOf(steps);
  return (
    <>
      <Typography variant="body2" color="textSecondary">
        {done} of {total} done
      </Typography>
      <LinearProgress
        variant="determinate"
        value={total ? (done / total) * 100 : 0}
        sx={{ my: 1.5, height: 6, borderRadius: 3 }}
        aria-label="Getting started progress"
      />
      <List disablePadding>
        {steps.map((step) => (
          <ListItem
            key={step.id}
            data-testid={`step-${step.id}`}
            data-status={step.status}
            disableGutters
            sx={{ alignItems: "flex-start" }}
          >
            <ListItemIcon sx={{ minWidth: 40, mt: 0.75 }}>{ICON[step.status]}</ListItemIcon>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <ListItemText
                primary={step.title}
                secondary={step.detail}
                slotProps={{ primary: { sx: { fontWeight: 500 } } }}
                sx={{ my: 0.5 }}
              />
              {step.action && step.status !== "done" && (
                <Button component={Link} to={step.action.to} size="small" sx={{ ml: -0.75 }}>
                  {step.action.label}
                </Button>
              )}
            </Box>
          </ListItem>
        ))}
      </List>
    </>
  );
}
