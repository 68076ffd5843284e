/**
 * The vocabulary of the demo catalogue. Everything here is a neutral placeholder: number
 * prefixes and studio names are invented (no real studio codes), names of people are made of
 * words that are not real names, and titles are everyday words — never explicit text, never a
 * real work or person. Companies carry 演示 ("demo") in their names so none can be mistaken
 * for a real one.
 */

/** Censored number prefixes (`YKA-123`): all begin with YK, for 影库. */
export const CENSORED_PREFIXES = ['YKA', 'YKB', 'YKC', 'YKD', 'YKE', 'YKF', 'YKG', 'YKH', 'YKJ', 'YKL'];
/** Uncensored prefixes for the `YKU-123` form; the other form is date-like, `051823-417`. */
export const UNCENSORED_PREFIXES = ['YKU', 'YKV', 'YKW'];
/** Western studios, as in `DemoStudio.24.01.05`; also the western makers. */
export const WESTERN_STUDIOS = [
  'DemoStudio',
  'SampleReel',
  'MockPictures',
  'PlaceholderFilms',
  'StubVision',
  'FauxFrame',
  'DummyMedia',
  'TestCard',
];

export const TITLE_TIMES = ['夏日', '午后', '周末', '清晨', '黄昏', '雨天', '冬夜', '春天', '秋日', '假日'];
export const TITLE_PLACES = [
  '海边',
  '城市',
  '山间',
  '咖啡馆',
  '车站',
  '图书馆',
  '小镇',
  '屋顶',
  '花园',
  '湖畔',
];
export const TITLE_NOUNS = ['旅行', '故事', '回忆', '约定', '散步', '日记', '相遇', '告别', '信件', '时光'];
export const TITLE_ENDINGS = ['', '', '', ' 上篇', ' 下篇', ' 特别篇', ' 完整版'];
export const KANA_FIRST = ['なつやすみの', 'ひだまりの', 'ちいさな', 'はじめての', 'カフェの', 'さくらの'];
export const KANA_SECOND = ['ものがたり', 'おさんぽ', 'たび', 'おもいで', 'ごご', 'やくそく'];
export const ENGLISH_FIRST = ['Sunny', 'Quiet', 'Coastal', 'City', 'Autumn', 'Weekend', 'Morning', 'Rainy'];
export const ENGLISH_SECOND = ['Afternoon', 'Road Trip', 'Stories', 'Memories', 'Walk', 'Diary', 'Journey'];

/** Solar terms and seasons, used where a family name would go: no real person is called so. */
export const NAME_FIRST = [
  '青岚',
  '白露',
  '谷雨',
  '霜降',
  '清明',
  '小暑',
  '寒露',
  '惊蛰',
  '芒种',
  '处暑',
  '秋分',
  '冬至',
];
export const NAME_SECOND = [
  '若溪',
  '晓岚',
  '知夏',
  '听雨',
  '念秋',
  '映雪',
  '书瑶',
  '语桐',
  '沐晴',
  '初晴',
  '安然',
  '静姝',
];
export const DIRECTOR_SECOND = ['一舟', '远山', '听松', '闻笛', '观澜', '行云'];
export const WESTERN_FIRST = [
  'Avery',
  'Jordan',
  'Riley',
  'Morgan',
  'Quinn',
  'Skyler',
  'Rowan',
  'Emery',
  'Harper',
];
/** Invented family names that say what they are. */
export const WESTERN_LAST = ['Sampleton', 'Demoway', 'Mockridge', 'Placewell', 'Testwood', 'Stubbins'];

/** Words that name makers, labels, series and same-type groups. */
export const ENTITY_WORDS = [
  '晨光',
  '海风',
  '青柠',
  '星河',
  '木棉',
  '白桦',
  '蓝莓',
  '橘子',
  '银杏',
  '薄荷',
  '雪松',
  '琥珀',
  '云朵',
  '萤火',
  '松果',
  '麦田',
];

/** Tag groups of each channel with their tags (western tags have an English name). */
export const TAG_GROUPS: Record<1 | 2 | 3, Array<{ group: string; tags: Array<[string, string?]> }>> = {
  1: [
    { group: '类型', tags: [['剧情'], ['单体作品'], ['合集'], ['纪录风格'], ['短篇']] },
    { group: '剧情', tags: [['校园'], ['职场'], ['旅行'], ['日常'], ['都市'], ['乡村']] },
    { group: '画质', tags: [['高清'], ['4K'], ['蓝光'], ['标清']] },
    { group: '场景', tags: [['海边'], ['室内'], ['户外'], ['温泉'], ['城市夜景']] },
  ],
  2: [
    { group: '类型', tags: [['剧情'], ['素人风格'], ['合集'], ['短篇']] },
    { group: '画质', tags: [['高清'], ['4K'], ['标清']] },
    { group: '场景', tags: [['室内'], ['户外'], ['旅馆']] },
  ],
  3: [
    {
      group: '类型',
      tags: [
        ['Feature', '剧情'],
        ['Compilation', '合集'],
        ['Short', '短篇'],
      ],
    },
    {
      group: '画质',
      tags: [
        ['HD', '高清'],
        ['4K', '4K'],
        ['SD', '标清'],
      ],
    },
    {
      group: '场景',
      tags: [
        ['Outdoor', '户外'],
        ['Indoor', '室内'],
        ['Beach', '海边'],
      ],
    },
  ],
};
