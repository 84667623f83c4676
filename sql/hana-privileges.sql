-- A least-privilege SAP HANA user for hana-cdc. Run as a user administrator after replacing:
--   CDC_USER  the user hana-cdc connects as (hanacdc.source.user)
--   SRC       the schema of the replicated tables (repeat the SRC grants per schema, or grant per table)
--   HANACDC   the CDC schema (hanacdc.cdc-schema; its default on SAP HANA is HANACDC, as written here; if you set
--             another name, write it here as set: unquoted when it is upper case, in double quotes otherwise)
-- Review what hana-cdc will create with: java -jar hana-cdc.jar install --print-sql

CREATE USER CDC_USER PASSWORD "Change-me-1" NO FORCE_FIRST_PASSWORD_CHANGE;

-- The CDC schema belongs to the hana-cdc user: the sequence, the CDC tables, the capture-error tables
-- and the registry live there. (Without this, hana-cdc needs CREATE SCHEMA and creates it itself.)
-- An existing schema is never dropped by 'uninstall'.
CREATE SCHEMA HANACDC OWNED BY CDC_USER;

-- Read the source tables: initial load, keys-only capture, and re-reading keys whose capture failed.
GRANT SELECT ON SCHEMA SRC TO CDC_USER;          -- or per table: GRANT SELECT ON SRC.ORDERS TO CDC_USER;

-- Create and drop the capture triggers on the source tables (the triggers live in the table's schema).
GRANT TRIGGER ON SCHEMA SRC TO CDC_USER;         -- or per table: GRANT TRIGGER ON SRC.ORDERS TO CDC_USER;

-- See every open write transaction in M_TRANSACTIONS (the "A" of the watermark). Without it hana-cdc
-- says so at startup and falls back to the slower gap-probe watermark (hanacdc.watermark=auto).
GRANT CATALOG READ TO CDC_USER;

-- Only if application users' writes fail with "insufficient privilege" on HANACDC objects: SAP's
-- reference does not say whether trigger bodies run with the trigger owner's rights; the probe
-- 'writer rights' of "bin/hana-cdc check --writer-user <application user>" shows it. Then let the
-- writing users (or a role they have) insert capture rows and take sequence values:
-- GRANT INSERT ON SCHEMA HANACDC TO <application role>;
-- GRANT SELECT ON HANACDC."hanacdc_data_id" TO <application role>;
