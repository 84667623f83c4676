DO BEGIN DECLARE N INTEGER; SELECT COUNT(*) INTO N FROM SYS.TRIGGERS WHERE SCHEMA_NAME = 'SALES' AND TRIGGER_NAME = 'SALES$Order "Lines" ü$ins'; IF :N > 0 THEN EXEC 'DROP TRIGGER "SALES"."SALES$Order ""Lines"" ü$ins"'; END IF; END;

DO BEGIN DECLARE N INTEGER; SELECT COUNT(*) INTO N FROM SYS.TRIGGERS WHERE SCHEMA_NAME = 'SALES' AND TRIGGER_NAME = 'SALES$Order "Lines" ü$upd'; IF :N > 0 THEN EXEC 'DROP TRIGGER "SALES"."SALES$Order ""Lines"" ü$upd"'; END IF; END;

DO BEGIN DECLARE N INTEGER; SELECT COUNT(*) INTO N FROM SYS.TRIGGERS WHERE SCHEMA_NAME = 'SALES' AND TRIGGER_NAME = 'SALES$Order "Lines" ü$del'; IF :N > 0 THEN EXEC 'DROP TRIGGER "SALES"."SALES$Order ""Lines"" ü$del"'; END IF; END;

DO BEGIN DECLARE N INTEGER; SELECT COUNT(*) INTO N FROM SYS.TABLES WHERE SCHEMA_NAME = 'CDC' AND TABLE_NAME = 'SALES$Order "Lines" ü$err'; IF :N > 0 THEN EXEC 'DROP TABLE "CDC"."SALES$Order ""Lines"" ü$err"'; END IF; END;

DO BEGIN DECLARE N INTEGER; SELECT COUNT(*) INTO N FROM SYS.TABLES WHERE SCHEMA_NAME = 'CDC' AND TABLE_NAME = 'SALES$Order "Lines" ü'; IF :N > 0 THEN EXEC 'DROP TABLE "CDC"."SALES$Order ""Lines"" ü"'; END IF; END;

DO BEGIN DECLARE N INTEGER; SELECT COUNT(*) INTO N FROM SYS.TABLES WHERE SCHEMA_NAME = 'CDC' AND TABLE_NAME = 'hanacdc_heartbeat'; IF :N > 0 THEN EXEC 'DROP TABLE "CDC"."hanacdc_heartbeat"'; END IF; END;

DO BEGIN DECLARE N INTEGER; SELECT COUNT(*) INTO N FROM SYS.TABLES WHERE SCHEMA_NAME = 'CDC' AND TABLE_NAME = 'hanacdc_subscription'; IF :N > 0 THEN EXEC 'DROP TABLE "CDC"."hanacdc_subscription"'; END IF; END;

DO BEGIN DECLARE N INTEGER; SELECT COUNT(*) INTO N FROM SYS.TABLES WHERE SCHEMA_NAME = 'CDC' AND TABLE_NAME = 'hanacdc_schema_history'; IF :N > 0 THEN EXEC 'DROP TABLE "CDC"."hanacdc_schema_history"'; END IF; END;

DO BEGIN DECLARE N INTEGER; SELECT COUNT(*) INTO N FROM SYS.TABLES WHERE SCHEMA_NAME = 'CDC' AND TABLE_NAME = 'hanacdc_capture'; IF :N > 0 THEN EXEC 'DROP TABLE "CDC"."hanacdc_capture"'; END IF; END;

DO BEGIN DECLARE N INTEGER; SELECT COUNT(*) INTO N FROM SYS.SEQUENCES WHERE SCHEMA_NAME = 'CDC' AND SEQUENCE_NAME = 'hanacdc_data_id'; IF :N > 0 THEN EXEC 'DROP SEQUENCE "CDC"."hanacdc_data_id"'; END IF; END;

SELECT TABLE_NAME FROM SYS.TABLES WHERE SCHEMA_NAME = ? AND IS_TEMPORARY = 'FALSE' AND IS_USER_DEFINED_TYPE = 'FALSE' AND TABLE_TYPE IN ('ROW', 'COLUMN') ORDER BY TABLE_NAME;

