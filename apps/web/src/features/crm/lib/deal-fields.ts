/** The deal form's fields; the stage pick list comes from the workspace's stages. */
import type { CrmStage } from "@prospector/contracts";
import type { FieldSpec } from "./record-field-spec.ts";

export function dealFields(stages: CrmStage[]): FieldSpec[] {
  return [
    { name: "name", label: "Deal name", kind: "text", required: true, wide: true },
    { name: "value", label: "Value", kind: "number" },
    { name: "currency", label: "Currency", kind: "currency", helper: "ISO code, e.g. USD or EUR" },
    { name: "stage_id", label: "Stage", kind: "select", options: stages.map((s) => ({ value: s.id, label: s.name })) },
    { name: "probability", label: "Probability", kind: "percent", helper: "Blank: the stage's default" },
    { name: "expected_close_date", label: "Expected close", kind: "date" },
    { name: "customer_id", label: "Customer", kind: "customer" },
    { name: "description", label: "Description", kind: "multiline" },
  ];
}
