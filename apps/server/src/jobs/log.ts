// What the background jobs log through: pino's signature (Fastify's logger fits), or nothing.
export interface JobLog {
  info: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
}

export const silentLog: JobLog = { info: () => {}, warn: () => {}, error: () => {} };
