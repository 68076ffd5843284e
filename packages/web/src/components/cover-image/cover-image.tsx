import styles from './cover-image.module.css';

export interface CoverImageProps {
  /** `coverImage(…)` of the contract: the picture and, where the server sizes it, its srcset. */
  image: { src: string; srcSet?: string; sizes?: string };
  alt: string;
  fit: 'cover' | 'contain';
  /** Loaded when scrolled near (the browser's own `loading="lazy"`), not at once. */
  lazy?: boolean;
}

/**
 * A work's cover (every card, a work's detail), filling its box. Not
 * antd-mobile's Image: that hides its `<img>` until a script has seen it load, so a page the
 * server prerendered (decision 033) could not paint its largest picture before the app runs.
 * Until the picture is there, the box's own background shows, as antd-mobile's placeholder did.
 */
export function CoverImage({ image, alt, fit, lazy = false }: CoverImageProps) {
  return (
    <img
      className={styles.image}
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.sizes}
      alt={alt}
      style={{ objectFit: fit }}
      draggable={false}
      // 隐私模式 blurs it until tapped (session/discreet-mode.ts).
      data-picture=""
      {...(lazy && { loading: 'lazy', decoding: 'async' })}
    />
  );
}
