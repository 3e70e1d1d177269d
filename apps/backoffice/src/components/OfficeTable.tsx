// The back office's tables (lists of staff, carriers, cases, checks, audit events): scrolling on
// their own on a narrow screen, a caption when the list needs one, column headings, and an actions
// column named for screen readers only.
import type { ReactNode } from 'react';

export interface OfficeTableProps {
  caption?: ReactNode;
  /** The column headings, in order. */
  columns: readonly ReactNode[];
  /** The name of a last column of buttons (read by screen readers, not shown). */
  actions?: string;
  /** The rows: the first cell of each a `<th scope="row">`. */
  children: ReactNode;
}

export const OfficeTable = ({ caption, columns, actions, children }: OfficeTableProps) => (
  <div className="office-table-wrap">
    <table className="office-table">
      {caption && <caption>{caption}</caption>}
      <thead>
        <tr>
          {columns.map((column, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed, in order
            <th key={i} scope="col">
              {column}
            </th>
          ))}
          {actions && (
            <th scope="col">
              <span className="visually-hidden">{actions}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  </div>
);

/**
 * A button in a table's row: its visible label, and for screen readers the row it acts on
 * ("Disable" is read "Disable ana@example.org").
 */
export const RowAction = ({
  label,
  row,
  kind = 'secondary',
  disabled,
  onClick,
}: {
  label: string;
  row: string;
  kind?: 'primary' | 'secondary' | 'warning';
  disabled?: boolean;
  onClick: () => void;
}) => (
  <button
    type="button"
    className={kind === 'primary' ? 'button' : `button button--${kind}`}
    disabled={disabled}
    onClick={onClick}
  >
    {label}
    <span className="visually-hidden"> {row}</span>
  </button>
);
