// /resume/:token, the link e-mailed when an application is saved to continue later (issue 13,
// decision 033): a code is e-mailed to the address the draft was saved from; with it the draft
// becomes this browser's session, at its first unfinished step. An unknown, used or expired link
// says so, with the way to start a new application.
import type { MessageId } from '@eta-il/domain';
import { useParams } from 'react-router';
import { resumeApplication, sendResumeCode } from '../../api/savedApplication.ts';
import { EmailedLinkPage } from '../../components/EmailedLinkPage.tsx';
import { beginResumedSession } from './resumeSession.ts';

const LINK_PROBLEMS: readonly MessageId[] = ['savedApplicationNotFound', 'savedApplicationExpired'];

export const ResumePage = () => {
  const { token = '' } = useParams();
  return (
    <EmailedLinkPage
      texts="resume"
      token={token}
      linkProblems={LINK_PROBLEMS}
      codeField="resumeCode"
      sendCode={sendResumeCode}
      open={resumeApplication}
      begin={beginResumedSession}
    />
  );
};
