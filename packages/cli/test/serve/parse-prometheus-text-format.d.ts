// The Prometheus text parser the serve tests read `/metrics` with (the package ships no types).
declare module "parse-prometheus-text-format" {
  export interface PrometheusMetric {
    labels?: Record<string, string>;
    value?: string;
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  export interface PrometheusFamily {
    name: string;
    help: string;
    type: "COUNTER" | "GAUGE" | "HISTOGRAM" | "SUMMARY" | "UNTYPED";
    metrics: PrometheusMetric[];
  }
  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}