SELECT COLUMN_NAME, DATA_TYPE_NAME, LENGTH, SCALE, IS_NULLABLE, DEFAULT_VALUE FROM SYS.TABLE_COLUMNS WHERE SCHEMA_NAME = ? AND TABLE_NAME = ? ORDER BY POSITION;

SELECT COLUMN_NAME FROM SYS.CONSTRAINTS WHERE SCHEMA_NAME = ? AND TABLE_NAME = ? AND IS_PRIMARY_KEY = 'TRUE' ORDER BY POSITION;

SELECT COALESCE(SUM(RECORD_COUNT), 0) FROM SYS.M_TABLES WHERE SCHEMA_NAME = ? AND TABLE_NAME = ?;

SELECT DISTINCT UPDATE_TRANSACTION_ID FROM SYS.M_TRANSACTIONS WHERE UPDATE_TRANSACTION_ID > 0 AND (TRANSACTION_STATUS IS NULL OR TRANSACTION_STATUS <> 'INACTIVE') ORDER BY UPDATE_TRANSACTION_ID;

SELECT COUNT(*) FROM SYS.EFFECTIVE_PRIVILEGES WHERE USER_NAME = ? AND PRIVILEGE = 'CATALOG READ' AND IS_VALID = 'TRUE';

SELECT TRIGGER_NAME FROM SYS.TRIGGERS WHERE SUBJECT_TABLE_SCHEMA = ? AND SUBJECT_TABLE_NAME = ? AND IS_VALID = 'TRUE' AND IS_ENABLED = 'TRUE';

DO BEGIN DECLARE N INTEGER; SELECT COUNT(*) INTO N FROM SYS.TRIGGERS WHERE SCHEMA_NAME = 'SALES' AND TRIGGER_NAME = 'SALES$Order "Lines" ü$ins'; IF :N > 0 THEN EXEC 'DROP TRIGGER "SALES"."SALES$Order ""Lines"" ü$ins"'; END IF; END;

DO BEGIN DECLARE N INTEGER; SELECT COUNT(*) INTO N FROM SYS.TRIGGERS WHERE SCHEMA_NAME = 'SALES' AND TRIGGER_NAME = 'SALES$Order "Lines" ü$upd'; IF :N > 0 THEN EXEC 'DROP TRIGGER "SALES"."SALES$Order ""Lines"" ü$upd"'; END IF; END;

DO BEGIN DECLARE N INTEGER; SELECT COUNT(*) INTO N FROM SYS.TRIGGERS WHERE SCHEMA_NAME = 'SALES' AND TRIGGER_NAME = 'SALES$Order "Lines" ü$del'; IF :N > 0 THEN EXEC 'DROP TRIGGER "SALES"."SALES$Order ""Lines"" ü$del"'; END IF; END;

CREATE TRIGGER "SALES"."SALES$Order ""Lines"" ü$ins" AFTER INSERT ON "SALES"."Order ""Lines"" ü" REFERENCING NEW ROW "NEW" FOR EACH ROW BEGIN DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN INSERT INTO "CDC"."SALES$Order ""Lines"" ü$err" ("__$DATA_ID", "__$TRIGGER_ID", "__$TRANSACTION_ID", "__$CREATE_TIME", "__$OPERATION", "__$ERROR_CODE", "__$ERROR_MESSAGE", "select", "Line No") VALUES ("CDC"."hanacdc_data_id".NEXTVAL, 3, CURRENT_UPDATE_TRANSACTION(), CURRENT_UTCTIMESTAMP, 5, ::SQL_ERROR_CODE, LEFT(::SQL_ERROR_MESSAGE, 5000), :NEW."select", :NEW."Line No"); END; INSERT INTO "CDC"."SALES$Order ""Lines"" ü" ("__$DATA_ID", "__$TRIGGER_ID", "__$TRANSACTION_ID", "__$CREATE_TIME", "__$OPERATION", "select", "Line No", "qty", "price", "exact", "small", "text", "code", "doc", "raw", "day", "at", "sec", "flag", "shape", "emb") VALUES ("CDC"."hanacdc_data_id".NEXTVAL, 3, CURRENT_UPDATE_TRANSACTION(), CURRENT_UTCTIMESTAMP, 2, :NEW."select", :NEW."Line No", :NEW."qty", :NEW."price", :NEW."exact", :NEW."small", :NEW."text", :NEW."code", :NEW."doc", :NEW."raw", :NEW."day", :NEW."at", :NEW."sec", :NEW."flag", :NEW."shape", :NEW."emb"); END;

