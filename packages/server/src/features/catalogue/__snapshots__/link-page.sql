-- pageByLink: one entity's works on one channel

-- maker; channels 2; 24 from 48
SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT coalesce(sum(works), 0) AS n FROM entity_work_counts
WHERE kind = $1 AND entity_id = $2 AND channel = $3) t
LEFT JOIN LATERAL (
  SELECT l.work_id, l.pub_date FROM "work_makers" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = $5 AND t.n > $6
  ORDER BY l.pub_date DESC, l.work_id DESC LIMIT $7 OFFSET $8
) p ON true
LEFT JOIN works w ON w.id = p.work_id
ORDER BY p.pub_date DESC, p.work_id DESC;
-- parameters: ["maker","7251600000000001",2,"7251600000000001",2,48,24,48]

-- maker; channels 2, with magnets; 24 from 48
SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT coalesce(sum(with_magnet), 0) AS n FROM entity_work_counts
WHERE kind = $1 AND entity_id = $2 AND channel = $3) t
LEFT JOIN LATERAL (
  SELECT l.work_id, l.pub_date FROM "work_makers" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = $5 AND "l"."has_magnet" AND t.n > $6
  ORDER BY l.pub_date DESC, l.work_id DESC LIMIT $7 OFFSET $8
) p ON true
LEFT JOIN works w ON w.id = p.work_id
ORDER BY p.pub_date DESC, p.work_id DESC;
-- parameters: ["maker","7251600000000001",2,"7251600000000001",2,48,24,48]

-- maker; channels 2, since 2026-10-21; 24 from 48
SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT count(*) AS n FROM "work_makers" l WHERE l.entity_id = $1 AND NOT "l"."hidden" AND "l"."channel" = $2 AND "l"."pub_date" >= $3::date) t
LEFT JOIN LATERAL (
  SELECT l.work_id, l.pub_date FROM "work_makers" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = $5 AND "l"."pub_date" >= $6::date AND t.n > $7
  ORDER BY l.pub_date DESC, l.work_id DESC LIMIT $8 OFFSET $9
) p ON true
LEFT JOIN works w ON w.id = p.work_id
ORDER BY p.pub_date DESC, p.work_id DESC;
-- parameters: ["7251600000000001",2,"2026-10-21","7251600000000001",2,"2026-10-21",48,24,48]

-- maker; channels 2, since 2026-10-21, with magnets; 24 from 48
SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT count(*) AS n FROM "work_makers" l WHERE l.entity_id = $1 AND NOT "l"."hidden" AND "l"."channel" = $2 AND "l"."pub_date" >= $3::date AND "l"."has_magnet") t
LEFT JOIN LATERAL (
  SELECT l.work_id, l.pub_date FROM "work_makers" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = $5 AND "l"."pub_date" >= $6::date AND "l"."has_magnet" AND t.n > $7
  ORDER BY l.pub_date DESC, l.work_id DESC LIMIT $8 OFFSET $9
) p ON true
LEFT JOIN works w ON w.id = p.work_id
ORDER BY p.pub_date DESC, p.work_id DESC;
-- parameters: ["7251600000000001",2,"2026-10-21","7251600000000001",2,"2026-10-21",48,24,48]

-- label; channels 2; 24 from 48
SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT coalesce(sum(works), 0) AS n FROM entity_work_counts
WHERE kind = $1 AND entity_id = $2 AND channel = $3) t
LEFT JOIN LATERAL (
  SELECT l.work_id, l.pub_date FROM "work_labels" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = $5 AND t.n > $6
  ORDER BY l.pub_date DESC, l.work_id DESC LIMIT $7 OFFSET $8
) p ON true
LEFT JOIN works w ON w.id = p.work_id
ORDER BY p.pub_date DESC, p.work_id DESC;
-- parameters: ["label","7251600000000001",2,"7251600000000001",2,48,24,48]

-- label; channels 2, with magnets; 24 from 48
SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT coalesce(sum(with_magnet), 0) AS n FROM entity_work_counts
WHERE kind = $1 AND entity_id = $2 AND channel = $3) t
LEFT JOIN LATERAL (
  SELECT l.work_id, l.pub_date FROM "work_labels" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = $5 AND "l"."has_magnet" AND t.n > $6
  ORDER BY l.pub_date DESC, l.work_id DESC LIMIT $7 OFFSET $8
) p ON true
LEFT JOIN works w ON w.id = p.work_id
ORDER BY p.pub_date DESC, p.work_id DESC;
-- parameters: ["label","7251600000000001",2,"7251600000000001",2,48,24,48]

