import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '@shop/contracts';
import { serverSrc } from '../../platform/paths.ts';

type Raw = { code: string; name_en: string; name_km: string; type: string };
type RawTree = { provinces: (Raw & { districts: (Raw & { communes: Raw[] })[] })[] };

export type DivisionNode = { code: string; nameEn: string; nameKm: string; type: string; parent: string | null };

/** Cambodia's administrative tree (see SOURCE.md), loaded once per process. */
export class Divisions {
  readonly byCode = new Map<string, DivisionNode>();
  readonly children = new Map<string, DivisionNode[]>();
  readonly provinces: DivisionNode[] = [];

  constructor(file = path.join(serverSrc, 'modules/addresses/cambodia-admin-divisions.json')) {
    const tree = JSON.parse(readFileSync(file, 'utf8')) as RawTree;
    const add = (raw: Raw, parent: string | null) => {
      const node = { code: raw.code, nameEn: raw.name_en, nameKm: raw.name_km, type: raw.type, parent };
      this.byCode.set(raw.code, node);
      if (parent) {
        const list = this.children.get(parent) ?? [];
        list.push(node);
        this.children.set(parent, list);
      }
      return node;
    };
    for (const p of tree.provinces) {
      this.provinces.push(add(p, null));
      for (const d of p.districts) {
        add(d, p.code);
        for (const c of d.communes) add(c, d.code);
      }
    }
  }

  /** Khmer names in Khmer; the official Latin romanisation otherwise (the gazetteer has no Chinese). */
  name(code: string, language: Language): string {
    const node = this.byCode.get(code);
    if (!node) return code;
    return language === 'kh' ? node.nameKm : node.nameEn;
  }

  /** True when commune ⊂ district ⊂ province, each at its own level. */
  isChain(provinceCode: string, cityCode: string, districtCode: string): boolean {
    const province = this.byCode.get(provinceCode);
    const city = this.byCode.get(cityCode);
    const commune = this.byCode.get(districtCode);
    return !!province && province.parent === null && city?.parent === provinceCode && commune?.parent === cityCode;
  }
}
