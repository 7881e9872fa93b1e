/** Types of the Prometheus text parser the metrics test uses (the package ships none). */
declare module "parse-prometheus-text-format" {
  export interface PrometheusFamily {
    name: string;
    help: string;
    type: "COUNTER" | "GAUGE" | "HISTOGRAM" | "SUMMARY" | "UNTYPED";
    metrics: Record<string, unknown>[];
  }
  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}
