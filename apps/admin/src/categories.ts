import { adminCategories } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from './api.ts';
import type { Language } from './i18n.tsx';

type Category = {
  id: number;
  parentId: number | null;
  level: number;
  name: Record<Language, string>;
  sort: number;
  enabled: boolean;
};
type Option = { value: number; label: string; children?: Option[] };

/** The category tree as Cascader options (only paths to third-level categories when `leavesOnly`). */
export function useCategoryOptions(language: Language, leavesOnly: boolean) {
  const categories = useQuery({ queryKey: ['categories'], queryFn: () => call(adminCategories) });
  return useMemo(() => {
    const rows = (categories.data ?? []) as Category[];
    const build = (parentId: number | null): Option[] =>
      rows
        .filter((c) => c.parentId === parentId)
        .map((c) => {
          const children = build(c.id);
          return { value: c.id, label: c.name[language], ...(children.length ? { children } : {}) };
        })
        .filter((o) => !leavesOnly || o.children || rows.find((r) => r.id === o.value)?.level === 3);
    return { options: build(null), rows, query: categories };
  }, [categories, language, leavesOnly]);
}
