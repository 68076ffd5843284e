import { describe, it } from 'vitest';
import { checkScreen, useA11ySuite } from './support/a11y-screens';
import { PHONE } from './support/browser';
import { useJourney } from './support/journey';

const journey = useJourney();
const { suite, screens } = useA11ySuite(journey);

describe('axe-core at phone size: no serious or critical violations', () => {
  it.each(screens.map((screen) => [screen.name, screen] as const))('%s', (_name, screen) =>
    checkScreen(journey, suite, screen, PHONE),
  );
});
