-- pageByWorks: a latest list or ranking, sort evaluates

-- every channel; 24 from 0
SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (
SELECT coalesce(sum(works), 0) AS n FROM catalogue_channel_counts WHERE true) t
LEFT JOIN LATERAL (
  SELECT i.id, i.pub_date, i.review_heat FROM works i
  WHERE NOT "i"."hidden" AND t.n > $1
  ORDER BY i.review_heat DESC, i.pub_date DESC, i.id DESC
  LIMIT $2 OFFSET $3
) p ON true
LEFT JOIN works w ON w.id = p.id
ORDER BY p.review_heat DESC, p.pub_date DESC, p.id DESC;
-- parameters: [0,24,0]

-- every channel, with magnets; 24 from 0
SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (
SELECT coalesce(sum(with_magnet), 0) AS n FROM catalogue_channel_counts WHERE true) t
LEFT JOIN LATERAL (
  SELECT i.id, i.pub_date, i.review_heat FROM works i
  WHERE NOT "i"."hidden" AND "i"."has_magnet" AND t.n > $1
  ORDER BY i.review_heat DESC, i.pub_date DESC, i.id DESC
  LIMIT $2 OFFSET $3
) p ON true
LEFT JOIN works w ON w.id = p.id
ORDER BY p.review_heat DESC, p.pub_date DESC, p.id DESC;
-- parameters: [0,24,0]

-- every channel, since 2026-10-21; 24 from 0
  SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (
SELECT coalesce(sum(works), 0) AS n FROM catalogue_day_counts WHERE true AND pub_date >= $1::date) t
  LEFT JOIN LATERAL (
    SELECT i.id, i.pub_date, i.review_heat FROM works i
    WHERE NOT "i"."hidden" AND "i"."pub_date" >= $2::date AND t.n > $3
    ORDER BY i.review_heat DESC, i.pub_date DESC, i.id DESC
    LIMIT $4 OFFSET $5
  ) p ON true
  LEFT JOIN works w ON w.id = p.id
  ORDER BY p.review_heat DESC, p.pub_date DESC, p.id DESC;
-- parameters: ["2026-10-21","2026-10-21",0,24,0]

-- every channel, since 2026-10-21, with magnets; 24 from 0
  SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (
SELECT coalesce(sum(with_magnet), 0) AS n FROM catalogue_day_counts WHERE true AND pub_date >= $1::date) t
  LEFT JOIN LATERAL (
    SELECT i.id, i.pub_date, i.review_heat FROM works i
    WHERE NOT "i"."hidden" AND "i"."pub_date" >= $2::date AND "i"."has_magnet" AND t.n > $3
    ORDER BY i.review_heat DESC, i.pub_date DESC, i.id DESC
    LIMIT $4 OFFSET $5
  ) p ON true
  LEFT JOIN works w ON w.id = p.id
  ORDER BY p.review_heat DESC, p.pub_date DESC, p.id DESC;
-- parameters: ["2026-10-21","2026-10-21",0,24,0]

-- channels 1; 24 from 0
SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (
SELECT coalesce(sum(works), 0) AS n FROM catalogue_channel_counts WHERE true AND channel = $1) t
LEFT JOIN LATERAL (
  SELECT i.id, i.pub_date, i.review_heat FROM works i
  WHERE NOT "i"."hidden" AND "i"."channel" = $2 AND t.n > $3
  ORDER BY "i"."channel", i.review_heat DESC, i.pub_date DESC, i.id DESC
  LIMIT $4 OFFSET $5
) p ON true
LEFT JOIN works w ON w.id = p.id
ORDER BY p.review_heat DESC, p.pub_date DESC, p.id DESC;
-- parameters: [1,1,0,24,0]

-- channels 1, with magnets; 24 from 0
SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (
SELECT coalesce(sum(with_magnet), 0) AS n FROM catalogue_channel_counts WHERE true AND channel = $1) t
LEFT JOIN LATERAL (
  SELECT i.id, i.pub_date, i.review_heat FROM works i
  WHERE NOT "i"."hidden" AND "i"."channel" = $2 AND "i"."has_magnet" AND t.n > $3
  ORDER BY "i"."channel", i.review_heat DESC, i.pub_date DESC, i.id DESC
  LIMIT $4 OFFSET $5
) p ON true
LEFT JOIN works w ON w.id = p.id
ORDER BY p.review_heat DESC, p.pub_date DESC, p.id DESC;
-- parameters: [1,1,0,24,0]

-- channels 1, since 2026-10-21; 24 from 0
  SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (
SELECT coalesce(sum(works), 0) AS n FROM catalogue_day_counts WHERE true AND channel = $1 AND pub_date >= $2::date) t
  LEFT JOIN LATERAL (
    SELECT i.id, i.pub_date, i.review_heat FROM works i
    WHERE NOT "i"."hidden" AND "i"."channel" = $3 AND "i"."pub_date" >= $4::date AND t.n > $5
    ORDER BY "i"."channel", i.review_heat DESC, i.pub_date DESC, i.id DESC
    LIMIT $6 OFFSET $7
  ) p ON true
  LEFT JOIN works w ON w.id = p.id
  ORDER BY p.review_heat DESC, p.pub_date DESC, p.id DESC;
-- parameters: [1,"2026-10-21",1,"2026-10-21",0,24,0]

-- channels 1, since 2026-10-21, with magnets; 24 from 0
  SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (
SELECT coalesce(sum(with_magnet), 0) AS n FROM catalogue_day_counts WHERE true AND channel = $1 AND pub_date >= $2::date) t
  LEFT JOIN LATERAL (
    SELECT i.id, i.pub_date, i.review_heat FROM works i
    WHERE NOT "i"."hidden" AND "i"."channel" = $3 AND "i"."pub_date" >= $4::date AND "i"."has_magnet" AND t.n > $5
    ORDER BY "i"."channel", i.review_heat DESC, i.pub_date DESC, i.id DESC
    LIMIT $6 OFFSET $7
  ) p ON true
  LEFT JOIN works w ON w.id = p.id
  ORDER BY p.review_heat DESC, p.pub_date DESC, p.id DESC;
-- parameters: [1,"2026-10-21",1,"2026-10-21",0,24,0]
