import type { Language } from '../i18n.ts';

/**
 * What is wrong with one field of a malformed request (the `{detail}` of SYS00001 after the
 * field's name), in the caller's language. The schemas are zod/mini, which carries no messages
 * of its own (every issue says "Invalid input" in English), so the words come from here.
 */
const PHRASES = {
  tooLong: { 'en-US': 'at most {n} characters', chs: '最多 {n} 个字符', kh: 'មិនលើសពី {n} តួអក្សរ' },
  tooShort: { 'en-US': 'at least {n} characters', chs: '至少 {n} 个字符', kh: 'យ៉ាងតិច {n} តួអក្សរ' },
  tooMany: { 'en-US': 'at most {n} items', chs: '最多 {n} 项', kh: 'មិនលើសពី {n} ធាតុ' },
  tooFew: { 'en-US': 'at least {n} items', chs: '至少 {n} 项', kh: 'យ៉ាងតិច {n} ធាតុ' },
  tooBig: { 'en-US': 'at most {n}', chs: '不能大于 {n}', kh: 'មិនលើសពី {n}' },
  tooSmall: { 'en-US': 'at least {n}', chs: '不能小于 {n}', kh: 'យ៉ាងតិច {n}' },
  required: { 'en-US': 'required', chs: '必填', kh: 'ត្រូវតែបំពេញ' },
  wrongType: { 'en-US': 'not the right kind of value', chs: '类型不正确', kh: 'ប្រភេទតម្លៃមិនត្រឹមត្រូវ' },
  format: { 'en-US': 'not in the right format', chs: '格式不正确', kh: 'ទម្រង់មិនត្រឹមត្រូវ' },
  choice: { 'en-US': 'not one of the allowed values', chs: '不是允许的取值', kh: 'មិនមែនជាតម្លៃដែលអនុញ្ញាត' },
  other: { 'en-US': 'not valid', chs: '无效', kh: 'មិនត្រឹមត្រូវ' },
} satisfies Record<string, Record<Language, string>>;

/** The parts of a zod issue the words depend on. */
export type InputIssue = {
  code?: string;
  origin?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  input?: unknown;
};

function phraseOf(issue: InputIssue): { key: keyof typeof PHRASES; n?: number | bigint } {
  const sized =
    issue.origin === 'string' ? 'string' : issue.origin === 'array' || issue.origin === 'set' ? 'list' : 'number';
  switch (issue.code) {
    case 'too_big':
      return { key: sized === 'string' ? 'tooLong' : sized === 'list' ? 'tooMany' : 'tooBig', n: issue.maximum };
    case 'too_small':
      if (sized === 'string' && Number(issue.minimum) === 1) return { key: 'required' };
      return { key: sized === 'string' ? 'tooShort' : sized === 'list' ? 'tooFew' : 'tooSmall', n: issue.minimum };
    case 'invalid_type':
      return { key: issue.input === undefined ? 'required' : 'wrongType' };
    case 'invalid_format':
      return { key: 'format' };
    case 'invalid_value':
    case 'invalid_union':
      return { key: 'choice' };
    default:
      return { key: 'other' };
  }
}

/** The words for one issue (`at most 60 characters`, `最多 60 个字符`), in `language`. */
export function inputIssueText(issue: InputIssue, language: Language): string {
  const { key, n } = phraseOf(issue);
  return PHRASES[key][language].replace('{n}', String(n ?? ''));
}
