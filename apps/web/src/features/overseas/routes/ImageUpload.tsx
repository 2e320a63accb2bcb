import ErrorBlock from 'antd-mobile/es/components/error-block';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { uploadPicture, useChannel, usePictureResults } from '../api/overseas.ts';
import { ChannelSwitch, ProductGrid } from '../components/parts.tsx';
import '../overseas.css';

/** /Smilebuy/imageupload: a photo (camera or gallery) → products of the channel that look like it. */
export function Component() {
  const { t } = useTranslation('overseas');
  const [channel, setChannel] = useChannel();
  const [picId, setPicId] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const results = usePictureResults(channel, picId);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setPreview(URL.createObjectURL(file));
    try {
      setPicId(await uploadPicture(file));
    } catch {
      setPicId(null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <PageHeader title={t('byPicture')} />
      <div className="haitao">
        <ChannelSwitch channel={channel} onChange={setChannel} />
        <label className="haitao-button" style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          {busy ? t('uploading') : t('choosePicture')}
          <input
            type="file"
            accept="image/*"
            hidden
            onChange={(e) => void choose(e.target.files?.[0])}
            data-testid="haitao-picture-input"
          />
        </label>
        {preview && (
          <img src={preview} alt="" style={{ width: 120, height: 120, objectFit: 'cover', borderRadius: 8 }} />
        )}
        {results.data && results.data.length === 0 && (
          <ErrorBlock status="empty" title={t('nothingFound')} description="" />
        )}
        {results.data && <ProductGrid cards={results.data} testId="haitao-picture-result" />}
      </div>
    </>
  );
}
