-- search strategy: capped-gather
-- request: {"filter":{"channels":[1,2],"onlyWithMagnets":false,"entities":[{"kind":"tag","id":"7251600000000001"}],"terms":[{"text":"夏日旅行","titleMatch":"trigram"}]},"sort":"average","limit":24,"offset":24}

-- counters: works in scope
SELECT coalesce(sum(works), 0) AS n FROM catalogue_channel_counts WHERE true AND channel = ANY($1::smallint[]);
-- parameters: [[1,2]]

-- counters say: {"scopeSize":700000,"grams":[]}

-- step 1: gather (cap 5797)
WITH m AS MATERIALIZED (
  SELECT w.id, w.pub_date, w.rank_average FROM works w
  WHERE NOT "w"."hidden" AND ("w"."channel" + 0) = ANY($1::smallint[]) AND (w.search_text LIKE $2) AND w.id IN (SELECT x.work_id FROM "work_tags" x WHERE x.entity_id = $3 AND NOT x.hidden)
), f AS MATERIALIZED (SELECT * FROM m LIMIT $4),
p AS (SELECT * FROM f ORDER BY f.rank_average DESC, f.pub_date DESC, f.id DESC LIMIT $5 OFFSET $6)
SELECT t.total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT count(*) AS total FROM f) t
LEFT JOIN (p JOIN works w ON w.id = p.id) ON true
ORDER BY p.rank_average DESC, p.pub_date DESC, p.id DESC;
-- parameters: [[1,2],"%夏日旅行%","7251600000000001",5797,24,24]

-- step 2: gather (every match)
WITH m AS MATERIALIZED (
  SELECT w.id, w.pub_date, w.rank_average FROM works w
  WHERE NOT "w"."hidden" AND ("w"."channel" + 0) = ANY($1::smallint[]) AND (w.search_text LIKE $2) AND w.id IN (SELECT x.work_id FROM "work_tags" x WHERE x.entity_id = $3 AND NOT x.hidden)
), f AS MATERIALIZED (SELECT * FROM m ),
p AS (SELECT * FROM f ORDER BY f.rank_average DESC, f.pub_date DESC, f.id DESC LIMIT $4 OFFSET $5)
SELECT t.total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT count(*) AS total FROM f) t
LEFT JOIN (p JOIN works w ON w.id = p.id) ON true
ORDER BY p.rank_average DESC, p.pub_date DESC, p.id DESC;
-- parameters: [[1,2],"%夏日旅行%","7251600000000001",24,24]
