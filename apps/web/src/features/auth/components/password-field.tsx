/** A password input with a show/hide toggle. */
import Visibility from "@mui/icons-material/Visibility";
import VisibilityOff from "@mui/icons-material/VisibilityOff";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import TextField, { type TextFieldProps } from "@mui/material/TextField";
import { useState } from "react";

export function PasswordField(props: TextFieldProps & { toggleLabel?: string }) {
  const { toggleLabel = "password", ...rest } = props;
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...rest}
      type={shown ? "text" : "password"}
      slotProps={{
        ...rest.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={shown ? `Hide ${toggleLabel}` : `Show ${toggleLabel}`}
                onClick={() => setShown((s) => !s)}
                edge="end"
                disabled={rest.disabled}
              >
                {shown ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
