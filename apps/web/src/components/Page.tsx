// A screen's frame: the document title changes per screen (WCAG 2.4.2), and the heading takes
// focus after a navigation so screen readers announce the new screen.
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { setPageTitle } from './documentTitle.ts';

export const Page = ({
  title,
  heading,
  children,
  before,
  wide,
}: {
  /** The document title's first part; defaults to the heading. */
  title?: string;
  heading: string;
  children: ReactNode;
  /** Shown above the heading (step indicator, back link). */
  before?: ReactNode;
  wide?: boolean;
}) => {
  const { t } = useTranslation('common');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const documentTitle = `${title ?? heading} – ${t('serviceName')}`;
  useEffect(() => {
    setPageTitle(documentTitle);
  }, [documentTitle]);
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) {
      headingRef.current?.focus({ preventScroll: true });
    }
  }, []);
  return (
    <div className={`page${wide ? ' page--wide' : ''}`}>
      {before}
      <h1 className="page__heading" tabIndex={-1} ref={headingRef}>
        {heading}
      </h1>
      {children}
    </div>
  );
};
