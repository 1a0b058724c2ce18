-- Where the hosted flow sends the end user back when it has finished (redirect mode), set by the merchant
-- at creation (POST /v1/verifications `return_url`); NULL when none was given.
ALTER TABLE verifications ADD COLUMN return_url text;
