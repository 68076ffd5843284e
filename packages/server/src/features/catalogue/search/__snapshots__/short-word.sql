-- search strategy: short-word
-- request: {"filter":{"channels":[1],"onlyWithMagnets":false,"entities":[],"terms":[{"text":"海","titleMatch":"grams"}]},"sort":"pubTime","limit":24,"offset":24}

-- counters: works in scope
SELECT coalesce(sum(works), 0) AS n FROM catalogue_channel_counts WHERE true AND channel = $1;
-- parameters: [1]

-- counters: title grams
SELECT gram, channel, works, with_magnet FROM title_gram_counts
WHERE gram = ANY($1::text[]) AND works > 0;
-- parameters: [["海"]]

-- counters say: {"scopeSize":400000,"grams":[{"gram":"海","channel":1,"works":6000,"with_magnet":4000},{"gram":"海","channel":3,"works":2500,"with_magnet":900}]}

-- step 1: walk (budget 12900)
SELECT w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (
  SELECT w.id, w.pub_date FROM (
    SELECT w.id, w.pub_date, w.number_key, w.search_text, w.title_grams FROM works w WHERE NOT "w"."hidden" AND "w"."channel" = $1
    ORDER BY "w"."channel", w.pub_date DESC, w.id DESC LIMIT $2
  ) w WHERE (w.title_grams @> ARRAY[$3]::text[])
  ORDER BY w.pub_date DESC, w.id DESC LIMIT $4
) m JOIN works w ON w.id = m.id
ORDER BY m.pub_date DESC, m.id DESC;
-- parameters: [1,12900,"海",48]

-- step 2: gather (every match)
WITH m AS MATERIALIZED (
  SELECT w.id, w.pub_date FROM works w
  WHERE NOT "w"."hidden" AND ("w"."channel" + 0) = 1 AND (w.title_grams @> ARRAY[$1]::text[])
), f AS MATERIALIZED (SELECT * FROM m ),
p AS (SELECT * FROM f ORDER BY f.pub_date DESC, f.id DESC LIMIT $2 OFFSET $3)
SELECT t.total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT count(*) AS total FROM f) t
LEFT JOIN (p JOIN works w ON w.id = p.id) ON true
ORDER BY p.pub_date DESC, p.id DESC;
-- parameters: ["海",24,24]
