import { describe, expect, it } from 'vitest';
import { appStartBlock, appStartOf, withAppStartModules } from './app-start';

const page = (block: string) =>
  `<html><head>${block}<script defer src="/assets/start-x.js"></script></head></html>`;
const start = { entry: '/assets/index-a.js', modules: ['/assets/react-b.js'] };

describe("the page's start list (decision 034)", () => {
  it('reads back what the build wrote', () => {
    expect(appStartOf(page(appStartBlock(start)))).toEqual(start);
  });

  it('adds a screen’s modules once each, and leaves the rest of the page alone', () => {
    const html = page(appStartBlock(start));
    const added = withAppStartModules(html, ['/assets/react-b.js', '/assets/detail-c.js']);
    expect(appStartOf(added)).toEqual({ ...start, modules: ['/assets/react-b.js', '/assets/detail-c.js'] });
    expect(added.replace(/<script type="application\/json"[^]*?<\/script>/, '')).toBe(
      html.replace(/<script type="application\/json"[^]*?<\/script>/, ''),
    );
  });

  it('cannot be closed by what it carries', () => {
    const block = appStartBlock({ entry: '/assets/</script><script>x.js', modules: [] });
    expect(block.slice(0, -'</script>'.length)).not.toContain('</');
    expect(appStartOf(page(block))?.entry).toBe('/assets/</script><script>x.js');
  });

  it('is absent from a page of another shape, which stays as it is', () => {
    const html = '<html><head></head></html>';
    expect(appStartOf(html)).toBeUndefined();
    expect(withAppStartModules(html, ['/assets/detail-c.js'])).toBe(html);
    expect(
      appStartOf(page('<script type="application/json" id="app-start">{"entry":1}</script>')),
    ).toBeUndefined();
  });
});
