/**
 * Image pick or drag-drop (spec section 2 and 5): a picked or dropped file is taken only in a format the server
 * accepts (and within its size limit where it is sent as picked); any other is refused with the reason at
 * once. Shows a preview of the picked file, or of the current image while editing,
 * at most 300 px high, and the upload progress while a save runs.
 */
import { useEffect, useState, type DragEvent } from 'react';
import { FORM } from '../admin-copy.ts';
import { ACCEPTED_IMAGE_TYPES, pictureRefusal } from '../image/accept.ts';
import { FieldError } from './FieldError.tsx';

interface Props {
  id: string;
  label: string;
  file: File | null;
  /** The stored image's URL while editing an item that has one. */
  currentUrl: string | null;
  onPick: (file: File) => void;
  /** A file was refused: why, in the server's words. */
  onRefuse: (reason: string) => void;
  /** Whether the picture is downscaled in the browser before it is sent (then its size does not matter). */
  downscaled: boolean;
  error: string | undefined;
  hint: string | null;
  progress: number | null;
  disabled: boolean;
  required: boolean;
}

export function ImagePicker({
  id,
  label,
  file,
  currentUrl,
  onPick,
  onRefuse,
  downscaled,
  error,
  hint,
  progress,
  disabled,
  required,
}: Props) {
  const [dragging, setDragging] = useState(false);
  const previewUrl = useObjectUrl(file);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    take(event.dataTransfer.files[0]);
  }

  function take(picked: File | undefined) {
    if (!picked) return;
    void pictureRefusal(picked, { downscaled }).then((refusal) =>
      refusal ? onRefuse(refusal) : onPick(picked),
    );
  }

  const shown = previewUrl ?? currentUrl;
  return (
    <div className="field">
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <div
        className={`drop-zone${dragging ? ' is-dragging' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {shown && (
          <img
            className="image-preview"
            src={shown}
            alt={previewUrl ? FORM.imageSelected : FORM.imageCurrent}
          />
        )}
        <label htmlFor={id} id={`${id}-action`} className="drop-zone-label">
          {dragging ? FORM.imageDropActive : FORM.imageDrop}
        </label>
        <input
          id={id}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          disabled={disabled}
          aria-labelledby={`${id}-label ${id}-action`}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            take(event.target.files?.[0]);
            // Picking the same file again after a reset must still fire a change.
            event.target.value = '';
          }}
        />
        {file && <span className="field-hint">{file.name}</span>}
        {progress !== null && (
          <progress className="upload-progress" max={100} value={progress} aria-label={FORM.uploadProgress}>
            {progress}%
          </progress>
        )}
      </div>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** An object URL for a picked file, revoked when the file changes or the picker goes away. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    // The URL is an external resource that must be revoked, so it is made here and not during render.
    /* eslint-disable react-hooks/set-state-in-effect */
    if (!file) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    /* eslint-enable react-hooks/set-state-in-effect */
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}
