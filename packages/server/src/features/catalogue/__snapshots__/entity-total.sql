-- entityTotal: one entity's visible works in a scope

-- performer; every channel
SELECT coalesce(sum(works), 0) AS n FROM entity_work_counts
      WHERE kind = $1 AND entity_id = $2;
-- parameters: ["performer","7251600000000001"]

-- performer; every channel, with magnets
SELECT coalesce(sum(with_magnet), 0) AS n FROM entity_work_counts
      WHERE kind = $1 AND entity_id = $2;
-- parameters: ["performer","7251600000000001"]

-- performer; every channel, since 2026-10-21
SELECT count(*) AS n FROM "work_performers" l WHERE l.entity_id = $1 AND NOT "l"."hidden" AND "l"."pub_date" >= $2::date;
-- parameters: ["7251600000000001","2026-10-21"]

-- performer; every channel, since 2026-10-21, with magnets
SELECT count(*) AS n FROM "work_performers" l WHERE l.entity_id = $1 AND NOT "l"."hidden" AND "l"."pub_date" >= $2::date AND "l"."has_magnet";
-- parameters: ["7251600000000001","2026-10-21"]

-- performer; channels 1
SELECT coalesce(sum(works), 0) AS n FROM entity_work_counts
      WHERE kind = $1 AND entity_id = $2 AND channel = $3;
-- parameters: ["performer","7251600000000001",1]

-- performer; channels 1, with magnets
SELECT coalesce(sum(with_magnet), 0) AS n FROM entity_work_counts
      WHERE kind = $1 AND entity_id = $2 AND channel = $3;
-- parameters: ["performer","7251600000000001",1]

-- performer; channels 1, since 2026-10-21
SELECT count(*) AS n FROM "work_performers" l WHERE l.entity_id = $1 AND NOT "l"."hidden" AND "l"."channel" = $2 AND "l"."pub_date" >= $3::date;
-- parameters: ["7251600000000001",1,"2026-10-21"]

-- performer; channels 1, since 2026-10-21, with magnets
SELECT count(*) AS n FROM "work_performers" l WHERE l.entity_id = $1 AND NOT "l"."hidden" AND "l"."channel" = $2 AND "l"."pub_date" >= $3::date AND "l"."has_magnet";
-- parameters: ["7251600000000001",1,"2026-10-21"]

-- performer; channels 1,2
SELECT coalesce(sum(works), 0) AS n FROM entity_work_counts
      WHERE kind = $1 AND entity_id = $2 AND channel = ANY($3::smallint[]);
-- parameters: ["performer","7251600000000001",[1,2]]

-- performer; channels 1,2, with magnets
SELECT coalesce(sum(with_magnet), 0) AS n FROM entity_work_counts
      WHERE kind = $1 AND entity_id = $2 AND channel = ANY($3::smallint[]);
-- parameters: ["performer","7251600000000001",[1,2]]

-- performer; channels 1,2, since 2026-10-21
SELECT count(*) AS n FROM "work_performers" l WHERE l.entity_id = $1 AND NOT "l"."hidden" AND "l"."channel" = ANY($2::smallint[]) AND "l"."pub_date" >= $3::date;
-- parameters: ["7251600000000001",[1,2],"2026-10-21"]

-- performer; channels 1,2, since 2026-10-21, with magnets
SELECT count(*) AS n FROM "work_performers" l WHERE l.entity_id = $1 AND NOT "l"."hidden" AND "l"."channel" = ANY($2::smallint[]) AND "l"."pub_date" >= $3::date AND "l"."has_magnet";
-- parameters: ["7251600000000001",[1,2],"2026-10-21"]

-- tag; every channel, since 2026-10-21
SELECT
      (SELECT coalesce(sum(works), 0) FROM tag_month_counts WHERE tag_id = $1 AND month > $2::date)
      + (SELECT count(*) FROM "work_tags" l WHERE l.entity_id = $3 AND NOT "l"."hidden" AND "l"."pub_date" >= $4::date
          AND l.pub_date < (date_trunc('month', $5::timestamp) + interval '1 month')::date)
    AS n;
-- parameters: ["7251600000000001","2026-10-21","7251600000000001","2026-10-21","2026-10-21"]

-- tag; every channel, since 2026-10-21, with magnets
SELECT
      (SELECT coalesce(sum(with_magnet), 0) FROM tag_month_counts WHERE tag_id = $1 AND month > $2::date)
      + (SELECT count(*) FROM "work_tags" l WHERE l.entity_id = $3 AND NOT "l"."hidden" AND "l"."pub_date" >= $4::date AND "l"."has_magnet"
          AND l.pub_date < (date_trunc('month', $5::timestamp) + interval '1 month')::date)
    AS n;
-- parameters: ["7251600000000001","2026-10-21","7251600000000001","2026-10-21","2026-10-21"]

-- tag; channels 1, since 2026-10-21
SELECT
      (SELECT coalesce(sum(works), 0) FROM tag_month_counts WHERE tag_id = $1 AND channel = $2 AND month > $3::date)
      + (SELECT count(*) FROM "work_tags" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = $5 AND "l"."pub_date" >= $6::date
          AND l.pub_date < (date_trunc('month', $7::timestamp) + interval '1 month')::date)
    AS n;
-- parameters: ["7251600000000001",1,"2026-10-21","7251600000000001",1,"2026-10-21","2026-10-21"]

-- tag; channels 1, since 2026-10-21, with magnets
SELECT
      (SELECT coalesce(sum(with_magnet), 0) FROM tag_month_counts WHERE tag_id = $1 AND channel = $2 AND month > $3::date)
      + (SELECT count(*) FROM "work_tags" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = $5 AND "l"."pub_date" >= $6::date AND "l"."has_magnet"
          AND l.pub_date < (date_trunc('month', $7::timestamp) + interval '1 month')::date)
    AS n;
-- parameters: ["7251600000000001",1,"2026-10-21","7251600000000001",1,"2026-10-21","2026-10-21"]

-- tag; channels 1,2, since 2026-10-21
SELECT
      (SELECT coalesce(sum(works), 0) FROM tag_month_counts WHERE tag_id = $1 AND channel = ANY($2::smallint[]) AND month > $3::date)
      + (SELECT count(*) FROM "work_tags" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = ANY($5::smallint[]) AND "l"."pub_date" >= $6::date
          AND l.pub_date < (date_trunc('month', $7::timestamp) + interval '1 month')::date)
    AS n;
-- parameters: ["7251600000000001",[1,2],"2026-10-21","7251600000000001",[1,2],"2026-10-21","2026-10-21"]

-- tag; channels 1,2, since 2026-10-21, with magnets
SELECT
      (SELECT coalesce(sum(with_magnet), 0) FROM tag_month_counts WHERE tag_id = $1 AND channel = ANY($2::smallint[]) AND month > $3::date)
      + (SELECT count(*) FROM "work_tags" l WHERE l.entity_id = $4 AND NOT "l"."hidden" AND "l"."channel" = ANY($5::smallint[]) AND "l"."pub_date" >= $6::date AND "l"."has_magnet"
          AND l.pub_date < (date_trunc('month', $7::timestamp) + interval '1 month')::date)
    AS n;
-- parameters: ["7251600000000001",[1,2],"2026-10-21","7251600000000001",[1,2],"2026-10-21","2026-10-21"]
