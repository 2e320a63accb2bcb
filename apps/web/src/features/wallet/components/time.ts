import type { Language } from '@shop/contracts';
import { INTL_LOCALE } from '../../../shared/i18n/index.ts';

/** Times are shown in Phnom Penh time (DESIGN §4). */
export function formatTime(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[language], {
    timeZone: 'Asia/Phnom_Penh',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}
