// Photo quality: measured from pixels and judged by the same rules in the browser and the server.
export * from './faceDetector.ts';
export * from './faces.ts';
export * from './faceThresholds.ts';
export * from './measure.ts';
export * from './problems.ts';
export * from './thresholds.ts';
export * from './verdict.ts';
