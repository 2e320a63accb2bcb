// The models every installation values at first (the console edits them), with their pictures
// drawn locally as SVG (no downloads), like the catalogue's demo pictures.
import type { Localized, ModelOption, ModelQuestion } from './rules.ts';

/** A phone drawn in its colour with the model's name under it, as a data: URL. */
export function modelPicture(name: string, color: string): string {
  const safe = name.replace(/[<>&"']/g, '');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240">` +
    `<rect width="240" height="240" rx="24" fill="#f4f6fa"/>` +
    `<rect x="80" y="24" width="80" height="160" rx="14" fill="${color}"/>` +
    `<rect x="87" y="40" width="66" height="128" rx="4" fill="#dfe8f5"/>` +
    `<circle cx="120" cy="176" r="4" fill="#ffffff88"/>` +
    `<text x="120" y="218" font-family="sans-serif" font-size="16" text-anchor="middle" fill="#333">${safe}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

const o = (code: string, deductCents: number, en: string, chs: string, kh: string): ModelOption => ({
  code,
  deductCents,
  label: { 'en-US': en, chs, kh } satisfies Localized,
});

/** The five condition questions after storage, with deductions as shares of the base price. */
export function conditionQuestions(base: number): ModelQuestion[] {
  const share = (p: number) => Math.round((base * p) / 100);
  return [
    {
      key: 'screen',
      options: [
        o('ok', 0, 'Perfect, no scratches', '完美无划痕', 'ល្អឥតខ្ចោះ គ្មានស្នាមឆ្កូត'),
        o('scratch', share(8), 'Light scratches', '轻微划痕', 'ស្នាមឆ្កូតតិចតួច'),
        o('cracked', share(35), 'Cracked or spots on the display', '碎屏或显示异常', 'អេក្រង់បែក ឬមានចំណុចខូច'),
      ],
    },
    {
      key: 'body',
      options: [
        o('ok', 0, 'Like new', '几乎全新', 'ដូចថ្មី'),
        o('worn', share(6), 'Visible wear', '明显磨损', 'មានស្នាមប្រើប្រាស់ច្បាស់'),
        o('dented', share(15), 'Dents or a bent frame', '磕碰或变形', 'មានស្នាមប៉ះ ឬស៊ុមកោង'),
      ],
    },
    {
      key: 'battery',
      options: [
        o('good', 0, '85% or more', '85% 及以上', '៨៥% ឬច្រើនជាងនេះ'),
        o('fair', share(5), '75% to 84%', '75% 至 84%', '៧៥% ដល់ ៨៤%'),
        o('poor', share(12), 'Below 75% or replaced', '低于 75% 或已更换', 'ក្រោម ៧៥% ឬបានប្តូរ'),
      ],
    },
    {
      key: 'functions',
      options: [
        o('ok', 0, 'Everything works', '功能全部正常', 'មុខងារទាំងអស់ដំណើរការ'),
        o('minor', share(15), 'One thing does not work', '有一项功能异常', 'មានមុខងារមួយមិនដំណើរការ'),
        o('major', share(45), 'Several things do not work', '多项功能异常', 'មុខងារច្រើនមិនដំណើរការ'),
      ],
    },
    {
      key: 'accessories',
      options: [
        o('full', 0, 'Box, cable and charger', '包装盒、数据线和充电器', 'ប្រអប់ ខ្សែ និងឆ្នាំងសាក'),
        o('some', share(2), 'Some of them', '部分配件', 'មានខ្លះ'),
        o('none', share(4), 'The phone only', '仅手机', 'មានតែទូរស័ព្ទ'),
      ],
    },
  ];
}

/** Storage sizes smallest first; each size below the largest takes `step` more off. */
export function storage(sizes: number[], step: number): ModelQuestion {
  return {
    key: 'storage',
    options: sizes.map((gb, i) => {
      const label = gb >= 1024 ? `${gb / 1024} TB` : `${gb} GB`;
      return o(`s${gb}`, (sizes.length - 1 - i) * step, label, label, label);
    }),
  };
}

export type DemoModel = {
  id: string;
  brandId: string;
  name: string;
  color: string;
  baseCents: number;
  floorCents: number;
  questions: ModelQuestion[];
  sort: number;
};

export const DEMO_BRANDS = [
  { id: 'apple', name: 'Apple', sort: 1 },
  { id: 'samsung', name: 'Samsung', sort: 2 },
  { id: 'oppo', name: 'OPPO', sort: 3 },
];

const model = (
  id: string,
  brandId: string,
  name: string,
  color: string,
  baseCents: number,
  sizes: number[],
  step: number,
  sort: number,
): DemoModel => ({
  id,
  brandId,
  name,
  color,
  baseCents,
  floorCents: Math.round(baseCents * 0.1),
  questions: [storage(sizes, step), ...conditionQuestions(baseCents)],
  sort,
});

export const DEMO_MODELS: DemoModel[] = [
  model('iphone-15-pro', 'apple', 'iPhone 15 Pro', '#5b5f66', 62_000, [128, 256, 512], 4_000, 1),
  model('iphone-14', 'apple', 'iPhone 14', '#2d3a5a', 38_000, [128, 256], 3_000, 2),
  model('iphone-13', 'apple', 'iPhone 13', '#c0392b', 29_000, [128, 256], 2_500, 3),
  model('galaxy-s24', 'samsung', 'Galaxy S24', '#7d5ba6', 45_000, [128, 256], 3_000, 1),
  model('galaxy-a54', 'samsung', 'Galaxy A54', '#8fbf9f', 16_000, [128, 256], 1_500, 2),
  model('oppo-reno-11', 'oppo', 'OPPO Reno11', '#3aa0a8', 19_000, [256], 0, 1),
];
