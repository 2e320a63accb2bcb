import { describe, expect, it } from 'vitest';
import { reasonSentence, refusedNotice } from './review.ts';

const row = { id: '7f0c2a52-4d1e-4f6a-9d61-0b6f3c1e2a10', applicationNo: 'B261127000123' };

describe('the refusal notice', () => {
  it('keeps the reviewer’s own full stop: one sentence end in every language', () => {
    const { body } = refusedNotice(row, 'Please apply again.');
    expect(body['en-US']).toBe('Application B261127000123 was refused: Please apply again. The fee is refunded.');
    expect(body.chs).toBe('申请 B261127000123 未通过：Please apply again. 费用已退还。');
    expect(body.kh).toBe('ពាក្យស្នើសុំ B261127000123 ត្រូវបានបដិសេធ៖ Please apply again. ថ្លៃសេវាត្រូវបានបង្វិលសង។');
    for (const text of Object.values(body)) expect(text).not.toMatch(/\.\.|。。|។។|\.。|\.។/);
  });

  it('ends a reason without a mark with the language’s own', () => {
    const { body } = refusedNotice(row, '  The ID photo is blurred ');
    expect(body['en-US']).toBe('Application B261127000123 was refused: The ID photo is blurred. The fee is refunded.');
    expect(body.chs).toBe('申请 B261127000123 未通过：The ID photo is blurred。费用已退还。');
    expect(body.kh).toContain('The ID photo is blurred។ ថ្លៃសេវា');
  });

  it('keeps marks of the other languages as they are', () => {
    expect(reasonSentence('照片模糊。', 'en-US')).toBe('照片模糊。');
    expect(reasonSentence('照片模糊。', 'chs')).toBe('照片模糊。');
    expect(reasonSentence('រូបថតព្រិល។', 'kh')).toBe('រូបថតព្រិល។');
    expect(reasonSentence('Really?', 'en-US')).toBe('Really?');
    expect(reasonSentence('Wait…', 'kh')).toBe('Wait…');
  });
});