-- label; channels 2, since 2026-10-21; 24 from 48
SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT count(*) AS n FROM "work_labels" l WHERE l.entity_id = $1 AND NOT "l"."hidden" AND "l"."channel" = $2 AND "l"."pub_date" >= $3::date) t
LEFT JOIN LATERAL (
  SELECT l.work_id, l.pub_date FROM "work_labels" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = $5 AND "l"."pub_date" >= $6::date AND t.n > $7
  ORDER BY l.pub_date DESC, l.work_id DESC LIMIT $8 OFFSET $9
) p ON true
LEFT JOIN works w ON w.id = p.work_id
ORDER BY p.pub_date DESC, p.work_id DESC;
-- parameters: ["7251600000000001",2,"2026-10-21","7251600000000001",2,"2026-10-21",48,24,48]

-- label; channels 2, since 2026-10-21, with magnets; 24 from 48
SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT count(*) AS n FROM "work_labels" l WHERE l.entity_id = $1 AND NOT "l"."hidden" AND "l"."channel" = $2 AND "l"."pub_date" >= $3::date AND "l"."has_magnet") t
LEFT JOIN LATERAL (
  SELECT l.work_id, l.pub_date FROM "work_labels" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = $5 AND "l"."pub_date" >= $6::date AND "l"."has_magnet" AND t.n > $7
  ORDER BY l.pub_date DESC, l.work_id DESC LIMIT $8 OFFSET $9
) p ON true
LEFT JOIN works w ON w.id = p.work_id
ORDER BY p.pub_date DESC, p.work_id DESC;
-- parameters: ["7251600000000001",2,"2026-10-21","7251600000000001",2,"2026-10-21",48,24,48]

-- series; channels 2; 24 from 48
SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT coalesce(sum(works), 0) AS n FROM entity_work_counts
WHERE kind = $1 AND entity_id = $2 AND channel = $3) t
LEFT JOIN LATERAL (
  SELECT l.work_id, l.pub_date FROM "work_series" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = $5 AND t.n > $6
  ORDER BY l.pub_date DESC, l.work_id DESC LIMIT $7 OFFSET $8
) p ON true
LEFT JOIN works w ON w.id = p.work_id
ORDER BY p.pub_date DESC, p.work_id DESC;
-- parameters: ["series","7251600000000001",2,"7251600000000001",2,48,24,48]

-- series; channels 2, with magnets; 24 from 48
SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT coalesce(sum(with_magnet), 0) AS n FROM entity_work_counts
WHERE kind = $1 AND entity_id = $2 AND channel = $3) t
LEFT JOIN LATERAL (
  SELECT l.work_id, l.pub_date FROM "work_series" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = $5 AND "l"."has_magnet" AND t.n > $6
  ORDER BY l.pub_date DESC, l.work_id DESC LIMIT $7 OFFSET $8
) p ON true
LEFT JOIN works w ON w.id = p.work_id
ORDER BY p.pub_date DESC, p.work_id DESC;
-- parameters: ["series","7251600000000001",2,"7251600000000001",2,48,24,48]

-- series; channels 2, since 2026-10-21; 24 from 48
SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT count(*) AS n FROM "work_series" l WHERE l.entity_id = $1 AND NOT "l"."hidden" AND "l"."channel" = $2 AND "l"."pub_date" >= $3::date) t
LEFT JOIN LATERAL (
  SELECT l.work_id, l.pub_date FROM "work_series" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = $5 AND "l"."pub_date" >= $6::date AND t.n > $7
  ORDER BY l.pub_date DESC, l.work_id DESC LIMIT $8 OFFSET $9
) p ON true
LEFT JOIN works w ON w.id = p.work_id
ORDER BY p.pub_date DESC, p.work_id DESC;
-- parameters: ["7251600000000001",2,"2026-10-21","7251600000000001",2,"2026-10-21",48,24,48]

-- series; channels 2, since 2026-10-21, with magnets; 24 from 48
SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT count(*) AS n FROM "work_series" l WHERE l.entity_id = $1 AND NOT "l"."hidden" AND "l"."channel" = $2 AND "l"."pub_date" >= $3::date AND "l"."has_magnet") t
LEFT JOIN LATERAL (
  SELECT l.work_id, l.pub_date FROM "work_series" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = $5 AND "l"."pub_date" >= $6::date AND "l"."has_magnet" AND t.n > $7
  ORDER BY l.pub_date DESC, l.work_id DESC LIMIT $8 OFFSET $9
) p ON true
LEFT JOIN works w ON w.id = p.work_id
ORDER BY p.pub_date DESC, p.work_id DESC;
-- parameters: ["7251600000000001",2,"2026-10-21","7251600000000001",2,"2026-10-21",48,24,48]

