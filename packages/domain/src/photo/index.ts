// Photo quality: measured from pixels and judged by the same rules in the browser and the server.
export * from './measure.ts';
export * from './problems.ts';
export * from './thresholds.ts';
