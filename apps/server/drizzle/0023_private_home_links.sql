-- Add to my home board now links an unlisted board, or one behind a password, in a private item:
-- a home board is listed, and a link there gave anyone who read it the unlisted board's address
-- (all that keeps it from them) or the description its password hides. Links it wrote before,
-- in the shape it writes them (its title in bold as a link to /owner/board at the item's start),
-- on their writer's own home board, become private too. Addresses with escaped characters (a
-- title in another script) are not matched.
UPDATE "items" SET "is_private" = true
FROM "multilists" home, "multilists" target
WHERE "items"."multilist_id" = home."id"
  AND home."ptitle" = 'home'
  AND "items"."author" = home."owner"
  AND "items"."annotation_class" = 'none'
  AND NOT "items"."is_private"
  AND (NOT target."listed" OR target."password_hash" IS NOT NULL)
  AND ARRAY[target."owner", target."ptitle"] = regexp_match(
    "items"."text",
    '^\*\*\[(?:\\.|[^]\\])*\]\(/([^/()\s%]+)/([^/()\s#;?%]+)\)\*\*'
  );