-- director; channels 2; 24 from 48
SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT coalesce(sum(works), 0) AS n FROM entity_work_counts
WHERE kind = $1 AND entity_id = $2 AND channel = $3) t
LEFT JOIN LATERAL (
  SELECT l.work_id, l.pub_date FROM "work_directors" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = $5 AND t.n > $6
  ORDER BY l.pub_date DESC, l.work_id DESC LIMIT $7 OFFSET $8
) p ON true
LEFT JOIN works w ON w.id = p.work_id
ORDER BY p.pub_date DESC, p.work_id DESC;
-- parameters: ["director","7251600000000001",2,"7251600000000001",2,48,24,48]

-- director; channels 2, with magnets; 24 from 48
SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT coalesce(sum(with_magnet), 0) AS n FROM entity_work_counts
WHERE kind = $1 AND entity_id = $2 AND channel = $3) t
LEFT JOIN LATERAL (
  SELECT l.work_id, l.pub_date FROM "work_directors" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = $5 AND "l"."has_magnet" AND t.n > $6
  ORDER BY l.pub_date DESC, l.work_id DESC LIMIT $7 OFFSET $8
) p ON true
LEFT JOIN works w ON w.id = p.work_id
ORDER BY p.pub_date DESC, p.work_id DESC;
-- parameters: ["director","7251600000000001",2,"7251600000000001",2,48,24,48]

-- director; channels 2, since 2026-10-21; 24 from 48
SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT count(*) AS n FROM "work_directors" l WHERE l.entity_id = $1 AND NOT "l"."hidden" AND "l"."channel" = $2 AND "l"."pub_date" >= $3::date) t
LEFT JOIN LATERAL (
  SELECT l.work_id, l.pub_date FROM "work_directors" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = $5 AND "l"."pub_date" >= $6::date AND t.n > $7
  ORDER BY l.pub_date DESC, l.work_id DESC LIMIT $8 OFFSET $9
) p ON true
LEFT JOIN works w ON w.id = p.work_id
ORDER BY p.pub_date DESC, p.work_id DESC;
-- parameters: ["7251600000000001",2,"2026-10-21","7251600000000001",2,"2026-10-21",48,24,48]

-- director; channels 2, since 2026-10-21, with magnets; 24 from 48
SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT count(*) AS n FROM "work_directors" l WHERE l.entity_id = $1 AND NOT "l"."hidden" AND "l"."channel" = $2 AND "l"."pub_date" >= $3::date AND "l"."has_magnet") t
LEFT JOIN LATERAL (
  SELECT l.work_id, l.pub_date FROM "work_directors" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = $5 AND "l"."pub_date" >= $6::date AND "l"."has_magnet" AND t.n > $7
  ORDER BY l.pub_date DESC, l.work_id DESC LIMIT $8 OFFSET $9
) p ON true
LEFT JOIN works w ON w.id = p.work_id
ORDER BY p.pub_date DESC, p.work_id DESC;
-- parameters: ["7251600000000001",2,"2026-10-21","7251600000000001",2,"2026-10-21",48,24,48]

-- item; channels 2; 24 from 48
SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT coalesce(sum(works), 0) AS n FROM entity_work_counts
WHERE kind = $1 AND entity_id = $2 AND channel = $3) t
LEFT JOIN LATERAL (
  SELECT l.work_id, l.pub_date FROM "work_items" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = $5 AND t.n > $6
  ORDER BY l.pub_date DESC, l.work_id DESC LIMIT $7 OFFSET $8
) p ON true
LEFT JOIN works w ON w.id = p.work_id
ORDER BY p.pub_date DESC, p.work_id DESC;
-- parameters: ["item","7251600000000001",2,"7251600000000001",2,48,24,48]

