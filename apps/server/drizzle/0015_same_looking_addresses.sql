-- Addresses of titles that look the same are one address (core pathTitle: NFKC, characters that
-- show nothing dropped, Turkish İ as i). Addresses made before are brought to that form, so a link
-- typed either way finds the board. Where boards of one owner would meet at one address, the
-- oldest takes it and each other one gets the address with its id's first 8 characters after it.
WITH fresh AS (
	SELECT m.id, m.owner, m.ptitle, m.created,
		lower(replace(regexp_replace(normalize(m.ptitle, NFKC), '[\u034F\uFE00-\uFE0F]', '', 'g'), U&'i\0307', 'i')) AS ptitle_new
	FROM multilists m
), ranked AS (
	SELECT f.id, f.ptitle_new,
		row_number() OVER (PARTITION BY f.owner, f.ptitle_new ORDER BY f.created, f.id) AS n,
		EXISTS (SELECT 1 FROM multilists o WHERE o.owner = f.owner AND o.ptitle = f.ptitle_new) AS taken
	FROM fresh f
	WHERE f.ptitle_new <> f.ptitle AND f.ptitle_new <> ''
)
UPDATE multilists m
SET ptitle = CASE WHEN r.n = 1 AND NOT r.taken THEN r.ptitle_new ELSE r.ptitle_new || '-' || left(m.id::text, 8) END
FROM ranked r WHERE m.id = r.id;
--> statement-breakpoint
-- An old address that now means another board, or another old address, is let go.
WITH fresh AS (
	SELECT b.owner, b.ptitle, b.created,
		lower(replace(regexp_replace(normalize(b.ptitle, NFKC), '[\u034F\uFE00-\uFE0F]', '', 'g'), U&'i\0307', 'i')) AS ptitle_new
	FROM board_moves b
), ranked AS (
	SELECT f.owner, f.ptitle, f.ptitle_new,
		row_number() OVER (PARTITION BY f.owner, f.ptitle_new ORDER BY f.created DESC) AS n,
		EXISTS (SELECT 1 FROM board_moves o WHERE o.owner = f.owner AND o.ptitle = f.ptitle_new)
			OR EXISTS (SELECT 1 FROM multilists m WHERE m.owner = f.owner AND m.ptitle = f.ptitle_new) AS taken
	FROM fresh f
	WHERE f.ptitle_new <> f.ptitle
)
DELETE FROM board_moves b USING ranked r
WHERE b.owner = r.owner AND b.ptitle = r.ptitle AND (r.n > 1 OR r.taken OR r.ptitle_new = '');
--> statement-breakpoint
UPDATE board_moves b
SET ptitle = lower(replace(regexp_replace(normalize(b.ptitle, NFKC), '[\u034F\uFE00-\uFE0F]', '', 'g'), U&'i\0307', 'i'))
WHERE b.ptitle <> lower(replace(regexp_replace(normalize(b.ptitle, NFKC), '[\u034F\uFE00-\uFE0F]', '', 'g'), U&'i\0307', 'i'));
