// /accessibility is no SPEC screen but the footer's 'Accessibility statement': its sections, the
// testing list, the mailto link to report a problem and the statement's date in the reader's locale.
import { ROUTES } from '@eta-il/domain';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, testI18n } from '../../test/render.tsx';
import { AccessibilityPage } from './AccessibilityPage.tsx';

const open = (i18n = testI18n()) =>
  renderScreen(<AccessibilityPage />, {
    path: ROUTES.accessibility,
    route: ROUTES.accessibility,
    i18n,
  });

describe('AccessibilityPage', () => {
  it('titles the page and gives its sections, with the four ways it is tested', () => {
    open();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Accessibility statement');
    expect(document.title).toBe('Accessibility statement – ETA-IL');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'The standard we aim for',
      'How we test',
      'Known limitations',
      'Report a problem',
      'Date of this statement',
    ]);
    expect(screen.getByText(/WCAG\) 2\.2 at level AA/)).toBeTruthy();
    const tests = screen.getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(tests).toHaveLength(4);
    expect(tests[0]).toMatch(/^Automated accessibility checks \(axe\)/);
    expect(tests[3]).toBe('We check every screen at 200% zoom and at a width of 320 pixels.');
  });

  it('puts the address as a mailto link inside the report sentence, without its tags', () => {
    open();
    const link = screen.getByRole('link', { name: 'accessibility@eta-il.gov.il' });
    expect(link.getAttribute('href')).toBe('mailto:accessibility@eta-il.gov.il');
    expect(link.parentElement?.textContent).toBe(
      'If you find a problem, or need information in another format, write to us at accessibility@eta-il.gov.il. Tell us the page address and what went wrong.',
    );
    expect(document.body.textContent).not.toContain('<email>');
  });

  it('dates the statement day first in English and in the reader’s language after a change', async () => {
    const i18n = testI18n();
    open(i18n);
    expect(screen.getByText('This statement was prepared on 22 November 2026.')).toBeTruthy();
    await act(() => i18n.changeLanguage('he'));
    expect(screen.getByText('This statement was prepared on 22 בנובמבר 2026.')).toBeTruthy();
  });
});