-- item; channels 2, with magnets; 24 from 48
SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT coalesce(sum(with_magnet), 0) AS n FROM entity_work_counts
WHERE kind = $1 AND entity_id = $2 AND channel = $3) t
LEFT JOIN LATERAL (
  SELECT l.work_id, l.pub_date FROM "work_items" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = $5 AND "l"."has_magnet" AND t.n > $6
  ORDER BY l.pub_date DESC, l.work_id DESC LIMIT $7 OFFSET $8
) p ON true
LEFT JOIN works w ON w.id = p.work_id
ORDER BY p.pub_date DESC, p.work_id DESC;
-- parameters: ["item","7251600000000001",2,"7251600000000001",2,48,24,48]

-- item; channels 2, since 2026-10-21; 24 from 48
SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT count(*) AS n FROM "work_items" l WHERE l.entity_id = $1 AND NOT "l"."hidden" AND "l"."channel" = $2 AND "l"."pub_date" >= $3::date) t
LEFT JOIN LATERAL (
  SELECT l.work_id, l.pub_date FROM "work_items" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = $5 AND "l"."pub_date" >= $6::date AND t.n > $7
  ORDER BY l.pub_date DESC, l.work_id DESC LIMIT $8 OFFSET $9
) p ON true
LEFT JOIN works w ON w.id = p.work_id
ORDER BY p.pub_date DESC, p.work_id DESC;
-- parameters: ["7251600000000001",2,"2026-10-21","7251600000000001",2,"2026-10-21",48,24,48]

-- item; channels 2, since 2026-10-21, with magnets; 24 from 48
SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT count(*) AS n FROM "work_items" l WHERE l.entity_id = $1 AND NOT "l"."hidden" AND "l"."channel" = $2 AND "l"."pub_date" >= $3::date AND "l"."has_magnet") t
LEFT JOIN LATERAL (
  SELECT l.work_id, l.pub_date FROM "work_items" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = $5 AND "l"."pub_date" >= $6::date AND "l"."has_magnet" AND t.n > $7
  ORDER BY l.pub_date DESC, l.work_id DESC LIMIT $8 OFFSET $9
) p ON true
LEFT JOIN works w ON w.id = p.work_id
ORDER BY p.pub_date DESC, p.work_id DESC;
-- parameters: ["7251600000000001",2,"2026-10-21","7251600000000001",2,"2026-10-21",48,24,48]

-- performer; channels 2; 24 from 48
SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT coalesce(sum(works), 0) AS n FROM entity_work_counts
WHERE kind = $1 AND entity_id = $2 AND channel = $3) t
LEFT JOIN LATERAL (
  SELECT l.work_id, l.pub_date FROM "work_performers" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = $5 AND t.n > $6
  ORDER BY l.pub_date DESC, l.work_id DESC LIMIT $7 OFFSET $8
) p ON true
LEFT JOIN works w ON w.id = p.work_id
ORDER BY p.pub_date DESC, p.work_id DESC;
-- parameters: ["performer","7251600000000001",2,"7251600000000001",2,48,24,48]

-- performer; channels 2, with magnets; 24 from 48
SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT coalesce(sum(with_magnet), 0) AS n FROM entity_work_counts
WHERE kind = $1 AND entity_id = $2 AND channel = $3) t
LEFT JOIN LATERAL (
  SELECT l.work_id, l.pub_date FROM "work_performers" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = $5 AND "l"."has_magnet" AND t.n > $6
  ORDER BY l.pub_date DESC, l.work_id DESC LIMIT $7 OFFSET $8
) p ON true
LEFT JOIN works w ON w.id = p.work_id
ORDER BY p.pub_date DESC, p.work_id DESC;
-- parameters: ["performer","7251600000000001",2,"7251600000000001",2,48,24,48]

-- performer; channels 2, since 2026-10-21; 24 from 48
SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT count(*) AS n FROM "work_performers" l WHERE l.entity_id = $1 AND NOT "l"."hidden" AND "l"."channel" = $2 AND "l"."pub_date" >= $3::date) t
LEFT JOIN LATERAL (
  SELECT l.work_id, l.pub_date FROM "work_performers" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = $5 AND "l"."pub_date" >= $6::date AND t.n > $7
  ORDER BY l.pub_date DESC, l.work_id DESC LIMIT $8 OFFSET $9
) p ON true
LEFT JOIN works w ON w.id = p.work_id
ORDER BY p.pub_date DESC, p.work_id DESC;
-- parameters: ["7251600000000001",2,"2026-10-21","7251600000000001",2,"2026-10-21",48,24,48]

