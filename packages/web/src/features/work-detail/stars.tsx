import { Star } from 'antd-mobile/es/components/rate/star';
import 'antd-mobile/es/components/rate/rate.css';

/**
 * antd-mobile's `<Rate readOnly allowHalf>`: the same markup and styles, without the drag
 * handling (@use-gesture, ≈ 8 KiB gzip) that a rating nobody can change never uses. Decision 028.
 * Drawn only, hidden from screen readers: the text beside it says the rating (antd's stars are ten
 * radios, each a tap target too small to use).
 */
export function Stars({ value, className }: { value: number; className?: string }) {
  const star = (v: number, half: boolean) => (
    <div
      className={[
        'adm-rate-star',
        value >= v && 'adm-rate-star-active',
        half && 'adm-rate-star-half',
        'adm-rate-star-readonly',
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <Star />
    </div>
  );
  return (
    <div className={`adm-rate adm-rate-half ${className ?? ''}`} aria-hidden="true">
      {[1, 2, 3, 4, 5].map((i) => (
        <div key={i} className="adm-rate-box">
          {star(i - 0.5, true)}
          {star(i, false)}
        </div>
      ))}
    </div>
  );
}
