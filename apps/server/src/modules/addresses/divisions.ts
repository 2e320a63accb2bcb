import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '@shop/contracts';
import { serverSrc } from '../../platform/paths.ts';

type Raw = { code: string; name_en: string; name_km: string; type: string };
type RawTree = { provinces: (Raw & { districts: (Raw & { communes: Raw[] })[] })[] };

export type DivisionNode = { code: string; nameEn: string; nameKm: string; type: string; parent: string | null };

/** A map point: where the address picker centres on a province or district. */
export type Centre = { latitude: number; longitude: number };
type RawCentres = {
  provinces: Record<string, { centre: [number, number]; box: [number, number, number, number] }>;
  districts: Record<string, [number, number]>;
};
/** How far (degrees, about 5.5 km) a map point may lie outside its province's box: the boxes are rough. */
const BOX_MARGIN = 0.05;

/** Cambodia's administrative tree (see SOURCE.md), loaded once per process. */
export class Divisions {
  readonly byCode = new Map<string, DivisionNode>();
  readonly children = new Map<string, DivisionNode[]>();
  readonly provinces: DivisionNode[] = [];
  private readonly centres: RawCentres;

  constructor(
    file = path.join(serverSrc, 'modules/addresses/cambodia-admin-divisions.json'),
    centresFile = path.join(serverSrc, 'modules/addresses/division-centres.json'),
  ) {
    const tree = JSON.parse(readFileSync(file, 'utf8')) as RawTree;
    this.centres = JSON.parse(readFileSync(centresFile, 'utf8')) as RawCentres;
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

  /**
   * Where the map picker centres on a province or district (see SOURCE.md): a district without a
   * centre of its own takes its province's; communes have none (the picker stays on their district).
   */
  centre(code: string): Centre | null {
    const node = this.byCode.get(code);
    if (!node) return null;
    const own = node.parent === null ? this.centres.provinces[code]?.centre : this.centres.districts[code];
    if (own) return { latitude: own[0], longitude: own[1] };
    return node.parent !== null && node.parent.length === 2 ? this.centre(node.parent) : null;
  }

  /** True when the point lies in the province's box (with a margin), or the province has no box. */
  inProvince(provinceCode: string, point: Centre): boolean {
    const box = this.centres.provinces[provinceCode]?.box;
    if (!box) return true;
    const [south, north, west, east] = box;
    return (
      point.latitude >= south - BOX_MARGIN &&
      point.latitude <= north + BOX_MARGIN &&
      point.longitude >= west - BOX_MARGIN &&
      point.longitude <= east + BOX_MARGIN
    );
  }
}
