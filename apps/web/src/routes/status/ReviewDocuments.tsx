// The supporting documents of a review request: a file box that adds the chosen files (PDF, JPEG
// or PNG by name; the server judges their content) to a list, each named with its size and a
// button that removes it. The list is announced as it changes.
import { formatFileSize } from './fileSize.ts';

const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png';

/** One file as chosen: the same file chosen twice is listed once. */
export const fileKey = (file: File) => `${file.name}\n${file.size}\n${file.lastModified}`;

export const ReviewDocuments = ({
  name,
  id,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
  files,
  onAdd,
  onRemove,
  texts,
  language,
}: {
  name: string;
  /** Set by the field wrapper on its child, for the file box. */
  id?: string;
  'aria-invalid'?: boolean | undefined;
  'aria-describedby'?: string | undefined;
  files: readonly File[];
  onAdd: (added: File[]) => void;
  onRemove: (index: number) => void;
  texts: { listHeading: string; remove: (file: string) => string };
  language: string;
}) => (
  <>
    <input
      type="file"
      name={name}
      id={id}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      className="file-upload"
      accept={DOCUMENT_ACCEPT}
      multiple
      onChange={(event) => {
        const chosen = [...(event.target.files ?? [])];
        // The box is emptied so that the same file can be chosen again after its removal.
        event.target.value = '';
        if (chosen.length > 0) onAdd(chosen);
      }}
    />
    <div aria-live="polite">
      {files.length > 0 && (
        <>
          <p className="field__label" id={`${name}-list`}>
            {texts.listHeading}
          </p>
          <ul className="file-list" aria-labelledby={`${name}-list`}>
            {files.map((file, index) => (
              <li key={fileKey(file)} className="file-list__item">
                <span dir="auto">{file.name}</span>{' '}
                <span>({formatFileSize(file.size, language)})</span>{' '}
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => onRemove(index)}
                >
                  {texts.remove(file.name)}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  </>
);
