// createShutdown: steps in the order added, exit 0 when all closed; a failing step does not stop
// the others (exit 1); past the deadline, exit 1 without waiting; a repeated signal runs nothing twice.
import { describe, expect, it } from 'vitest';
import { createShutdown, EXIT_INCOMPLETE } from '../../src/ops/shutdown.ts';

const setup = (timeoutMs: number) => {
  const events: string[] = [];
  const exits: number[] = [];
  const shutdown = createShutdown({
    timeoutMs,
    log: { info: () => {}, error: (_object, message) => events.push(`error: ${message}`) },
    exit: (code) => {
      exits.push(code);
    },
  });
  return { shutdown, events, exits };
};

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('createShutdown', () => {
  it('closes every step in order, each after the previous finished, then exits 0', async () => {
    const { shutdown, events, exits } = setup(1000);
    shutdown.add('http server', async () => {
      await later(30);
      events.push('http server');
    });
    shutdown.add('queue', () => {
      events.push('queue');
    });
    shutdown.add('database', async () => {
      events.push('database');
    });
    await shutdown.run('SIGTERM');
    expect(events).toEqual(['http server', 'queue', 'database']);
    expect(exits).toEqual([0]);
  });

  it('a step that fails is logged, the rest still close, and the exit status is 1', async () => {
    const { shutdown, events, exits } = setup(1000);
    shutdown.add('queue', () => Promise.reject(new Error('stuck')));
    shutdown.add('database', () => {
      events.push('database');
    });
    await shutdown.run('SIGTERM');
    expect(events).toEqual([
      'error: shutdown: closing queue failed',
      'database',
      'error: shutdown incomplete; exiting anyway',
    ]);
    expect(exits).toEqual([EXIT_INCOMPLETE]);
  });

  it('past the deadline it exits 1 without waiting for the step that hangs', async () => {
    const { shutdown, exits } = setup(100);
    let databaseClosed = false;
    shutdown.add('http server', () => new Promise(() => {}));
    shutdown.add('database', () => {
      databaseClosed = true;
    });
    const started = Date.now();
    await shutdown.run('SIGTERM');
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(exits).toEqual([EXIT_INCOMPLETE]);
    expect(databaseClosed).toBe(false);
  });

  it('a second signal joins the shutdown under way', async () => {
    const { shutdown, exits } = setup(1000);
    let closed = 0;
    shutdown.add('http server', async () => {
      closed += 1;
      await later(20);
    });
    await Promise.all([shutdown.run('SIGINT'), shutdown.run('SIGINT'), shutdown.run('SIGTERM')]);
    expect(closed).toBe(1);
    expect(exits).toEqual([0]);
  });
});
