import type { CallData, CampaignBlockView, CampaignPage, drawCampaignPrize } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../shared/format.ts';
import { useSession } from '../../../shared/session/store.ts';
import { promptLogin } from '../../../shared/ui/feedback.ts';
import { useDrawPrize } from '../api/campaigns.ts';

type Draw = Extract<CampaignBlockView, { type: 'luckyDraw' }>;
type Spend = Extract<CampaignBlockView, { type: 'spendAndGet' }>;

/** The lucky draw: its prizes with their odds and what is left, the shopper's draws left, and the result of a draw. */
export function LuckyDraw({ block, page }: { block: Draw; page: CampaignPage }) {
  const { t } = useTranslation('campaigns');
  const session = useSession();
  const draw = useDrawPrize(page.campaignId);
  const [result, setResult] = useState<CallData<typeof drawCampaignPrize> | null>(null);
  const go = async () => {
    if (!session.token) return void (await promptLogin(session.thirdId));
    try {
      setResult(await draw.mutateAsync());
    } catch {
      // The client shows the catalogue message.
    }
  };
  const none = block.drawsLeft === 0;
  return (
    <section className="cmp-block card cmp-draw" data-testid="campaign-draw">
      <h2>{block.heading}</h2>
      <ul className="cmp-draw__prizes">
        {block.prizes.map((p) => (
          <li key={p.batchId} data-testid="draw-prize">
            <b>{formatCents(p.discountCents)}</b>
            <span>
              {p.title}
              <small>{t('draw.odds', { chance: p.chancePercent, left: p.left })}</small>
            </span>
          </li>
        ))}
      </ul>
      {result && (
        <p
          className={`cmp-draw__result${result.prize ? ' cmp-draw__result--won' : ''}`}
          role="status"
          data-testid="draw-result"
        >
          {result.prize
            ? t('draw.won', { title: result.prize.title })
            : result.drawsLeft > 0
              ? t('draw.missed')
              : t('draw.missedLast')}
        </p>
      )}
      <Button
        block
        color="primary"
        shape="rounded"
        disabled={none || page.preview}
        loading={draw.isPending}
        onClick={() => void go()}
        data-testid="draw-button"
      >
        {none ? t('draw.noneLeft') : t('draw.go')}
      </Button>
      <p className="cmp-draw__left" data-testid="draw-left">
        {block.drawsLeft === null
          ? t('draw.loginHint', { count: block.drawsPerShopper })
          : t('draw.left', { left: block.drawsLeft, count: block.drawsPerShopper })}
      </p>
      {block.wins.length > 0 && (
        <h3 className="cmp-draw__wins-title" data-testid="draw-wins-title">
          {t('draw.wins', { count: block.wins.length })}
        </h3>
      )}
      {block.wins.length > 0 && (
        <ul className="cmp-draw__wins" data-testid="draw-wins">
          {block.wins.map((w, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two draws may share a millisecond; the list only grows at its head
            <li key={`${w.at}-${i}`}>{w.title}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Spend and get: the threshold, the coupon it gives, and whether the shopper has it. */
export function SpendAndGet({ block }: { block: Spend }) {
  const { t } = useTranslation('campaigns');
  if (!block.offer) return null;
  return (
    <section className="cmp-block card cmp-spend" data-testid="campaign-spend">
      <h2>{block.heading}</h2>
      <p>{t('spend.rule', { threshold: formatCents(block.thresholdCents), title: block.offer.title })}</p>
      <p className="cmp-spend__state" data-testid="spend-state" data-granted={String(block.granted)}>
        {block.granted === null ? t('spend.visitor') : block.granted ? t('spend.granted') : t('spend.notYet')}
      </p>
    </section>
  );
}
