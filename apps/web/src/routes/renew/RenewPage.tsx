// /renew#<token>, the renewal link of the reminder e-mail (issue 31, decision 057): the token is
// read from the fragment (never sent to a server log); a code is e-mailed to the address of the
// last application; with it a new application filled in from the last one becomes this browser's
// session, and the traveller goes through every step to the review. An unknown, used or expired
// link says so, with the way to start a new application.
import type { MessageId } from '@eta-il/domain';
import { useLocation } from 'react-router';
import { openRenewal, sendRenewalCode } from '../../api/renewal.ts';
import { EmailedLinkPage } from '../../components/EmailedLinkPage.tsx';
import { beginRenewalSession } from './renewalSession.ts';

const LINK_PROBLEMS: readonly MessageId[] = ['renewalLinkNotFound', 'renewalLinkExpired'];

export const RenewPage = () => {
  // The token is in the fragment: no server or proxy log records it.
  const token = useLocation().hash.replace(/^#/, '');
  return (
    <EmailedLinkPage
      texts="renew"
      token={token}
      linkProblems={LINK_PROBLEMS}
      codeField="renewalCode"
      sendCode={sendRenewalCode}
      open={openRenewal}
      begin={beginRenewalSession}
    />
  );
};
