/** The checklist card: progress, and each step with its state and a link to the page that helps. */
import CheckCircle from "@mui/icons-material/CheckCircle";
import RadioButtonUnchecked from "@mui/icons-material/RadioButtonUnchecked";
import RemoveCircleOutline from "@mui/icons-material/RemoveCircleOutlineOutlined";
import { Button, Card, CardContent, LinearProgress, styled, Typography } from "@mui/material";
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

/**
 * The steps as plain list markup under one style rule, rather than MUI's ListItem, ListItemIcon and
 * ListItemText (five styled components and an `sx` per step, each serialised by emotion in the
 * dashboard's first commit); the same boxes, spacing and type as those components give them.
 */
const Steps = styled("ul")(({ theme }) => ({
  listStyle: "none",
  margin: 0,
  padding: 0,
  position: "relative",
  "& > li": {
    display: "flex",
    alignItems: "flex-start",
    position: "relative",
    boxSizing: "border-box",
    width: "100%",
    textAlign: "left",
    paddingTop: 8,
    paddingBottom: 8,
  },
  "& .step-icon": { display: "inline-flex", flexShrink: 0, minWidth: 40, marginTop: 6, color: (theme.vars ?? theme).palette.action.active },
  "& .step-body": { flex: 1, minWidth: 0 },
  "& .step-text": { flex: "1 1 auto", minWidth: 0, marginTop: 4, marginBottom: 4 },
  "& .step-title": { ...theme.typography.body1, margin: 0, display: "block", fontWeight: 500 },
  "& .step-detail": { ...theme.typography.body2, margin: 0, display: "block", color: (theme.vars ?? theme).palette.text.secondary },
}));

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
      <Steps>
        {steps.map((step) => (
          <li key={step.id} data-testid={`step-${step.id}`} data-status={step.status}>
            <div className="step-icon">{ICON[step.status]}</div>
            <div className="step-body">
              <div className="step-text">
                <span className="step-title">{step.title}</span>
                <p className="step-detail">{step.detail}</p>
              </div>
              {step.action && step.status !== "done" && (
                <Button component={Link} to={step.action.to} size="small" sx={{ ml: -0.75 }}>
                  {step.action.label}
                </Button>
              )}
            </div>
          </li>
        ))}
      </Steps>
    </>
  );
}