CREATE TRIGGER "SALES"."SALES$Order ""Lines"" ü$upd" AFTER UPDATE ON "SALES"."Order ""Lines"" ü" REFERENCING OLD ROW "OLD", NEW ROW "NEW" FOR EACH ROW BEGIN DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN INSERT INTO "CDC"."SALES$Order ""Lines"" ü$err" ("__$DATA_ID", "__$TRIGGER_ID", "__$TRANSACTION_ID", "__$CREATE_TIME", "__$OPERATION", "__$ERROR_CODE", "__$ERROR_MESSAGE", "select", "Line No") VALUES ("CDC"."hanacdc_data_id".NEXTVAL, 3, CURRENT_UPDATE_TRANSACTION(), CURRENT_UTCTIMESTAMP, 5, ::SQL_ERROR_CODE, LEFT(::SQL_ERROR_MESSAGE, 5000), :OLD."select", :OLD."Line No"); INSERT INTO "CDC"."SALES$Order ""Lines"" ü$err" ("__$DATA_ID", "__$TRIGGER_ID", "__$TRANSACTION_ID", "__$CREATE_TIME", "__$OPERATION", "__$ERROR_CODE", "__$ERROR_MESSAGE", "select", "Line No") VALUES ("CDC"."hanacdc_data_id".NEXTVAL, 3, CURRENT_UPDATE_TRANSACTION(), CURRENT_UTCTIMESTAMP, 5, ::SQL_ERROR_CODE, LEFT(::SQL_ERROR_MESSAGE, 5000), :NEW."select", :NEW."Line No"); END; IF NOT (:OLD."select" = :NEW."select" AND :OLD."Line No" = :NEW."Line No") THEN INSERT INTO "CDC"."SALES$Order ""Lines"" ü" ("__$DATA_ID", "__$TRIGGER_ID", "__$TRANSACTION_ID", "__$CREATE_TIME", "__$OPERATION", "select", "Line No", "qty", "price", "exact", "small", "text", "code", "doc", "raw", "day", "at", "sec", "flag", "shape", "emb") VALUES ("CDC"."hanacdc_data_id".NEXTVAL, 3, CURRENT_UPDATE_TRANSACTION(), CURRENT_UTCTIMESTAMP, 5, :OLD."select", :OLD."Line No", :OLD."qty", :OLD."price", :OLD."exact", :OLD."small", :OLD."text", :OLD."code", :OLD."doc", :OLD."raw", :OLD."day", :OLD."at", :OLD."sec", :OLD."flag", :OLD."shape", :OLD."emb"); END IF; INSERT INTO "CDC"."SALES$Order ""Lines"" ü" ("__$DATA_ID", "__$TRIGGER_ID", "__$TRANSACTION_ID", "__$CREATE_TIME", "__$OPERATION", "select", "Line No", "qty", "price", "exact", "small", "text", "code", "doc", "raw", "day", "at", "sec", "flag", "shape", "emb") VALUES ("CDC"."hanacdc_data_id".NEXTVAL, 3, CURRENT_UPDATE_TRANSACTION(), CURRENT_UTCTIMESTAMP, 4, :NEW."select", :NEW."Line No", :NEW."qty", :NEW."price", :NEW."exact", :NEW."small", :NEW."text", :NEW."code", :NEW."doc", :NEW."raw", :NEW."day", :NEW."at", :NEW."sec", :NEW."flag", :NEW."shape", :NEW."emb"); END;

