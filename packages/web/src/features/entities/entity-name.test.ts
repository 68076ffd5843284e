import { describe, expect, it } from 'vitest';
import { entityNameIn } from './entity-name';

const ref = (id: string, name: string) => ({ id, name, nameCn: '' });
const detail = {
  maker: [ref('6', '演示片商·甲')],
  label: [],
  series: [],
  director: [],
  item: [],
  performer: [ref('15', '演员甲'), ref('16', '演员乙')],
};

describe('entityNameIn', () => {
  it("finds the entity in the detail's list of its kind", () => {
    expect(entityNameIn(detail, 'performerId', '16')).toBe('演员乙');
    expect(entityNameIn(detail, 'makerId', '6')).toBe('演示片商·甲');
  });

  it('is undefined when the work does not list it, or lists it under another kind', () => {
    expect(entityNameIn(detail, 'performerId', '6')).toBeUndefined();
    expect(entityNameIn(detail, 'labelId', '6')).toBeUndefined();
  });
});
