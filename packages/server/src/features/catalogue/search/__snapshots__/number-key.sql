-- search strategy: number-key
-- request: {"filter":{"channels":[],"onlyWithMagnets":false,"entities":[],"terms":[{"text":"ssis-001","titleMatch":"trigram","numberKey":"SSIS1"}]},"sort":"pubTime","limit":24,"offset":24}

-- step 1: gather (every match)
WITH m AS MATERIALIZED (
  SELECT w.id, w.pub_date FROM works w
  WHERE NOT "w"."hidden" AND w.number_key = $1
), f AS MATERIALIZED (SELECT * FROM m ),
p AS (SELECT * FROM f ORDER BY f.pub_date DESC, f.id DESC LIMIT $2 OFFSET $3)
SELECT t.total, w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (SELECT count(*) AS total FROM f) t
LEFT JOIN (p JOIN works w ON w.id = p.id) ON true
ORDER BY p.pub_date DESC, p.id DESC;
-- parameters: ["SSIS1",24,24]

-- step 2: plan again as capped-gather (its own file)
