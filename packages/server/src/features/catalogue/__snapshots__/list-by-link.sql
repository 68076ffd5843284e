-- listByLink: works of an entity, further entities probed

-- performer alone; every channel
SELECT w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (
  SELECT l.work_id, l.pub_date FROM "work_performers" l
  WHERE l.entity_id = $1 AND NOT "l"."hidden"
  ORDER BY l.pub_date DESC, l.work_id DESC LIMIT $2 OFFSET $3
) p JOIN works w ON w.id = p.work_id
ORDER BY p.pub_date DESC, p.work_id DESC;
-- parameters: ["7251600000000001",24,0]

-- tag and a maker; channels 2, since 2026-10-21, with magnets
SELECT w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (
  SELECT l.work_id, l.pub_date FROM "work_tags" l
  WHERE l.entity_id = $1 AND NOT "l"."hidden" AND "l"."channel" = $2 AND "l"."pub_date" >= $3::date AND "l"."has_magnet" AND EXISTS (SELECT 1 FROM "work_makers" x WHERE x.entity_id = $4 AND x.work_id = "l"."work_id")
  ORDER BY l.pub_date DESC, l.work_id DESC LIMIT $5 OFFSET $6
) p JOIN works w ON w.id = p.work_id
ORDER BY p.pub_date DESC, p.work_id DESC;
-- parameters: ["7251600000000001",2,"2026-10-21","7251600000000002",24,48]

-- series, a director and a tag; channels 1,3
SELECT w.id, w.number, w.title, w.pub_date, w.pic_small, w.pic_big, w.channel, w.is_online, w.has_magnet FROM (
  SELECT l.work_id, l.pub_date FROM "work_series" l
  WHERE l.entity_id = $1 AND NOT "l"."hidden" AND "l"."channel" = ANY($2::smallint[]) AND EXISTS (SELECT 1 FROM "work_directors" x WHERE x.entity_id = $3 AND x.work_id = "l"."work_id") AND EXISTS (SELECT 1 FROM "work_tags" x WHERE x.entity_id = $4 AND x.work_id = "l"."work_id")
  ORDER BY l.pub_date DESC, l.work_id DESC LIMIT $5 OFFSET $6
) p JOIN works w ON w.id = p.work_id
ORDER BY p.pub_date DESC, p.work_id DESC;
-- parameters: ["7251600000000001",[1,3],"7251600000000002","7251600000000003",24,0]
