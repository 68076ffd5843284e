import { readFileSync } from 'node:fs';

/** The environment with each `NAME_FILE` read into `NAME`, or what stopped that, by variable. */
export interface SettingFiles {
  env: Record<string, string>;
  problems: string[];
}

/**
 * Reads `NAME_FILE` into `NAME` for each of `names`, as container platforms mount secrets
 * (docs/configuration.md#production, decision 073): the file's content, trailing line breaks
 * trimmed, is the value. Both NAME and NAME_FILE, an unreadable file or an empty one are
 * problems naming the variable and the path, never the content. `otherSettings` are the rest of
 * the settings: a `NAME_FILE` for one of them would be ignored, so it is a problem too.
 */
export function readSettingFiles(
  env: Record<string, string>,
  names: readonly string[],
  otherSettings: readonly string[],
): SettingFiles {
  const resolved = { ...env };
  const problems: string[] = [];
  for (const name of names) {
    const file = env[`${name}_FILE`];
    if (file === undefined) continue;
    if (env[name] !== undefined) {
      problems.push(`${name} and ${name}_FILE are both set; keep one of them`);
      continue;
    }
    let content: string;
    try {
      content = readFileSync(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      problems.push(`${name}_FILE: cannot read ${file} (${code})`);
      continue;
    }
    const value = content.replace(/[\r\n]+$/, '');
    if (value === '') problems.push(`${name}_FILE: ${file} is empty`);
    else resolved[name] = value;
  }
  for (const name of otherSettings) {
    if (env[`${name}_FILE`] !== undefined && !names.includes(name)) {
      problems.push(`${name}_FILE: ${name} is not read from a file; set ${name} itself`);
    }
  }
  return { env: resolved, problems };
}
