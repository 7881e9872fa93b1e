/** A password input with a show/hide toggle. */
import Visibility from "@mui/icons-material/Visibility";
import VisibilityOff from "@mui/icons-material/VisibilityOff";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import { useState } from "react";
import { AuthTextField, type AuthTextFieldProps } from "./auth-text-field.tsx";

export function PasswordField(props: Omit<AuthTextFieldProps, "type" | "endAdornment"> & { toggleLabel?: string }) {
  const { toggleLabel = "password", ...rest } = props;
  const [shown, setShown] = useState(false);
  return (
    <AuthTextField
      {...rest}
      type={shown ? "text" : "password"}
      endAdornment={
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
      }
    />
  );
}
