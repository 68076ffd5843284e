-- search strategy: long-words
-- request: {"filter":{"channels":[3],"onlyWithMagnets":false,"entities":[],"terms":[{"text":"咖啡馆","titleMatch":"trigram"}]},"sort":"collect","limit":24,"offset":24}

-- counters: works in scope
SELECT coalesce(sum(works), 0) AS n FROM catalogue_channel_counts WHERE true AND channel = $1;
-- parameters: [3]

-- counters: title grams
SELECT gram, channel, works, with_magnet FROM title_gram_counts
WHERE gram = ANY($1::text[]) AND works > 0;
-- parameters: [["咖啡","啡馆","啡"]]

-- counters say: {"scopeSize":300000,"grams":[{"gram":"咖啡","channel":3,"works":9000,"with_magnet":4000},{"gram":"啡馆","channel":3,"works":1600,"with_magnet":700}]}

-- step 1: gather (cap 3795)
WITH m AS MATERIALIZED (
  SELECT w.id, w.pub_date, w.collect_count FROM works w
  WHERE NOT "w"."hidden" AND ("w"."channel" + 0) = 3 AND (w.search_text LIKE $1)
), f AS MATERIALIZED (SELECT * FROM m LIMIT $2),
p AS (SELECT * FROM f ORDER BY f.collect_count DESC, f.pub_date DESC, f.id DESC LIMIT $3 OFFSET $4)
SELECT t.total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT count(*) AS total FROM f) t
LEFT JOIN (p JOIN works w ON w.id = p.id) ON true
ORDER BY p.collect_count DESC, p.pub_date DESC, p.id DESC;
-- parameters: ["%咖啡馆%",3795,24,24]

-- step 2: walk (budget 7690)
SELECT w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (
  SELECT w.id, w.pub_date, w.collect_count FROM (
    SELECT w.id, w.pub_date, w.number_key, w.search_text, w.title_grams, w.collect_count FROM works w WHERE NOT "w"."hidden" AND "w"."channel" = $1
    ORDER BY "w"."channel", w.collect_count DESC, w.pub_date DESC, w.id DESC LIMIT $2
  ) w WHERE (w.search_text LIKE $3)
  ORDER BY w.collect_count DESC, w.pub_date DESC, w.id DESC LIMIT $4
) m JOIN works w ON w.id = m.id
ORDER BY m.collect_count DESC, m.pub_date DESC, m.id DESC;
-- parameters: [3,7690,"%咖啡馆%",148]

-- step 2, had the walk met its limit: how far it read (the last match 7251600000000099)
SELECT (SELECT count(*) FROM works w
  WHERE NOT "w"."hidden" AND "w"."channel" = $1
  AND ROW(w.collect_count, w.pub_date, w.id) >= ROW(l.collect_count, l.pub_date, l.id)) AS n FROM (SELECT x.collect_count, x.pub_date, x.id FROM works x WHERE x.id = $2) l;
-- parameters: [3,"7251600000000099"]

-- step 3: gather (every match)
WITH m AS MATERIALIZED (
  SELECT w.id, w.pub_date, w.collect_count FROM works w
  WHERE NOT "w"."hidden" AND ("w"."channel" + 0) = 3 AND (w.search_text LIKE $1)
), f AS MATERIALIZED (SELECT * FROM m ),
p AS (SELECT * FROM f ORDER BY f.collect_count DESC, f.pub_date DESC, f.id DESC LIMIT $2 OFFSET $3)
SELECT t.total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT count(*) AS total FROM f) t
LEFT JOIN (p JOIN works w ON w.id = p.id) ON true
ORDER BY p.collect_count DESC, p.pub_date DESC, p.id DESC;
-- parameters: ["%咖啡馆%",24,24]
