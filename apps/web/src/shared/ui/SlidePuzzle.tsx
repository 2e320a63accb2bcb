import { getImageCode, verifyImageCode } from '@shop/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/index.ts';
import { showToast } from './feedback.ts';

/** The slide-puzzle security check: drag the piece into the gap. */
export function SlidePuzzle(props: {
  onPass: (imageToken: string) => void;
  onClose: () => void;
  load?: () => Promise<PuzzleInfo>;
}) {
  const { t } = useTranslation('common');
  const [info, setInfo] = useState<PuzzleInfo | null>(null);
  const [x, setX] = useState(0);
  const [failed, setFailed] = useState(false);
  const load = async () => {
    setX(0);
    setInfo(await (props.load ?? (() => api.call(getImageCode, {})))());
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: one puzzle when the check opens; "another picture" loads the next
  useEffect(() => {
    void load();
  }, []);
  const check = async () => {
    if (!info) return;
    try {
      const { imageToken } = await api.call(verifyImageCode, { id: info.id, x: Math.round(x) }, { quiet: true });
      props.onPass(imageToken);
    } catch {
      setFailed(true);
      showToast(t('puzzle.failed'));
      void load();
    }
  };
  return (
    <div className="dialog-mask" role="dialog" aria-modal="true" data-testid="puzzle">
      <div className="acc-puzzle">
        <h2>{t('puzzle.title')}</h2>
        <p>{failed ? t('puzzle.failed') : t('puzzle.hint')}</p>
        {info && (
          <div className="acc-puzzle__board" style={{ width: info.width, height: info.height }}>
            <img
              src={`/api/verify/image2?id=${info.id}&part=background`}
              alt=""
              width={info.width}
              height={info.height}
            />
            <img
              className="acc-puzzle__piece"
              src={`/api/verify/image2?id=${info.id}&part=piece`}
              alt=""
              style={{ left: x, top: info.y, width: info.pieceSize, height: info.pieceSize }}
            />
          </div>
        )}
        <input
          type="range"
          className="acc-puzzle__slider"
          min={0}
          max={info ? info.width - info.pieceSize : 0}
          value={x}
          onChange={(e) => setX(Number(e.target.value))}
          onPointerUp={() => void check()}
          onKeyUp={(e) => e.key === 'Enter' && void check()}
          aria-label={t('puzzle.slider')}
          data-testid="puzzle-slider"
        />
        <div className="acc-puzzle__actions">
          <button type="button" className="link-button" onClick={props.onClose}>
            {t('cancel')}
          </button>
          <button type="button" className="link-button" onClick={() => void load()}>
            {t('puzzle.another')}
          </button>
        </div>
      </div>
    </div>
  );
}
export type PuzzleInfo = { id: string; width: number; height: number; pieceSize: number; y: number };
