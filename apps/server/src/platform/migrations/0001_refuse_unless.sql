-- A condition checked inside a statement (platform/db.ts refuseUnless): false or null aborts the
-- whole statement with SQLSTATE AM001 and the catalogue error code as its message, so work that
-- must be all or nothing can be one statement instead of a transaction of several.
CREATE FUNCTION shop_refuse_unless(ok boolean, code text) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION USING ERRCODE = 'AM001', MESSAGE = code;
  END IF;
  RETURN true;
END
$$;
