// /PersonalDetailsImage (SPEC §2, §5 "Photo"): what the photo must show, a drop area and an
// 'Upload a passport photo' button, and a preview. The step keeps the photoId the server answered.
// A photo chosen here can be adjusted (cropped, rotated) and is then checked and uploaded again.
import { photoFileIssue, photoStep } from '@eta-il/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Loader.tsx';
import { StepNavBar, StepPage, useStepScreen } from '../../components/StepScreen.tsx';
import { AdjustPhoto } from './AdjustPhoto.tsx';
import { PhotoDropzone } from './PhotoDropzone.tsx';
import { PhotoInstructions } from './PhotoInstructions.tsx';
import { usePhotoPreview } from './usePhotoPreview.ts';
import { usePhotoUpload } from './usePhotoUpload.ts';

export const PassportPhotoPage = () => {
  const { t } = useTranslation(['photo', 'common', 'messages']);
  const { defaultValues, step, editing, save, form, errors } = useStepScreen('photo', photoStep);
  const keep = (photoId: string) =>
    form.setValue('photoId', photoId, { shouldValidate: form.formState.isSubmitted });
  const upload = usePhotoUpload((photoId, file) => {
    keep(photoId);
    preview.show(file);
  });
  const preview = usePhotoPreview(defaultValues.photoId, () => {
    keep('');
    upload.setProblem('photoNotFound');
  });
  // The photo as chosen, if the tool can open it (a JPEG or PNG within the size limit).
  const [chosen, setChosen] = useState<File>();
  const choose = (file: File) => {
    setChosen(photoFileIssue(file) ? undefined : file);
    void upload.choose(file);
  };
  const photoId = form.watch('photoId');
  const busy = upload.state === 'checking' || upload.state === 'uploading';
  // A refused file explains the missing photo better than 'Upload a passport photo.'
  const shown = errors.map((e) => (upload.problem ? { ...e, message: upload.problem } : e));
  const error = upload.problem ?? shown[0]?.message;

  return (
    <StepPage step={step} ns="photo" errors={shown}>
      <PhotoInstructions />
      <form noValidate onSubmit={save()}>
        <PhotoDropzone name="photoId" error={error} onFile={choose} />
        <p className="photo-status" role="status">
          {busy && (
            <>
              <Spinner />
              <span>{t(upload.state)}</span>
            </>
          )}
          {!busy && upload.problem && (
            <span className="visually-hidden">{t(`messages:${upload.problem}`)}</span>
          )}
          {!busy && !upload.problem && upload.state === 'uploaded' && t('uploaded')}
        </p>
        {photoId && preview.url && (
          <figure className="photo-preview">
            <img src={preview.url} alt={t('previewAlt')} />
            <figcaption>{t('previewTitle')}</figcaption>
          </figure>
        )}
        {chosen && <AdjustPhoto file={chosen} onAdjusted={upload.choose} />}
        <StepNavBar id="photo" editing={editing} busy={busy} />
      </form>
    </StepPage>
  );
};
