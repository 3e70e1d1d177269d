// A supporting PDF that takes longer than its deadline to draw is refused as unreadable, and the
// drawing stops: a file built to be slow cannot hold the server (decision 054).
import { describe, expect, it } from 'vitest';
import { redrawPdf } from '../../src/api/status/review-pdf.ts';
import { pdf } from './support.ts';

describe('a PDF past its drawing deadline', () => {
  it('is redrawn within the deadline, and refused as unreadable past it', async () => {
    const tenPages = await pdf(10);
    const drawn = await redrawPdf(tenPages);
    expect(drawn).toMatchObject({ ok: true, pages: 10 });
    const started = Date.now();
    expect(await redrawPdf(tenPages, 1)).toEqual({ ok: false, problem: 'unreadable' });
    // Refused at once, not after drawing the ten pages anyway.
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
