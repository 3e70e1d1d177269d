// The passport step of a renewal says why it is empty: the notice the renewal left for this
// traveller, with its figure; nothing for another traveller or outside a renewal.
import { addTraveller, blankDraft } from '@eta-il/domain';
import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeJson, writeSession } from '../../session/storage.ts';
import { renderScreen } from '../../test/render.tsx';
import { axeViolations } from '../status/axe.ts';
import { RenewalNotice } from './RenewalNotice.tsx';

const render = async () => {
  let view: ReturnType<typeof renderScreen> | undefined;
  await act(async () => {
    view = renderScreen(<RenewalNotice />);
  });
  return view!;
};

beforeEach(() => sessionStorage.clear());

describe('RenewalNotice', () => {
  it("says why the first traveller's passport was not carried over", async () => {
    writeJson('renewalNotices', [
      { traveller: 0, step: 'passport', message: 'renewalPassportExpiresSoon' },
    ]);
    const view = await render();
    expect(view.container.textContent).toMatch(
      /expires in less than 2 years, before a new authorization would end/,
    );
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it("shows another traveller's notice only on that traveller's step", async () => {
    writeJson('renewalNotices', [
      { traveller: 1, step: 'passport', message: 'renewalPassportExpired' },
    ]);
    const first = await render();
    expect(first.container.textContent).toBe('');
    first.unmount();
    writeJson('jsonForm', addTraveller(blankDraft()));
    writeSession('traveller', '1');
    const second = await render();
    expect(second.container.textContent).toMatch(/has expired/);
  });

  it('shows nothing outside a renewal', async () => {
    const view = await render();
    expect(view.container.textContent).toBe('');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
