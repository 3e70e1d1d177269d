// The server's clock, injected so tests can move time.
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
