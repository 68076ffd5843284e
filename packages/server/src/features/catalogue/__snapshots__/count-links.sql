-- countLinks: an entity's links also linked to others, up to a cap

-- tag and a maker; every channel
SELECT count(*) AS n FROM (
  SELECT 1 FROM "work_tags" l WHERE l.entity_id = $1 AND NOT "l"."hidden" AND EXISTS (SELECT 1 FROM "work_makers" x WHERE x.entity_id = $2 AND x.work_id = "l"."work_id") LIMIT $3) x;
-- parameters: ["7251600000000001","7251600000000002",500]

-- performer, a series and a tag; channels 1,2, since 2026-10-21, with magnets
SELECT count(*) AS n FROM (
  SELECT 1 FROM "work_performers" l WHERE l.entity_id = $1 AND NOT "l"."hidden" AND "l"."channel" = ANY($2::smallint[]) AND "l"."pub_date" >= $3::date AND "l"."has_magnet" AND EXISTS (SELECT 1 FROM "work_series" x WHERE x.entity_id = $4 AND x.work_id = "l"."work_id") AND EXISTS (SELECT 1 FROM "work_tags" x WHERE x.entity_id = $5 AND x.work_id = "l"."work_id") LIMIT $6) x;
-- parameters: ["7251600000000001",[1,2],"2026-10-21","7251600000000002","7251600000000003",500]
