/**
 * An outlined text field for the auth screens, built from MUI's form-control parts. MUI's
 * TextField also imports its select mode (Select, Menu, Popover, Modal, the other input variants):
 * about 9 KB (brotli) on the sign-in page's first load that these screens never use. Looks and
 * reads as a TextField: a label tied to its input, the helper text named by aria-describedby.
 */
import FormControl from "@mui/material/FormControl";
import FormHelperText from "@mui/material/FormHelperText";
import type { InputBaseComponentProps } from "@mui/material/InputBase";
import InputLabel from "@mui/material/InputLabel";
import OutlinedInput from "@mui/material/OutlinedInput";
import { type ChangeEventHandler, type FocusEventHandler, type ReactNode, type Ref, useId } from "react";

export interface AuthTextFieldProps {
  label: string;
  name?: string;
  value?: string;
  type?: string;
  onChange?: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  inputRef?: Ref<HTMLInputElement>;
  autoComplete?: string;
  autoFocus?: boolean;
  fullWidth?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  endAdornment?: ReactNode;
  /** Attributes of the <input> itself (inputMode, pattern, maxLength). */
  htmlInput?: InputBaseComponentProps;
}

export function AuthTextField({ label, helperText, error, fullWidth, disabled, endAdornment, htmlInput, ...input }: AuthTextFieldProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} error={error} disabled={disabled}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput {...input} id={id} label={label} endAdornment={endAdornment} inputProps={htmlInput} aria-describedby={helperId} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
