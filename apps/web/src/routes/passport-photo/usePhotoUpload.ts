// Choosing a photo: the file is checked in the browser first (size, type, then the photo's quality;
// the domain's rules), then uploaded (POST /api/photo). The server's refusals (413, 415, 422 and
// any other 4xx that names a message, and a session ended by its submission) are shown by the drop
// area; a session lost otherwise (401) or any other failure leads to the error page.
import { isMessageId, type MessageId, photoFileIssue } from '@eta-il/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { uploadPhoto } from '../../api/calls.ts';
import { ERROR_ROUTE } from '../../components/ErrorScreen.tsx';
import { photoQualityProblem } from './photoQuality.ts';

/**
 * A refusal the traveller can act on: a 4xx that names a known message, but not a lost session
 * (401) other than one ended by its submission (issue 26), which says to start anew.
 */
const refusalOf = (status: number, code: string | undefined): MessageId | undefined => {
  if (status < 400 || status >= 500 || !code || !isMessageId(code)) return undefined;
  return status !== 401 || code === 'sessionSubmitted' ? code : undefined;
};

export type UploadState = 'idle' | 'checking' | 'uploading' | 'uploaded';

export const usePhotoUpload = (onUploaded: (photoId: string, file: File) => void) => {
  const navigate = useNavigate();
  const [state, setState] = useState<UploadState>('idle');
  const [problem, setProblem] = useState<MessageId>();

  const choose = async (file: File) => {
    if (state === 'checking' || state === 'uploading') return;
    const issue = photoFileIssue(file);
    setProblem(issue);
    if (issue) {
      setState('idle');
      return;
    }
    // Busy while the photo is checked too (a moment for a large photo), so it is chosen once.
    setState('checking');
    const quality = await photoQualityProblem(file);
    if (quality) {
      setProblem(quality);
      setState('idle');
      return;
    }
    setState('uploading');
    let answer: Awaited<ReturnType<typeof uploadPhoto>>;
    try {
      answer = await uploadPhoto(file);
    } catch {
      navigate(ERROR_ROUTE);
      return;
    }
    if (answer.ok && answer.body?.photoId) {
      onUploaded(answer.body.photoId, file);
      setState('uploaded');
      return;
    }
    setState('idle');
    const refusal = answer.ok ? undefined : refusalOf(answer.status, answer.refusal.code);
    if (refusal) setProblem(refusal);
    else navigate(ERROR_ROUTE);
  };

  return { state, problem, setProblem, choose };
};
