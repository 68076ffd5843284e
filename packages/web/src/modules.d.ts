/** OpenCC's dictionaries (opencc-js exports them by path, untyped): `simplified traditional` entries, `|`-separated. */
declare module 'opencc-js/dict/*' {
  const dictionary: string;
  export default dictionary;
}

/** The phrases the simplified → traditional converter needs beside its characters (plugins/traditional-phrases.ts). */
declare module 'virtual:traditional-phrases' {
  const phrases: string;
  export default phrases;
}
