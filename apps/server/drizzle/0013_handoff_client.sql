-- The browser a hand-off was made for (a hash of its address and user agent): the link opens
-- the board there only (routes/lti.ts, /lti/open).
ALTER TABLE "lti_states" ADD COLUMN "client" text;