import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type SignaturePadHandle = { toBlob(): Promise<Blob | null>; isEmpty(): boolean; clear(): void };

/** A signature drawn with a finger (or a mouse) on a canvas; exported as a PNG on white. */
export const SignaturePad = forwardRef<SignaturePadHandle>(function SignaturePad(_props, ref) {
  const { t } = useTranslation('bongloy');
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [strokes, setStrokes] = useState(0);

  const reset = () => {
    const c = canvas.current;
    if (!c) return;
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = c.getBoundingClientRect();
    c.width = Math.round(width * ratio);
    c.height = Math.round(height * ratio);
    const g = c.getContext('2d');
    if (!g) return;
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.fillStyle = '#fff';
    g.fillRect(0, 0, width, height);
    g.lineWidth = 2.5;
    g.lineCap = 'round';
    g.lineJoin = 'round';
    g.strokeStyle = '#111';
    setStrokes(0);
  };
  useEffect(reset, []);

  useImperativeHandle(ref, () => ({
    isEmpty: () => strokes === 0,
    clear: reset,
    toBlob: () =>
      new Promise((resolve) => {
        const c = canvas.current;
        if (!c) return resolve(null);
        c.toBlob((b) => resolve(b), 'image/png');
      }),
  }));

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  return (
    <div className="blg-sign">
      <canvas
        ref={canvas}
        className="blg-sign__canvas"
        data-testid="signature-pad"
        aria-label={t('step3.padLabel')}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          drawing.current = true;
          const g = e.currentTarget.getContext('2d');
          const p = point(e);
          g?.beginPath();
          g?.moveTo(p.x, p.y);
        }}
        onPointerMove={(e) => {
          if (!drawing.current) return;
          const g = e.currentTarget.getContext('2d');
          const p = point(e);
          g?.lineTo(p.x, p.y);
          g?.stroke();
        }}
        onPointerUp={() => {
          if (drawing.current) setStrokes((n) => n + 1);
          drawing.current = false;
        }}
      />
      <div className="blg-sign__bar">
        <span>{strokes ? t('step3.signed') : t('step3.signHere')}</span>
        <button type="button" className="link-button" onClick={reset} data-testid="signature-clear">
          {t('step3.clear')}
        </button>
      </div>
    </div>
  );
});
