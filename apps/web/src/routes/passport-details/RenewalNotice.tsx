// Why a renewal's passport step is empty (issue 31, decision 057): the notice the renewal left
// for this traveller's passport (expired, or ending before a new authorization would), until the
// session ends.
import type { RenewalNotice as Notice } from '@eta-il/domain';
import { Alert } from '@eta-il/ui';
import { useTranslation } from 'react-i18next';
import { currentTraveller } from '../../session/draft.ts';
import { readJson, useSessionValue } from '../../session/storage.ts';

export const RenewalNotice = () => {
  const { t } = useTranslation('messages');
  useSessionValue('renewalNotices');
  const notices = readJson<Notice[]>('renewalNotices') ?? [];
  const notice = notices.find((n) => n.step === 'passport' && n.traveller === currentTraveller());
  if (!notice) return null;
  return (
    <Alert kind="info">
      <p>{t(notice.message)}</p>
    </Alert>
  );
};
