// A list of links to the service's own pages, one an item: the footer's, the not-found page's.
import { Link } from 'react-router';

export const LinkList = ({
  className,
  links,
}: {
  className: string;
  links: readonly { to: string; label: string }[];
}) => (
  <ul className={className}>
    {links.map((link) => (
      <li key={link.to}>
        <Link to={link.to}>{link.label}</Link>
      </li>
    ))}
  </ul>
);
