// SPEC §4 session popups: at 30 minutes a first popup asks whether to go on ('yes' renews the
// token, never the session clock; 'No' starts again); 60 minutes after its start the session
// ends however often 'yes' was pressed, and on a non-exempt page a second popup offers only
// Restart. On the email and code screens an ended session simply starts again.
import { ROUTES, SESSION_VALIDITY_MS, SESSION_WARNING_MS } from '@eta-il/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Modal, ModalActions } from '../components/Modal.tsx';
import { forgetReferenceData } from './reference.ts';
import { isGuardExempt, RESTART_ROUTE, restartSession, sessionStartedAt } from './session.ts';
import { clearSession, readSession, useSessionValue, writeSession } from './storage.ts';

type Phase = 'running' | 'warning' | 'expired';

const MINUTE_MS = 60_000;

/** What the first popup says is left: whole minutes (rounded up) and the time the session ends. */
const timeLeft = (language: string, endsAt: number, now: number) => ({
  duration: new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'minute',
    unitDisplay: 'long',
  }).format(Math.max(1, Math.ceil((endsAt - now) / MINUTE_MS))),
  time: new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(endsAt),
});

const RESTARTS_QUIETLY = [ROUTES.email, ROUTES.code].map((r) => r.toLowerCase());

export const SessionTimers = () => {
  const { t, i18n } = useTranslation('common');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const start = useSessionValue('sessionStart');
  const [phase, setPhase] = useState<Phase>('running');
  const [now, setNow] = useState(() => Date.now());
  const exempt = isGuardExempt(pathname);

  // While the first popup is open, the minutes it shows count down.
  useEffect(() => {
    if (phase !== 'warning') return;
    setNow(Date.now());
    const tick = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(tick);
  }, [phase]);

  // `start` re-arms the timers when a session begins.
  useEffect(() => {
    const begun = sessionStartedAt();
    if (exempt || begun === undefined) {
      setPhase((p) => (p === 'expired' && !exempt ? p : 'running'));
      return;
    }
    const timers: ReturnType<typeof setTimeout>[] = [];
    const at = (time: number, action: () => void) =>
      timers.push(setTimeout(action, Math.max(0, time - Date.now())));
    const end = () => {
      if (RESTARTS_QUIETLY.includes(pathname.toLowerCase())) {
        restartSession();
        forgetReferenceData();
        // Quietly: the first popup, if it was showing, closes with the old session.
        setPhase('running');
        navigate(RESTART_ROUTE);
        return;
      }
      clearSession();
      forgetReferenceData();
      setPhase('expired');
    };
    const elapsed = Date.now() - begun;
    if (elapsed >= SESSION_VALIDITY_MS) end();
    else {
      // Asked once per session: after 'yes' the popup does not come back on the next page.
      const warn = () => setPhase(readSession('warningAnswered') === start ? 'running' : 'warning');
      if (elapsed >= SESSION_WARNING_MS) warn();
      else at(begun + SESSION_WARNING_MS, warn);
      at(begun + SESSION_VALIDITY_MS, end);
    }
    return () => timers.forEach(clearTimeout);
  }, [start, exempt, pathname, navigate]);

  const goOn = () => {
    const email = readSession('emailAddress');
    if (email && readSession('auth-token')) {
      // A failed refresh is silently ignored (SPEC §8).
      import('../api/calls.ts')
        .then(({ refreshToken }) => refreshToken(email))
        .then((token) => {
          // Not into a session that ended meanwhile (its application sent, issue 26).
          if (token && readSession('sessionStart') === start) writeSession('auth-token', token);
        })
        .catch(() => {});
    }
    // The clock is not restarted: the session still ends 60 minutes after it began.
    writeSession('warningAnswered', start);
    setPhase('running');
  };
  const startAgain = () => {
    restartSession();
    forgetReferenceData();
    setPhase('running');
    navigate(RESTART_ROUTE);
  };

  return (
    <>
      <Modal
        open={phase === 'warning' && !exempt}
        title={t('session.warningTitle')}
        dismissable={false}
      >
        <p>
          {t(
            'session.warningText',
            timeLeft(i18n.language, (sessionStartedAt() ?? now) + SESSION_VALIDITY_MS, now),
          )}
        </p>
        <ModalActions
          actions={[
            { label: t('session.yes'), onClick: goOn },
            { label: t('session.no'), onClick: startAgain, secondary: true },
          ]}
        />
      </Modal>
      <Modal
        open={phase === 'expired' && !exempt}
        title={t('session.expiredTitle')}
        dismissable={false}
      >
        <p>{t('session.expiredText')}</p>
        <ModalActions actions={[{ label: t('session.restart'), onClick: startAgain }]} />
      </Modal>
    </>
  );
};
