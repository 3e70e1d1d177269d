// Who is signed in: asked of the server once at start (GET me), set by sign-in, cleared by
// sign-out or by any call that answers 401 (the session ended on the server).
import type { OfficeSession, StaffMember } from '@eta-il/domain';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { call, onSignedOut, Unreachable } from './api.ts';

interface Session {
  staff: StaffMember | null | undefined;
  setStaff: (staff: StaffMember | null) => void;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<Session | undefined>(undefined);

export const SessionProvider = ({ children }: { children: ReactNode }) => {
  const [staff, setStaff] = useState<StaffMember | null | undefined>(undefined);
  useEffect(() => {
    const forget = onSignedOut(() => setStaff(null));
    call<OfficeSession>('GET', 'me')
      .then((answer) => setStaff(answer.status === 200 ? answer.data.staff : null))
      .catch((error: unknown) => {
        if (!(error instanceof Unreachable)) throw error;
        setStaff(null);
      });
    return () => {
      forget();
    };
  }, []);
  const signOut = useCallback(async () => {
    await call('POST', 'sign-out', {}).catch(() => undefined);
    setStaff(null);
  }, []);
  return (
    <SessionContext.Provider value={{ staff, setStaff, signOut }}>
      {children}
    </SessionContext.Provider>
  );
};

export const useSession = (): Session => {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
};
