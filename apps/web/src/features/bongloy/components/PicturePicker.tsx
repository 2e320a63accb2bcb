import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadPicture } from '../api/bongloy.ts';

/**
 * One document picture: a tap opens the phone's camera or gallery (the browser offers both, the
 * wallet app's web view too); the picture is uploaded at once and shown from its private link.
 */
export function PicturePicker({
  name,
  label,
  picture,
  onPicked,
}: {
  name: string;
  label: string;
  picture: { id: string; url: string } | null;
  onPicked: (picture: { id: string; url: string }) => void;
}) {
  const { t } = useTranslation('bongloy');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div className="blg-pic">
      <button
        type="button"
        className={`blg-pic__tile${picture ? ' blg-pic__tile--done' : ''}`}
        onClick={() => input.current?.click()}
        disabled={busy}
        aria-label={label}
      >
        {picture ? <img src={picture.url} alt={label} /> : <span className="blg-pic__plus">{busy ? '…' : '+'}</span>}
      </button>
      <span className="blg-pic__label">
        {label}
        {picture && <em>{t('step2.uploaded')}</em>}
      </span>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        data-testid={`picture-${name}`}
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          setBusy(true);
          try {
            const uploaded = await uploadPicture('document', file);
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
