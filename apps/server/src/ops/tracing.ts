// OpenTelemetry traces over OTLP/HTTP, only when OTEL_EXPORTER_OTLP_ENDPOINT is set: the SDK is
// imported here, on demand, so that nothing of it loads otherwise. Every HTTP request the server
// answers or makes becomes a span; the probes are left out.
import { createRequire } from 'node:module';

export interface Tracing {
  /** Sends the spans still buffered and stops. */
  shutdown: () => Promise<void>;
}

const PROBES = new Set(['/livez', '/readyz', '/metrics']);

/** The traces URL of an OTLP endpoint (the base URL, as OTEL_EXPORTER_OTLP_ENDPOINT gives it). */
const tracesUrl = (endpoint: string) => `${endpoint.replace(/\/+$/, '')}/v1/traces`;

export const startTracing = async (endpoint: string, serviceName = 'eta-il'): Promise<Tracing> => {
  const [{ NodeSDK }, { OTLPTraceExporter }, { HttpInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation-http'),
  ]);
  const sdk = new NodeSDK({
    serviceName,
    traceExporter: new OTLPTraceExporter({ url: tracesUrl(endpoint) }),
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => PROBES.has(request.url?.split('?')[0] ?? ''),
      }),
    ],
  });
  sdk.start();
  // The instrumentation patches node:http when it is next required; the server's modules loaded
  // it already, so require it once more now.
  createRequire(import.meta.url)('node:http');
  return { shutdown: () => sdk.shutdown() };
};
