// The frame of every page of both apps: a skip link to the content, the header (the service's
// name, the tools beside it, what an app adds below it), the page in <main>, and the footer.
import type { ReactNode } from 'react';
import { useUiTexts } from './texts.ts';

/** The service's name as the header shows it; the app wraps it (a link home, or not). */
export const ServiceName = () => {
  const { text } = useUiTexts();
  return (
    <>
      <span className="header__state">{text('stateOfIsrael')}</span>
      <span className="header__service">{text('serviceName')}</span>
    </>
  );
};

export const Frame = ({
  brand,
  tools,
  belowHeader,
  footer,
  children,
}: {
  /** The service's name (ServiceName) in an element of class header__brand. */
  brand: ReactNode;
  /** Beside the name: the language switcher. */
  tools: ReactNode;
  /** Inside the header, under its first row (the back office's navigation). */
  belowHeader?: ReactNode;
  /** The footer's content; no footer without it. */
  footer?: ReactNode;
  children: ReactNode;
}) => {
  const { text } = useUiTexts();
  return (
    <>
      <a className="skip-link" href="#main">
        {text('skipToContent')}
      </a>
      <header className="header">
        <div className="header__inner">
          {brand}
          {tools}
        </div>
        {belowHeader}
      </header>
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
      {footer && (
        <footer className="footer">
          <div className="footer__inner">{footer}</div>
        </footer>
      )}
    </>
  );
};
