// One accordion panel of the review: a heading whose button opens and closes the region below
// (aria-expanded, aria-controls), with the section's status: 'Reviewed', 'Confirmation required'
// (after a submit attempt) or, in muted text, 'Not yet reviewed'.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type PanelStatus = 'reviewed' | 'required' | 'notReviewed';

/** The DOM id of a panel's toggle button (the error summary links to it). */
export const panelButtonId = (panel: string) => `review-${panel}`;

export const ReviewPanel = ({
  panel,
  title,
  status,
  open,
  onToggle,
  level = 2,
  children,
}: {
  panel: string;
  /** The heading's level: 3 under a traveller's heading in a group. */
  level?: 2 | 3;
  title: string;
  status: PanelStatus;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}) => {
  const { t } = useTranslation('review');
  const buttonId = panelButtonId(panel);
  const regionId = `${buttonId}-region`;
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <div className={`review-panel${status === 'required' ? ' review-panel--required' : ''}`}>
      <Heading className="review-panel__heading">
        <button
          type="button"
          id={buttonId}
          className="review-panel__toggle"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={onToggle}
        >
          <span className="review-panel__title">{title}</span>
          <span className={`review-status review-status--${status}`}>{t(`status.${status}`)}</span>
          <span className="review-panel__icon" aria-hidden="true" />
        </button>
      </Heading>
      <section
        id={regionId}
        aria-labelledby={buttonId}
        className="review-panel__body"
        hidden={!open}
      >
        {children}
      </section>
    </div>
  );
};
