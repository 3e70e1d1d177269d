// /forms and / (SPEC §2 "Start your application"): a new application begins here, then the
// form asks who it is for.
import { Suspense } from 'react';
import { FullScreenLoader } from '../../components/Loader.tsx';
import { useFreshApplication } from './freshApplication.ts';
import { StartForm } from './StartForm.tsx';

export const StartFormPage = () => {
  const ready = useFreshApplication();
  if (!ready) return null;
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <StartForm />
    </Suspense>
  );
};
