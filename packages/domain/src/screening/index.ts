// Automated screening of a bearer (issue 10, docs/decisions/016-screening.md).
export * from './documents.ts';
export * from './engine.ts';
export * from './false-hits.ts';
export * from './input.ts';
export * from './names.ts';
export * from './reasons.ts';
export * from './rules.ts';
export * from './similarity.ts';
export * from './thresholds.ts';
export * from './watchlist.ts';
