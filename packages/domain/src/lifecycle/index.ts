export * from './authorization.ts';
export * from './case-work.ts';
export * from './info-answer.ts';
export * from './machine.ts';
export * from './reasons.ts';
export * from './routes.ts';
export * from './staff-creation.ts';
export * from './states.ts';
