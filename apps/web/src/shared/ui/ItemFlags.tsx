import type { ItemFlags as Flags } from '@shop/contracts';
import { useTranslation } from 'react-i18next';

/** The item flags of spec §3 (expired, out of stock, unpublished), wherever an item appears. */
export function flagKeys(flags: Flags): ('expired' | 'outOfStock' | 'unpublished')[] {
  const keys: ('expired' | 'outOfStock' | 'unpublished')[] = [];
  if (flags.unpublished) keys.push('unpublished');
  if (flags.expired) keys.push('expired');
  if (flags.outOfStock && !flags.unpublished && !flags.expired) keys.push('outOfStock');
  return keys;
}

export function ItemFlags({ flags, className }: { flags: Flags; className?: string }) {
  const { t } = useTranslation();
  const keys = flagKeys(flags);
  if (keys.length === 0) return null;
  return (
    <span className={`item-flags ${className ?? ''}`}>
      {keys.map((key) => (
        <span key={key} className={`item-flag item-flag--${key}`} data-testid={`flag-${key}`}>
          {t(`itemFlag.${key}`)}
        </span>
      ))}
    </span>
  );
}
