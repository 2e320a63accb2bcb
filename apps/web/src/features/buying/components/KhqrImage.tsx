import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The KHQR payload as a scannable QR image. Its own module, loaded lazily by the cashier only,
 * so the QR encoder never weighs on the other screens.
 */
export default function KhqrImage({ payload }: { payload: string }) {
  const { t } = useTranslation('buying');
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // SVG keeps the modules sharp at any screen density; medium error correction as banking apps print it.
    QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then((svg) => {
      if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [payload]);
  if (!src) return <div className="buy-khqr-image" />;
  return <img className="buy-khqr-image" src={src} alt={t('cashier.khqrAlt')} data-testid="khqr-image" />;
}
