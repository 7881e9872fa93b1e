/**
 * Password strength as the reset screen shows it (shell spec §4): a score counting six
 * properties, mapped to a label and a meter value. Pure, so the levels are unit-tested.
 */

export type StrengthLabel = "Very Weak" | "Weak" | "Fair" | "Good" | "Strong" | "Very Strong";

export interface PasswordStrength {
  /** How many of the six properties hold (0–6). */
  score: number;
  label: StrengthLabel;
  /** Meter fill, 0–100. */
  value: number;
}

const LEVELS: ReadonlyArray<{ label: StrengthLabel; value: number }> = [
  { label: "Very Weak", value: 0 },
  { label: "Very Weak", value: 20 },
  { label: "Weak", value: 40 },
  { label: "Fair", value: 60 },
  { label: "Good", value: 80 },
  { label: "Strong", value: 90 },
  { label: "Very Strong", value: 100 },
];

export const hasLowercase = (p: string) => /[a-z]/.test(p);
export const hasUppercase = (p: string) => /[A-Z]/.test(p);
export const hasDigit = (p: string) => /\d/.test(p);
export const hasSpecial = (p: string) => /[^A-Za-z0-9]/.test(p);

export function passwordStrength(password: string): PasswordStrength {
  const checks = [
    password.length >= 8,
    password.length >= 12,
    hasLowercase(password),
    hasUppercase(password),
    hasDigit(password),
    hasSpecial(password),
  ];
  const score = checks.filter(Boolean).length;
  const level = LEVELS[score]!;
  return { score, label: level.label, value: level.value };
}

export interface ChecklistItem {
  label: string;
  met: boolean;
}

/** The reset screen's requirements checklist (shell spec §5), in display order. */
export function passwordChecklist(password: string): ChecklistItem[] {
  return [
    { label: "At least 8 characters", met: password.length >= 8 },
    { label: "Contains lowercase letter", met: hasLowercase(password) },
    { label: "Contains uppercase letter", met: hasUppercase(password) },
    { label: "Contains number", met: hasDigit(password) },
    { label: "Contains special character", met: hasSpecial(password) },
  ];
}
