// Sending the code (SPEC §7 "send or resend code"): once when the screen opens (once per visit,
// even under StrictMode's double effect) and on 'Send code again'. A 200 keeps the timestamp the
// confirmation must quote; a refusal or failure is silent.
import { useCallback, useEffect, useRef, useState } from 'react';
import { sendCode } from '../../api/calls.ts';
import { writeSession } from '../../session/storage.ts';

const send = async (email: string): Promise<boolean> => {
  try {
    const timestamp = await sendCode(email);
    if (timestamp === undefined) return false;
    writeSession('timestampcode', String(timestamp));
    return true;
  } catch {
    return false;
  }
};

export const useCodeSending = (email: string | null) => {
  const sentOnOpen = useRef(false);
  const [sending, setSending] = useState(false);
  const [resent, setResent] = useState(false);

  useEffect(() => {
    if (!email || sentOnOpen.current) return;
    sentOnOpen.current = true;
    void send(email);
  }, [email]);

  const resend = useCallback(async () => {
    if (!email) return;
    setSending(true);
    setResent(false);
    const ok = await send(email);
    setSending(false);
    setResent(ok);
  }, [email]);

  return { sending, resent, resend };
};
