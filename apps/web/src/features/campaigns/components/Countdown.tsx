import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Days, hours, minutes and seconds until `to`, ticking every second. */
export function Countdown({ to, label }: { to: string; label: string }) {
  const { t } = useTranslation('campaigns');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.floor((new Date(to).getTime() - now) / 1000));
  const parts = [
    Math.floor(left / 86400),
    Math.floor((left % 86400) / 3600),
    Math.floor((left % 3600) / 60),
    left % 60,
  ];
  return (
    <section className="cmp-countdown card" data-testid="campaign-countdown">
      <span>{label}</span>
      <div className="cmp-countdown__clock">
        {parts.map((value, i) => (
          <span key={['d', 'h', 'm', 's'][i]}>
            <b>{String(value).padStart(2, '0')}</b>
            <small>{t(`unit.${['d', 'h', 'm', 's'][i]}`)}</small>
          </span>
        ))}
      </div>
    </section>
  );
}
