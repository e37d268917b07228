-- The due date a course link's line item was last given (its endDateTime): '' none, null never set.
ALTER TABLE "lti_links" ADD COLUMN "line_item_due" text;
