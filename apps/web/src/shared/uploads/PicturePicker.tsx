import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadPicture } from './upload.ts';
import './pictures.css';

export type PickedPicture = { id: string; url: string };

/**
 * One document picture: a tap opens the phone's camera or gallery (the browser offers both, the
 * wallet app's web view too), or the camera straight away with `capture`; the picture is uploaded
 * at once (`v1/upload/pictureofclient`) and shown from its private link.
 */
export function PicturePicker({
  name,
  label,
  picture,
  onPicked,
  optional = false,
  capture,
  testId = `picture-${name}`,
}: {
  name: string;
  label: string;
  picture: PickedPicture | null;
  onPicked: (picture: PickedPicture) => void;
  optional?: boolean;
  capture?: 'environment' | 'user';
  testId?: string;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div className="pic-picker" data-picked={picture ? 'yes' : 'no'}>
      <button
        type="button"
        className={`pic-picker__tile${picture ? ' pic-picker__tile--done' : ''}`}
        onClick={() => input.current?.click()}
        disabled={busy}
        aria-label={label}
      >
        {picture ? <img src={picture.url} alt={label} /> : <span className="pic-picker__plus">{busy ? '…' : '+'}</span>}
      </button>
      <span className="pic-picker__label">
        {label}
        {picture ? <em>{t('picture.uploaded')}</em> : optional && <em>{t('picture.optional')}</em>}
      </span>
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture={capture}
        hidden
        data-testid={testId}
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          setBusy(true);
          try {
            const uploaded = await uploadPicture('pictureofclient', file, file.name || `${name}.jpg`);
            onPicked({ id: uploaded.id, url: uploaded.url });
          } catch {
          } finally {
            setBusy(false);
          }
        }}
      />
    </div>
  );
}