CREATE TRIGGER "SALES"."SALES$Order ""Lines"" ü$del" AFTER DELETE ON "SALES"."Order ""Lines"" ü" REFERENCING OLD ROW "OLD" FOR EACH ROW BEGIN DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN INSERT INTO "CDC"."SALES$Order ""Lines"" ü$err" ("__$DATA_ID", "__$TRIGGER_ID", "__$TRANSACTION_ID", "__$CREATE_TIME", "__$OPERATION", "__$ERROR_CODE", "__$ERROR_MESSAGE", "select", "Line No") VALUES ("CDC"."hanacdc_data_id".NEXTVAL, 3, CURRENT_UPDATE_TRANSACTION(), CURRENT_UTCTIMESTAMP, 5, ::SQL_ERROR_CODE, LEFT(::SQL_ERROR_MESSAGE, 5000), :OLD."select", :OLD."Line No"); END; INSERT INTO "CDC"."SALES$Order ""Lines"" ü" ("__$DATA_ID", "__$TRIGGER_ID", "__$TRANSACTION_ID", "__$CREATE_TIME", "__$OPERATION", "select", "Line No", "qty", "price", "exact", "small", "text", "code", "doc", "raw", "day", "at", "sec", "flag", "shape", "emb") VALUES ("CDC"."hanacdc_data_id".NEXTVAL, 3, CURRENT_UPDATE_TRANSACTION(), CURRENT_UTCTIMESTAMP, 1, :OLD."select", :OLD."Line No", :OLD."qty", :OLD."price", :OLD."exact", :OLD."small", :OLD."text", :OLD."code", :OLD."doc", :OLD."raw", :OLD."day", :OLD."at", :OLD."sec", :OLD."flag", :OLD."shape", :OLD."emb"); END;

SELECT "CDC"."hanacdc_data_id".NEXTVAL FROM DUMMY;

WHERE (("select" > ?) OR ("select" = ? AND "Line No" > ?));

SELECT * FROM (SELECT "__$DATA_ID", "__$TRIGGER_ID", "__$TRANSACTION_ID", "__$CREATE_TIME", "__$OPERATION", "select", "Line No", "qty", "price", "exact", "small", "text", "code", "doc", "raw", "day", "at", "sec", "flag", "shape".ST_AsWKB(), TO_NVARCHAR("emb") FROM "CDC"."SALES$Order ""Lines"" ü" WHERE "__$DATA_ID" > 100 AND "__$DATA_ID" <= 250 AND "__$TRANSACTION_ID" NOT IN (9,12) AND "__$OPERATION" > 0 AND "__$TRIGGER_ID" <> 0 ORDER BY "__$DATA_ID" LIMIT 5000) f UNION ALL SELECT * FROM (SELECT "__$DATA_ID", "__$TRIGGER_ID", "__$TRANSACTION_ID", "__$CREATE_TIME", "__$OPERATION", "select", "Line No", "qty", "price", "exact", "small", "text", "code", "doc", "raw", "day", "at", "sec", "flag", "shape".ST_AsWKB(), TO_NVARCHAR("emb") FROM "CDC"."SALES$Order ""Lines"" ü" WHERE ("__$TRANSACTION_ID" IN (7)) AND "__$DATA_ID" > 0 AND "__$DATA_ID" <= 100 AND "__$OPERATION" > 0 AND "__$TRIGGER_ID" <> 0 ORDER BY "__$DATA_ID" LIMIT 5000) h ORDER BY "__$DATA_ID" LIMIT 5000;

SELECT "__$DATA_ID", "__$TRIGGER_ID", "__$TRANSACTION_ID", "__$CREATE_TIME", "__$OPERATION", "select", "Line No", "qty", "price", "exact", "small", "text", "code", "doc", "raw", "day", "at", "sec", "flag", "shape".ST_AsWKB(), TO_NVARCHAR("emb") FROM "CDC"."SALES$Order ""Lines"" ü" WHERE "__$DATA_ID" > 100 AND "__$DATA_ID" <= 250 AND "__$OPERATION" > 0 AND "__$TRIGGER_ID" <> 0 ORDER BY "__$DATA_ID" LIMIT 5000;
