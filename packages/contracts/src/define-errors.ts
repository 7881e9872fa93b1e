/** Each feature declares its own error codes with their HTTP status and default text. */
export interface ErrorSpec {
  status: number;
  detail: string;
}

export const defineErrors = <const T extends Record<string, ErrorSpec>>(errors: T): T => errors;
