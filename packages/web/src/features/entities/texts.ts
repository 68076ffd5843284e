/** Texts of the entity screens that docs/product.md does not spell (titles, sidebar pager, states). */
export const ENTITY_TEXT = {
  makerTitle: '制作商',
  uncensoredMakerTitle: '无码制作商',
  westernMakerTitle: '欧美制作商',
  labelTitle: '发行商',
  seriesTitle: '系列',
  directorTitle: '导演',
  itemTitle: '同类',
  performerTitle: '女优',
  uncensoredPerformerTitle: '无码女优',
  reload: '刷新',
  badId: '编号无效',
  badIdHint: '请从左侧列表中选择',
  noEntities: '暂无数据',
} as const;
