import { LANGUAGES } from '@shop/contracts';
import { TelegramError } from '../../integrations/telegram/bot-api.ts';
import type { Db } from '../../platform/db.ts';
import type { Services } from '../../platform/module.ts';
import type { Channel, EventPayloads } from './events.ts';
import { type ChannelSender, FinalRefusal, type Outgoing, RetryLater } from './outbox.ts';
import type { PushDevices } from './push.ts';
import type { TelegramLinking } from './telegram-link.ts';
import { renderAll } from './templates.ts';

/** The services the notification service is built with. */
export type Needed = Pick<Services, 'notices' | 'sms' | 'telegram' | 'webPush'>;

type SenderDeps = Needed & {
  phoneOf: (userId: string, db?: Db) => Promise<string | null>;
  links: TelegramLinking;
  push: PushDevices;
  publicUrl?: string;
};

/** The shop's address of a message's link, when the shop knows its public address. */
const fullLink = (publicUrl: string | undefined, link: string) =>
  publicUrl && link.startsWith('/') ? `${publicUrl.replace(/\/$/, '')}/h5${link}` : link.startsWith('http') ? link : '';

/**
 * What a message carries that no reader of the SMS outbox may see (staff, the console): a gift
 * card's claim token, masked there like a sign-in code (decision 0075).
 */
function secretOf(event: Outgoing['event']): string | undefined {
  if (event.kind !== 'giftcard.received') return undefined;
  const { claimLink } = event.data as EventPayloads['giftcard.received'];
  return /[?&]t=([A-Za-z0-9_-]+)/.exec(claimLink)?.[1];
}

/** One sender per channel: in-app (the notices module), SMS (the SMS outbox), Telegram, web push. */
export function makeSenders(deps: SenderDeps): Record<Channel, ChannelSender> {
  return {
    inApp: {
      transactional: true,
      async send(out: Outgoing, db: Db) {
        const all = renderAll(out.event);
        const pick = (f: 'title' | 'body') =>
          Object.fromEntries(LANGUAGES.map((l) => [l, all[l][f]])) as Record<(typeof LANGUAGES)[number], string>;
        const row = await deps.notices.notify(
          out.event.userId,
          {
            kind: out.event.kind,
            title: pick('title'),
            body: pick('body'),
            link: out.text.link.startsWith('/') ? out.text.link : null,
          },
          db,
        );
        return { providerId: `notice-${row.id}` };
      },
    },
    sms: {
      transactional: true,
      async send(out: Outgoing, db: Db) {
        const phone = await deps.phoneOf(out.event.userId, db);
        if (!phone) throw new FinalRefusal('the shopper has no phone number');
        const id = await deps.sms.send(phone, `${out.text.title}: ${out.text.body}`, `notify:${out.event.kind}`, db, {
          secret: secretOf(out.event),
        });
        return { providerId: `sms-${id}` };
      },
    },
    telegram: {
      transactional: false,
      async send(out: Outgoing, db: Db) {
        const chat = await deps.links.chatOf(out.event.userId, db);
        if (!chat) throw new FinalRefusal('Telegram is not linked');
        const link = fullLink(deps.publicUrl, out.text.link);
        const text = `${out.text.title}\n\n${out.text.body}${link ? `\n${link}` : ''}`;
        try {
          const sent = await deps.telegram.api.sendMessage(chat.chatId, text);
          return { providerId: `tg-${sent.message_id}` };
        } catch (error) {
          if (!(error instanceof TelegramError)) throw error;
          if (error.retryAfter !== null) throw new RetryLater(error.message, error.retryAfter * 1000);
          if (error.blocked) {
            await deps.links.unlinkChat(chat.chatId);
            throw new FinalRefusal(error.message);
          }
          if (error.status === 400 || error.status === 401) throw new FinalRefusal(error.message);
          throw error;
        }
      },
    },
    push: {
      transactional: false,
      async send(out: Outgoing, db: Db) {
        if (!deps.push.enabled) throw new FinalRefusal('web push is not set up on this shop');
        const link = out.text.link.startsWith('/') ? `/h5${out.text.link}` : fullLink(deps.publicUrl, out.text.link);
        return deps.push.send(out, db, link);
      },
    },
  };
}
