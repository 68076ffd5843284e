/**
 * More neutral placeholder words than the demo needs: a million works want tens of thousands of
 * distinct names. Same rules as the demo's words (src/db/seed/demo-words.ts): no real people,
 * studios, works or explicit text. East Asian names are a solar term or season word followed by
 * everyday characters; western names pair common first names with invented family names.
 */
import { DIRECTOR_SECOND, ENTITY_WORDS, NAME_FIRST, NAME_SECOND } from '../../src/db/seed/demo-words';

/** The 24 solar terms plus the demo's own name words: where a family name would go. */
export const FAMILY_WORDS = [
  ...new Set([
    ...NAME_FIRST,
    ...['立春', '雨水', '春分', '立夏', '小满', '夏至', '大暑', '立秋', '立冬', '小雪', '大雪', '小寒', '大寒'],
  ]),
];
/** Characters a given name is made of (one or two of them). */
export const GIVEN_CHARS = [
  ...new Set([
    ...NAME_SECOND.join(''),
    ...'月星云风竹兰梅荷柳枫霞虹蓝紫琴棋诗画音韵朝暮晨夕青白玉珊瑶璃',
  ]),
];
/** Given names of directors, built from the demo's (一舟, 远山 …). */
export const DIRECTOR_CHARS = [...new Set([...DIRECTOR_SECOND.join(''), ...'望川守拙临渊知白石泉'])];

/** Words companies and groupings are named from. */
export const NAME_WORDS = [
  ...new Set([
    ...ENTITY_WORDS,
    ...['竹影', '溪流', '晚霞', '朝露', '山岚', '春泥', '夏荷', '秋叶', '冬雪', '石榴', '柠檬', '橄榄'],
    ...['海盐', '桂花', '栀子', '茉莉', '蒲公英', '向日葵', '风铃', '纸鸢', '灯塔', '帆船', '列车', '信鸽'],
  ]),
];
export const MAKER_ENDINGS = ['', '影业', '映像', '工作室', '影视', '传媒', '制作', '企划'];
export const LABEL_ENDINGS = ['', '系', '线', '组', '坊', '堂'];
export const SERIES_ENDINGS = ['系列', '合集', '物语', '纪行'];

/** Tag groups per channel (the demo's first, then more). */
export const EAST_TAG_GROUPS = ['类型', '剧情', '画质', '场景', '风格', '时段', '地点', '主题'];
export const WESTERN_TAG_GROUPS = ['类型', '画质', '场景', '风格', '主题'];
/** Words tags are made of in the censored and uncensored channels. */
export const EAST_TAG_WORDS = [
  ...['剧情', '单体作品', '合集', '短篇', '校园', '职场', '旅行', '日常', '都市', '乡村', '高清', '4K'],
  ...['蓝光', '标清', '海边', '室内', '户外', '温泉', '城市夜景', '素人风格', '旅馆', '纪录风格', '清晨'],
  ...['午后', '黄昏', '雨天', '雪景', '森林', '湖畔', '山间', '咖啡馆', '图书馆', '车站', '屋顶', '花园'],
  ...['音乐', '美食', '运动', '手工', '摄影', '绘画', '读书', '园艺', '露营', '骑行', '徒步', '钓鱼'],
];
export const EAST_TAG_MODIFIERS = ['', '经典', '新作', '精选', '长篇', '系列', '特辑', '原创', '限定', '怀旧'];
/** Western tags: an English name with its Chinese name. */
export const WESTERN_TAG_WORDS: Array<[string, string]> = [
  ['Feature', '剧情'],
  ['Compilation', '合集'],
  ['Short', '短篇'],
  ['HD', '高清'],
  ['4K', '4K'],
  ['SD', '标清'],
  ['Outdoor', '户外'],
  ['Indoor', '室内'],
  ['Beach', '海边'],
  ['City', '城市'],
  ['Travel', '旅行'],
  ['Music', '音乐'],
  ['Cooking', '美食'],
  ['Sports', '运动'],
  ['Forest', '森林'],
  ['Lake', '湖畔'],
  ['Vintage', '怀旧'],
  ['Classic', '经典'],
];
export const WESTERN_TAG_MODIFIERS: Array<[string, string]> = [
  ['', ''],
  ['Classic ', '经典'],
  ['New ', '新作'],
  ['Long ', '长篇'],
  ['Special ', '特辑'],
];

export const WESTERN_FIRST_NAMES = [
  ...['Avery', 'Jordan', 'Riley', 'Morgan', 'Quinn', 'Skyler', 'Rowan', 'Emery', 'Harper', 'Casey'],
  ...['Dakota', 'Reese', 'Sage', 'Blair', 'Ellis', 'Finley', 'Hayden', 'Jamie', 'Kendall', 'Logan'],
];
export const WESTERN_INITIALS = [...'ABCDEFGHJKLMNPRSTVW'];
/** Invented family names that say what they are: Sampleton, Demoway, Mockridge … */
export const WESTERN_LAST_STEMS = ['Sample', 'Demo', 'Mock', 'Place', 'Test', 'Stub', 'Faux', 'Dummy', 'Proxy'];
export const WESTERN_LAST_ENDINGS = ['ton', 'way', 'ridge', 'well', 'wood', 'bins', 'field', 'ford', 'ley'];
/** Western studio names (also the first part of western work numbers). */
export const STUDIO_FIRST = ['Sunny', 'Quiet', 'Coastal', 'Autumn', 'Morning', 'Rainy', 'Demo', 'Sample'];
export const STUDIO_SECOND = ['Studio', 'Reel', 'Pictures', 'Films', 'Vision', 'Frame', 'Media', 'Works'];
export const STUDIO_THIRD = ['', 'West', 'North', 'East', 'South', 'Bay', 'Hill', 'Lake'];
export const STUDIO_FOURTH = ['', 'One', 'Plus', 'Prime'];

/** More title words than the demo's, so common words are common and rare ones rare. */
export const EXTRA_TITLE_WORDS = [
  ...['晴朗', '安静', '温柔', '遥远', '明亮', '漫长', '短暂', '美好', '难忘', '平凡', '特别', '普通'],
  ...['星空', '河流', '森林', '草原', '沙滩', '街角', '窗边', '阳台', '小路', '桥上', '船上', '站台'],
];
export const EXTRA_KANA = ['ゆうぐれの', 'あめあがりの', 'ほしぞらの', 'うみべの', 'まちかどの', 'はるの'];
export const EXTRA_KANA_SECOND = ['うた', 'てがみ', 'ひより', 'こみち', 'まど', 'ゆめ'];
export const EXTRA_ENGLISH = ['Gentle', 'Distant', 'Bright', 'Golden', 'Silver', 'Hidden', 'Open', 'Late'];
export const EXTRA_ENGLISH_SECOND = ['Harbor', 'Garden', 'Station', 'Letters', 'Seasons', 'Window', 'Bridge'];
