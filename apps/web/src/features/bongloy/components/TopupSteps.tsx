import { useTranslation } from 'react-i18next';

/** The three steps of a card top-up: card, amount, pay. */
export function TopupSteps({ current }: { current: number }) {
  const { t } = useTranslation('bongloy');
  return (
    <ol className="blg-steps">
      {[1, 2, 3].map((n) => (
        <li
          key={n}
          className={n === current ? 'on' : n < current ? 'done' : ''}
          aria-current={n === current ? 'step' : undefined}
        >
          <span className="blg-steps__n">{n}</span>
          <span className="blg-steps__name">{t(`topup.step${n}`)}</span>
        </li>
      ))}
    </ol>
  );
}
