// withTransaction (db/transaction.ts): the background is woken once a transaction that queued mail
// has committed, and never when it rolled back. Each listener call reads the mail from outside the
// transaction: on PostgreSQL another connection sees only what was committed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { onQueuedWork, withTransaction } from '../../src/db/transaction.ts';
import { enqueueMail } from '../../src/mail/outbox.ts';
import { createPostgresDatabase, DATABASES, STARTUP_MS } from '../harness.ts';

const content = { subject: 'Received', text: 'Received', html: '<p>Received</p>' };

describe.each(DATABASES)('withTransaction on %s', (kind) => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (kind === 'postgres') {
      const created = await createPostgresDatabase();
      drop = created.drop;
      database = await openDatabase({ url: created.url });
    } else {
      database = await openDatabase({ dataDir: 'memory://' });
    }
  }, STARTUP_MS);
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  /** Listens for the test's length; each wake-up counts the mail to `to` as the database has it. */
  const listen = async <T>(to: string, test: (seen: Promise<number>[]) => Promise<T>) => {
    const { db } = database;
    const seen: Promise<number>[] = [];
    const stop = onQueuedWork(db, () => {
      seen.push(
        db
          .selectFrom('mail_message')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('recipient', '=', to)
          .executeTakeFirstOrThrow()
          .then((row) => Number(row.n)),
      );
    });
    try {
      return await test(seen);
    } finally {
      stop();
    }
  };
  const queue = (tx: Database['db'], to: string) =>
    enqueueMail(tx, { kind: 'acknowledgement', to, content, now: new Date() });

  it('wakes its listeners once, after the commit, however much it queued', async () => {
    const to = `committed-${kind}@example.com`;
    await listen(to, async (seen) => {
      const answer = await withTransaction(database.db, async (tx) => {
        await queue(tx, to);
        await queue(tx, to);
        expect(seen).toHaveLength(0);
        return 'done';
      });
      expect(answer).toBe('done');
      expect(await Promise.all(seen)).toEqual([2]);
    });
  });

  it('wakes no one after a rollback, and the mail went with it', async () => {
    const to = `rolled-back-${kind}@example.com`;
    await listen(to, async (seen) => {
      const failed = withTransaction(database.db, async (tx) => {
        await queue(tx, to);
        throw new Error('refused');
      });
      await expect(failed).rejects.toThrow('refused');
      expect(seen).toHaveLength(0);
      const left = await database.db
        .selectFrom('mail_message')
        .select('id')
        .where('recipient', '=', to)
        .execute();
      expect(left).toEqual([]);
    });
  });

  it('wakes no one after a transaction that queued nothing', async () => {
    await listen('nobody@example.com', async (seen) => {
      await withTransaction(database.db, async (tx) => {
        await tx.selectFrom('mail_message').select('id').limit(1).execute();
      });
      expect(seen).toHaveLength(0);
    });
  });

  it('inside a transaction, wakes them once the outer one has committed', async () => {
    const to = `nested-${kind}@example.com`;
    await listen(to, async (seen) => {
      await withTransaction(database.db, async (tx) => {
        await withTransaction(tx, (inner) => queue(inner, to));
        expect(seen).toHaveLength(0);
      });
      expect(await Promise.all(seen)).toEqual([1]);
    });
  });

  it('refuses mail queued in a transaction it did not open (none would wake), and stores none', async () => {
    const to = `unwatched-${kind}@example.com`;
    await listen(to, async (seen) => {
      const plain = database.db.transaction().execute((tx) => queue(tx, to));
      await expect(plain).rejects.toThrow(/withTransaction/);
      expect(seen).toHaveLength(0);
      const left = await database.db
        .selectFrom('mail_message')
        .select('id')
        .where('recipient', '=', to)
        .execute();
      expect(left).toEqual([]);
    });
  });

  it('stops waking a listener that stopped listening', async () => {
    const to = `stopped-${kind}@example.com`;
    let calls = 0;
    const stop = onQueuedWork(database.db, () => {
      calls += 1;
    });
    await withTransaction(database.db, (tx) => queue(tx, to));
    stop();
    await withTransaction(database.db, (tx) => queue(tx, to));
    expect(calls).toBe(1);
  });
});
