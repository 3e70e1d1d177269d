// A GET of the office API for a screen: the data, or the problem in words, and a way to load
// again after an action.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Answer, call, Unreachable } from './api.ts';

export const useLoad = <T>(path: string | undefined) => {
  const { t } = useTranslation();
  const [data, setData] = useState<Answer<T>['data']>();
  const [problem, setProblem] = useState<string>();
  const [status, setStatus] = useState<number>();
  const load = useCallback(async () => {
    if (!path) return;
    try {
      const answer = await call<T>('GET', path);
      setStatus(answer.status);
      if (answer.status === 200) {
        setData(answer.data);
        setProblem(undefined);
      } else if (answer.status === 403) setProblem(t('forbidden'));
      else if (answer.status === 404) setProblem(t('notFound.title'));
      else if (answer.status === 400) setProblem(t('problems.failure'));
      else if (answer.status !== 401)
        setProblem(t(answer.status === 429 ? 'problems.tooManyRequests' : 'problems.unavailable'));
    } catch (error) {
      if (!(error instanceof Unreachable)) throw error;
      setProblem(t('problems.unreachable'));
    }
  }, [path, t]);
  useEffect(() => {
    void load();
  }, [load]);
  return { data, problem, status, reload: load };
};
