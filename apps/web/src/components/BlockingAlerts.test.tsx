// SPEC §8: blocking banners carry a link to /visa-option.
import type { MessageId } from '@eta-il/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render.tsx';
import { BlockingAlert, BlockingAlerts } from './BlockingAlerts.tsx';

describe('BlockingAlert (SPEC §8)', () => {
  it('shows the message with a link to the visa options', () => {
    renderScreen(<BlockingAlert message="stayOverThreeMonths" />);
    const banner = screen.getByRole('alert');
    expect(
      within(banner).getByText(
        'It is only possible to submit an ETA-IL request for a visit of less than 3 months',
      ),
    ).toBeTruthy();
    const link = within(banner).getByRole('link', { name: 'See the available visa options' });
    expect(link.getAttribute('href')).toBe('/visa-option');
  });

  it('shows each blocking message of a form once, and no banner for ordinary field errors', () => {
    const errors: { message: MessageId }[] = [
      { message: 'required' },
      { message: 'countryEnemy' },
      { message: 'arrivalInPast' },
      { message: 'countryEnemy' },
      { message: 'passportTypeNotEligible' },
    ];
    renderScreen(<BlockingAlerts errors={errors} />);
    expect(screen.getAllByRole('alert').map((a) => a.querySelector('p')?.textContent)).toEqual([
      'It is not possible to submit a request in this country',
      'It is not possible to apply with this type of passport',
    ]);
  });
});
