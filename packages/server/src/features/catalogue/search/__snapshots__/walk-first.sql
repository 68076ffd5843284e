-- search strategy: walk-first
-- request: {"filter":{"channels":[],"onlyWithMagnets":true,"entities":[],"sinceDate":"2026-10-21","terms":[{"text":"海边","titleMatch":"grams"},{"text":"回忆","titleMatch":"grams"}]},"sort":"pubTime","limit":24,"offset":24}

-- counters: works in scope
SELECT coalesce(sum(with_magnet), 0) AS n FROM catalogue_day_counts WHERE true AND pub_date >= $1::date;
-- parameters: ["2026-10-21"]

-- counters say: {"scopeSize":12000,"grams":[]}

-- step 1: walk (budget 1618)
SELECT w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (
  SELECT w.id, w.pub_date FROM (
    SELECT w.id, w.pub_date, w.number_key, w.search_text, w.title_grams FROM works w WHERE NOT "w"."hidden" AND "w"."pub_date" >= $1::date AND "w"."has_magnet"
    ORDER BY w.pub_date DESC, w.id DESC LIMIT $2
  ) w WHERE (w.title_grams @> ARRAY[$3]::text[]) AND (w.title_grams @> ARRAY[$4]::text[])
  ORDER BY w.pub_date DESC, w.id DESC LIMIT $5
) m JOIN works w ON w.id = m.id
ORDER BY m.pub_date DESC, m.id DESC;
-- parameters: ["2026-10-21",1618,"海边","回忆",148]

-- step 1, had the walk met its limit: how far it read (the last match 7251600000000099)
SELECT (SELECT count(*) FROM works w
  WHERE NOT "w"."hidden" AND "w"."channel" = $1 AND "w"."pub_date" >= $2::date AND "w"."has_magnet"
  AND ROW(w.pub_date, w.id) >= ROW(l.pub_date, l.id)) + (SELECT count(*) FROM works w
  WHERE NOT "w"."hidden" AND "w"."channel" = $3 AND "w"."pub_date" >= $4::date AND "w"."has_magnet"
  AND ROW(w.pub_date, w.id) >= ROW(l.pub_date, l.id)) + (SELECT count(*) FROM works w
  WHERE NOT "w"."hidden" AND "w"."channel" = $5 AND "w"."pub_date" >= $6::date AND "w"."has_magnet"
  AND ROW(w.pub_date, w.id) >= ROW(l.pub_date, l.id)) AS n FROM (SELECT x.pub_date, x.id FROM works x WHERE x.id = $7) l;
-- parameters: [1,"2026-10-21",2,"2026-10-21",3,"2026-10-21","7251600000000099"]

-- step 2: gather (cap 1048)
WITH m AS MATERIALIZED (
  SELECT w.id, w.pub_date FROM works w
  WHERE NOT "w"."hidden" AND ("w"."pub_date" + 0) >= $1::date AND "w"."has_magnet" AND (w.title_grams @> ARRAY[$2]::text[]) AND (w.title_grams @> ARRAY[$3]::text[])
), f AS MATERIALIZED (SELECT * FROM m LIMIT $4),
p AS (SELECT * FROM f ORDER BY f.pub_date DESC, f.id DESC LIMIT $5 OFFSET $6)
SELECT t.total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT count(*) AS total FROM f) t
LEFT JOIN (p JOIN works w ON w.id = p.id) ON true
ORDER BY p.pub_date DESC, p.id DESC;
-- parameters: ["2026-10-21","海边","回忆",1048,24,24]

-- step 3: gather (every match)
WITH m AS MATERIALIZED (
  SELECT w.id, w.pub_date FROM works w
  WHERE NOT "w"."hidden" AND ("w"."pub_date" + 0) >= $1::date AND "w"."has_magnet" AND (w.title_grams @> ARRAY[$2]::text[]) AND (w.title_grams @> ARRAY[$3]::text[])
), f AS MATERIALIZED (SELECT * FROM m ),
p AS (SELECT * FROM f ORDER BY f.pub_date DESC, f.id DESC LIMIT $4 OFFSET $5)
SELECT t.total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT count(*) AS total FROM f) t
LEFT JOIN (p JOIN works w ON w.id = p.id) ON true
ORDER BY p.pub_date DESC, p.id DESC;
-- parameters: ["2026-10-21","海边","回忆",24,24]
