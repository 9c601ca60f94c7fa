ALTER TABLE "api_key_usage" DROP CONSTRAINT "api_key_usage_api_key_id_api_keys_id_fk";
