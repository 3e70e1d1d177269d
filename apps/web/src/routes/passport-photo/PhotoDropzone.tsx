// The drop area: a real file input inside its <label> (keyboard and screen readers use it as any
// file input; its focus shows on the whole area), drag and drop on top, and a button that opens
// the same file picker.
import { type MessageId, PHOTO_TYPES } from '@eta-il/domain';
import { describedBy } from '@eta-il/ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldMessages } from '../../components/Field.tsx';

export const PhotoDropzone = ({
  name,
  error,
  onFile,
}: {
  name: string;
  error: MessageId | undefined;
  onFile: (file: File) => void;
}) => {
  const { t } = useTranslation('photo');
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const take = (files: FileList | null | undefined) => {
    const file = files?.[0];
    if (file) onFile(file);
  };
  return (
    <div className={`field photo-upload${error ? ' field--error' : ''}`}>
      <p id={`${name}-hint`} className="field__hint">
        {t('fields.photoId.hint')}
      </p>
      <FieldMessages name={name} error={error} />
      <label
        className={`dropzone centred-column${dragging ? ' is-dragging' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          take(event.dataTransfer?.files);
        }}
      >
        <input
          ref={input}
          id={name}
          name={name}
          type="file"
          className="visually-hidden"
          accept={PHOTO_TYPES.join(',')}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(name, { hint: true, error })}
          onChange={(event) => {
            take(event.target.files);
            event.target.value = '';
          }}
        />
        <svg className="dropzone__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 3l5 5h-3v6h-4V8H7l5-5zM5 17h14v3H5z" fill="currentColor" />
        </svg>
        <span className="dropzone__text">{t('drop')}</span>
      </label>
      <button
        type="button"
        className="button button--secondary photo-upload__button"
        onClick={() => input.current?.click()}
      >
        {t('choose')}
      </button>
    </div>
  );
};
