/** A checklist of password requirements that turn green as they are met. */
import CheckCircle from "@mui/icons-material/CheckCircle";
import RadioButtonUnchecked from "@mui/icons-material/RadioButtonUnchecked";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";

export function RequirementList({ items }: { items: ReadonlyArray<{ label: string; met: boolean }> }) {
  return (
    <Box component="ul" aria-label="Password requirements" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 0.5 }}>
      {items.map((item) => (
        <Box
          component="li"
          key={item.label}
          data-met={item.met}
          sx={{ display: "flex", alignItems: "center", gap: 1, color: item.met ? "success.main" : "text.secondary" }}
        >
          {item.met ? <CheckCircle fontSize="small" /> : <RadioButtonUnchecked fontSize="small" />}
          <Typography variant="body2">
            {item.label}
            <Box
              component="span"
              sx={{ position: "absolute", width: "1px", height: "1px", overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" }}
            >
              {item.met ? " (met)" : " (not met)"}
            </Box>
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
