import type { FollowKind, WorkMark } from '@yingku/contract';
import { type QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { MemberSlotName } from '../../components/member-slot/member-slot';
import { hasStoredSession } from '../../session/auth-storage';
import { showToast } from '../../components/feedback/lazy-feedback';
import { ChoiceSheet } from '../../components/choice-sheet/choice-sheet';
import { installLongPress, type PressedWork } from './card-long-press';
import { FOLLOW_TEXT } from './texts';
import { setMark, useWatchedIds } from './follows-queries';
import { applyWatchedIds, useHideWatched } from './hide-watched';
import {
  FeedBadge,
  FollowButton,
  FollowChips,
  HideWatchedSwitch,
  MARK_DONE,
  MarkButtons,
} from './member-controls';

// A member's controls on the first screens (decision 045): the 我的 badge, 关注 on an entity's
// page and for a work's cast, makers and series, 想看 / 看过 on a work, 隐藏已看过 beside the
// magnet filter, and the long press on cards. The first screens' code carries none of it (their
// byte budgets, e2e/first-screen.test.ts, have no room), only the empty places they keep for it
// (MemberSlot): this root draws the controls into those places and follows them as the page changes.

const ENTITY_ROUTE: [RegExp, FollowKind][] = [
  [/^\/performer\/(?:uncensored\/)?(\d+)$/, 'performer'],
  [/^\/maker\/(?:uncensored\/|western\/)?(\d+)$/, 'maker'],
  [/^\/series\/(\d+)$/, 'series'],
  [/^\/director\/(\d+)$/, 'director'],
];
const WORK_ROUTE = /^\/(?:censored|uncensored|western)\/(\d{16,20})$/;

/** The followable entity a path names, if any. */
function entityOf(pathname: string): { kind: FollowKind; id: string } | null {
  for (const [pattern, kind] of ENTITY_ROUTE) {
    const id = pattern.exec(pathname)?.[1];
    if (id) return { kind, id };
  }
  return null;
}

/** An entity list's index page: it shows its first entity, which the sidebar marks current. */
const ENTITY_INDEX: [RegExp, FollowKind][] = [
  [/^\/performer\/(?:uncensored\/)?index$/, 'performer'],
  [/^\/maker\/(?:uncensored\/|western\/)?index$/, 'maker'],
  [/^\/series\/index$/, 'series'],
  [/^\/director\/index$/, 'director'],
];

/** The followable entity whose works the page shows: named by the path, or the index's current one. */
function entityOnPage(pathname: string): { kind: FollowKind; id: string } | null {
  const named = entityOf(pathname);
  if (named) return named;
  const kind = ENTITY_INDEX.find(([pattern]) => pattern.test(pathname))?.[1];
  const id = document.querySelector<HTMLElement>('[data-entity-id][aria-current="page"]')?.dataset.entityId;
  return kind && id ? { kind, id } : null;
}

type Place = MemberSlotName;
type Places = Partial<Record<Place, HTMLElement>>;
const PLACES = ['badge', 'hide', 'follow', 'marks', 'chips'] as const satisfies readonly Place[];

/** The places the page's screens keep for each control (components/member-slot), where it wants them. */
function findPlaces(pathname: string, entity: boolean): Places {
  const places: Places = {};
  for (const place of PLACES) {
    const slot = document.querySelector<HTMLElement>(`[data-member-extra="${place}"]`);
    if (slot) places[place] = slot;
  }
  if (!entity) delete places.follow;
  if (!WORK_ROUTE.test(pathname)) {
    delete places.marks;
    delete places.chips;
  }
  return places;
}

const samePlaces = (a: Places, b: Places) => PLACES.every((key) => a[key] === b[key]);

/** A work's linked performers, makers and series as its detail shows them (entity-row.tsx). */
function detailEntities(kind: FollowKind) {
  const links = document.querySelectorAll<HTMLAnchorElement>(`main a[data-kind="${kind}"]`);
  return [...links].flatMap((link) => {
    const entity = entityOf(link.pathname);
    return entity ? [{ id: entity.id, name: link.textContent ?? '' }] : [];
  });
}

/** The page as the controls see it: its path, and where each control goes. */
interface PageState {
  pathname: string;
  entity: { kind: FollowKind; id: string } | null;
  places: Places;
}

const sameEntity = (a: PageState['entity'], b: PageState['entity']) => a?.kind === b?.kind && a?.id === b?.id;

function Extras() {
  const [{ pathname, entity, places }, setPage] = useState<PageState>({
    pathname: '',
    entity: null,
    places: {},
  });
  // Every screen change changes the page's nodes: one observer follows both the path and places.
  useEffect(() => {
    let frame = 0;
    const look = () => {
      frame = 0;
      const path = window.location.pathname;
      const member = hasStoredSession();
      const shown = member ? entityOnPage(path) : null;
      const next = member ? findPlaces(path, shown !== null) : {};
      setPage((prev) =>
        prev.pathname === path && sameEntity(prev.entity, shown) && samePlaces(prev.places, next)
          ? prev
          : { pathname: path, entity: shown, places: next },
      );
    };
    look();
    const observer = new MutationObserver(() => {
      frame ||= requestAnimationFrame(look);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
  // A login ended here (logged out): nothing of the member's stays on the page.
  if (!hasStoredSession()) return null;
  const work = WORK_ROUTE.exec(pathname)?.[1];
  const portal = (place: Place, node: ReactNode) => {
    const container = places[place];
    return container?.isConnected ? createPortal(node, container) : null;
  };
  return (
    <>
      <PageWide />
      <MarkSheet />
      {portal('badge', <FeedBadge />)}
      {portal('hide', <HideWatchedSwitch />)}
      {entity && portal('follow', <FollowButton key={entity.id} kind={entity.kind} id={entity.id} />)}
      {work && portal('marks', <MarkButtons key={work} workId={work} />)}
      {work &&
        portal(
          'chips',
          (['performer', 'maker', 'series'] as const).map((kind) => {
            const entities = detailEntities(kind);
            return entities.length > 0 && <FollowChips key={kind} kind={kind} entities={entities} />;
          }),
        )}
    </>
  );
}

/** Opens the mark sheet for a long-pressed card: set while {@link MarkSheet} is drawn. */
let openMarkSheet: ((work: PressedWork) => void) | undefined;

/** The sheet a long press on a card opens: 想看 / 看过 / 取消标记 for that work. */
function MarkSheet() {
  const queryClient = useQueryClient();
  const [work, setWork] = useState<PressedWork | null>(null);
  useEffect(() => {
    openMarkSheet = setWork;
    return () => {
      openMarkSheet = undefined;
    };
  }, []);
  return (
    <ChoiceSheet
      visible={work !== null}
      label={FOLLOW_TEXT.markTitle}
      title={work?.title || FOLLOW_TEXT.markTitle}
      choices={[
        { key: 'want', text: FOLLOW_TEXT.want },
        { key: 'watched', text: FOLLOW_TEXT.watched },
        { key: 'none', text: FOLLOW_TEXT.clearMark },
      ]}
      cancelText={FOLLOW_TEXT.cancel}
      onChoose={(mark: WorkMark | 'none') => {
        setWork(null);
        if (work) void setMark(queryClient, work.id, mark).then(() => showToast(MARK_DONE[mark]));
      }}
      onClose={() => setWork(null)}
    />
  );
}

/** The long press on cards and the 隐藏已看过 rules: for every screen. */
function PageWide() {
  const [hide] = useHideWatched();
  const watched = useWatchedIds(hide).data;
  useEffect(() => {
    applyWatchedIds(hide ? (watched ?? []) : []);
    return () => applyWatchedIds([]);
  }, [hide, watched]);
  return null;
}

let started = false;

/**
 * Starts the member's controls once the app has taken over the page (hydration done): from
 * main.tsx when the page loads with a login held, or from the member center after a login.
 */
export function startMemberExtras(queryClient: QueryClient): void {
  if (started) return;
  started = true;
  installLongPress((work) => {
    if (hasStoredSession()) openMarkSheet?.(work);
  });
  const mount = () => {
    const host = document.createElement('div');
    host.id = 'member-extras';
    document.body.append(host);
    createRoot(host).render(
      <QueryClientProvider client={queryClient}>
        <Extras />
      </QueryClientProvider>,
    );
  };
  const root = document.getElementById('root');
  if (!root?.hasAttribute('data-prerendered')) return mount();
  const observer = new MutationObserver(() => {
    if (root.hasAttribute('data-prerendered')) return;
    observer.disconnect();
    mount();
  });
  observer.observe(root, { attributes: true });
}
