import { CHANNEL_LABEL, type WorkListItem } from '@yingku/contract';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithApp, setTestRuntimeConfig } from '../../test/render';
import { CardMagnetPopup, type RenderCardMagnetPopup } from './card-magnet-popup';
import { WORK_CARD_TEXT } from './texts';
import { WorkCard } from './work-card';

const buildWork = (overrides: Partial<WorkListItem> = {}): WorkListItem => ({
  id: '101',
  number: 'YK-001',
  title: '作品一',
  pubTime: '2024-05-01',
  picSmall: '/covers/101-s.jpg',
  picBig: '/covers/101.jpg',
  modId: 1,
  isOnline: 0,
  isDht: 0,
  ...overrides,
});

/** A stand-in for the magnets feature's popup: says which number it was opened for. */
const magnetPopup: RenderCardMagnetPopup = ({ visible, number }) =>
  visible ? <div role="dialog" aria-label={`magnets of ${number}`} /> : null;

function renderCard(work: WorkListItem) {
  return renderWithApp(
    <CardMagnetPopup.Provider value={magnetPopup}>
      <Routes>
        <Route path="/index" element={<WorkCard work={work} />} />
        <Route path="*" element={<p>detail page</p>} />
      </Routes>
    </CardMagnetPopup.Provider>,
    { path: '/index' },
  );
}

beforeAll(() => setTestRuntimeConfig());

describe('the work card', () => {
  it('shows number, title, date and the channel badge, and links to the detail', () => {
    renderCard(buildWork({ modId: 2 }));
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/uncensored/101');
    expect(link.textContent).toContain('YK-001');
    expect(link.textContent).toContain('作品一');
    expect(link.textContent).toContain('2024-05-01');
    expect(screen.getByText(CHANNEL_LABEL.uncensored)).toBeTruthy();
  });

  it('badges an online work 在线 and one being transcoded 转码中', () => {
    const { unmount } = renderCard(buildWork({ isOnline: 1 }));
    expect(screen.getByText(WORK_CARD_TEXT.online)).toBeTruthy();
    expect(screen.queryByText(WORK_CARD_TEXT.transcoding)).toBeNull();
    unmount();

    renderCard(buildWork({ isOnline: 2 }));
    expect(screen.getByText(WORK_CARD_TEXT.transcoding)).toBeTruthy();
    expect(screen.queryByText(WORK_CARD_TEXT.online)).toBeNull();
  });

  it('shows no online badge for a work that can be neither watched nor is being made', () => {
    renderCard(buildWork({ isOnline: 0 }));
    expect(screen.queryByText(WORK_CARD_TEXT.online)).toBeNull();
    expect(screen.queryByText(WORK_CARD_TEXT.transcoding)).toBeNull();
  });

  it('offers no magnet badge for a work without magnets', () => {
    renderCard(buildWork({ isDht: 0 }));
    expect(screen.queryByRole('button', { name: new RegExp(WORK_CARD_TEXT.showMagnets) })).toBeNull();
  });

  it("opens the work's magnets from the magnet badge without following the card's link", async () => {
    const { user } = renderCard(buildWork({ isDht: 1 }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: `${WORK_CARD_TEXT.showMagnets} YK-001` }));

    expect(screen.getByRole('dialog', { name: 'magnets of YK-001' })).toBeTruthy();
    expect(screen.queryByText('detail page')).toBeNull();
  });
});
