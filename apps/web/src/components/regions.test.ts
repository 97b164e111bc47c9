import { describe, expect, it } from 'vitest';
import { REGION_NAMES, searchRegions } from './regions';

describe('searchRegions', () => {
  it('covers all 17 provinces', () => {
    expect(new Set(REGION_NAMES.map((n) => n.split(' ')[0])).size).toBe(17);
  });

  it('matches every word of the query', () => {
    expect(searchRegions('관악')).toEqual(['서울특별시 관악구']);
    expect(searchRegions('부산 해운대')).toEqual(['부산광역시 해운대구']);
    expect(searchRegions('중구').length).toBeGreaterThan(3);
    expect(searchRegions('   ')).toEqual([]);
    expect(searchRegions('없는동네')).toEqual([]);
  });
});