-- performer; channels 2, since 2026-10-21, with magnets; 24 from 48
SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT count(*) AS n FROM "work_performers" l WHERE l.entity_id = $1 AND NOT "l"."hidden" AND "l"."channel" = $2 AND "l"."pub_date" >= $3::date AND "l"."has_magnet") t
LEFT JOIN LATERAL (
  SELECT l.work_id, l.pub_date FROM "work_performers" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = $5 AND "l"."pub_date" >= $6::date AND "l"."has_magnet" AND t.n > $7
  ORDER BY l.pub_date DESC, l.work_id DESC LIMIT $8 OFFSET $9
) p ON true
LEFT JOIN works w ON w.id = p.work_id
ORDER BY p.pub_date DESC, p.work_id DESC;
-- parameters: ["7251600000000001",2,"2026-10-21","7251600000000001",2,"2026-10-21",48,24,48]

-- tag; channels 2; 24 from 48
SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT coalesce(sum(works), 0) AS n FROM entity_work_counts
WHERE kind = $1 AND entity_id = $2 AND channel = $3) t
LEFT JOIN LATERAL (
  SELECT l.work_id, l.pub_date FROM "work_tags" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = $5 AND t.n > $6
  ORDER BY l.pub_date DESC, l.work_id DESC LIMIT $7 OFFSET $8
) p ON true
LEFT JOIN works w ON w.id = p.work_id
ORDER BY p.pub_date DESC, p.work_id DESC;
-- parameters: ["tag","7251600000000001",2,"7251600000000001",2,48,24,48]

-- tag; channels 2, with magnets; 24 from 48
SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT coalesce(sum(with_magnet), 0) AS n FROM entity_work_counts
WHERE kind = $1 AND entity_id = $2 AND channel = $3) t
LEFT JOIN LATERAL (
  SELECT l.work_id, l.pub_date FROM "work_tags" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = $5 AND "l"."has_magnet" AND t.n > $6
  ORDER BY l.pub_date DESC, l.work_id DESC LIMIT $7 OFFSET $8
) p ON true
LEFT JOIN works w ON w.id = p.work_id
ORDER BY p.pub_date DESC, p.work_id DESC;
-- parameters: ["tag","7251600000000001",2,"7251600000000001",2,48,24,48]

-- tag; channels 2, since 2026-10-21; 24 from 48
  SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT
  (SELECT coalesce(sum(works), 0) FROM tag_month_counts WHERE tag_id = $1 AND channel = $2 AND month > $3::date)
  + (SELECT count(*) FROM "work_tags" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = $5 AND "l"."pub_date" >= $6::date
      AND l.pub_date < (date_trunc('month', $7::timestamp) + interval '1 month')::date)
AS n) t
  LEFT JOIN LATERAL (
    SELECT l.work_id, l.pub_date FROM "work_tags" l WHERE l.entity_id = $8 AND NOT "l"."hidden" AND "l"."channel" = $9 AND "l"."pub_date" >= $10::date AND t.n > $11
    ORDER BY l.pub_date DESC, l.work_id DESC LIMIT $12 OFFSET $13
  ) p ON true
  LEFT JOIN works w ON w.id = p.work_id
  ORDER BY p.pub_date DESC, p.work_id DESC;
-- parameters: ["7251600000000001",2,"2026-10-21","7251600000000001",2,"2026-10-21","2026-10-21","7251600000000001",2,"2026-10-21",48,24,48]

-- tag; channels 2, since 2026-10-21, with magnets; 24 from 48
  SELECT t.n AS total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT
  (SELECT coalesce(sum(with_magnet), 0) FROM tag_month_counts WHERE tag_id = $1 AND channel = $2 AND month > $3::date)
  + (SELECT count(*) FROM "work_tags" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = $5 AND "l"."pub_date" >= $6::date AND "l"."has_magnet"
      AND l.pub_date < (date_trunc('month', $7::timestamp) + interval '1 month')::date)
AS n) t
  LEFT JOIN LATERAL (
    SELECT l.work_id, l.pub_date FROM "work_tags" l WHERE l.entity_id = $8 AND NOT "l"."hidden" AND "l"."channel" = $9 AND "l"."pub_date" >= $10::date AND "l"."has_magnet" AND t.n > $11
    ORDER BY l.pub_date DESC, l.work_id DESC LIMIT $12 OFFSET $13
  ) p ON true
  LEFT JOIN works w ON w.id = p.work_id
  ORDER BY p.pub_date DESC, p.work_id DESC;
-- parameters: ["7251600000000001",2,"2026-10-21","7251600000000001",2,"2026-10-21","2026-10-21","7251600000000001",2,"2026-10-21",48,24,48]
