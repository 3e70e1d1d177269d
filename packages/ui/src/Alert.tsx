// A banner: an error is announced at once (role alert), the others politely (role status).
import type { ReactNode } from 'react';

export const Alert = ({
  kind,
  children,
  id,
}: {
  kind: 'error' | 'warning' | 'success' | 'info';
  children: ReactNode;
  id?: string;
}) => (
  <div id={id} className={`alert alert--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
    {children}
  </div>
);
